import type { PassFacts } from '@game-register/gateway';
import { CLUSTER, concerns, judge, LATE_MS, NEAR_FLOOR_MS, rejudge, REJUDGE_WINDOW_MS } from './verdict';

const pass = (facts: Partial<PassFacts> = {}): PassFacts => ({
  level: 0,
  picture: 'plain',
  path: 'drag',
  answeredInMs: 6000,
  fitsMs: 1100,
  network: '203.0.113.0/24',
  kind: 'carrier',
  asn: 9808,
  site: 0,
  carriers: 0,
  campaign: null,
  underAttack: false,
  cause: 'none',
  ...facts,
});

describe('the verdict on a registration', () => {
  it('is clear for a person at level 0 on a calm site, and without a pass (strict mode off)', () => {
    expect(judge(pass(), 1)).toEqual({ verdict: 'clear', reasons: [] });
    expect(judge(null, 1)).toEqual({ verdict: 'clear', reasons: [] });
  });

  it('is suspect when its own network had been judged under attack (level 3), or it came from a hosting AS', () => {
    expect(judge(pass({ level: 3, picture: 'guarded', cause: 'own' }), 1)).toEqual({ verdict: 'suspect', reasons: ['own_level_attacked'] });
    expect(judge(pass({ level: 2, kind: 'hosting', cause: 'kind' }), 1)).toEqual({ verdict: 'suspect', reasons: ['hosting_as'] });
  });

  it('asks for review at level 1 or 2 by its own answers, in a carriers surge with no campaign, under the attack switch, 无障碍验证 when raised', () => {
    expect(judge(pass({ level: 1, cause: 'own' }), 1)).toEqual({ verdict: 'review', reasons: ['own_level_raised'] });
    expect(judge(pass({ level: 2, picture: 'guarded', cause: 'own' }), 1)).toEqual({ verdict: 'review', reasons: ['own_level_guarded'] });
    expect(judge(pass({ level: 1, carriers: 1, cause: 'carriers' }), 1)).toEqual({ verdict: 'review', reasons: ['carriers_surge'] });
    expect(judge(pass({ level: 2, underAttack: true, cause: 'under_attack' }), 1)).toEqual({
      verdict: 'review',
      reasons: ['under_attack'],
    });
    expect(judge(pass({ level: 1, path: 'accessible', picture: 'none', cause: 'kind' }), 1).reasons).toEqual(['accessible_raised']);
  });

  it('leaves a carriers surge the operator announced as a campaign (switch on) clear', () => {
    expect(judge(pass({ carriers: 1, campaign: 1 }), 1)).toEqual({ verdict: 'clear', reasons: [] });
  });

  it('asks for review of an answer within NEAR_FLOOR_MS of the least a person takes, not one a moment slower', () => {
    expect(judge(pass({ answeredInMs: 1100 + NEAR_FLOOR_MS - 1 }), 1).reasons).toEqual(['answer_near_floor']);
    expect(judge(pass({ answeredInMs: 1100 + NEAR_FLOOR_MS }), 1).reasons).toEqual([]);
  });

  it("asks for review from a cluster's size of registrations from one network within its window: a carrier's larger, none in a campaign", () => {
    expect(judge(pass({ kind: 'unknown' }), CLUSTER.review - 1).verdict).toBe('clear');
    expect(judge(pass({ kind: 'unknown' }), CLUSTER.review)).toEqual({ verdict: 'review', reasons: ['cluster'] });
    expect(judge(null, CLUSTER.review)).toEqual({ verdict: 'review', reasons: ['cluster'] });
    expect(judge(pass(), CLUSTER.carrierReview - 1).verdict).toBe('clear');
    expect(judge(pass(), CLUSTER.carrierReview)).toEqual({ verdict: 'review', reasons: ['cluster'] });
    expect(judge(pass({ campaign: 0 }), 10 * CLUSTER.carrierReview).verdict).toBe('clear');
  });
});

describe('a verdict judged again afterwards', () => {
  const entry = { network: '203.0.113.0/24', kind: 'carrier', at: 1_000_000 };

  it('asks for review when its network rose to the guarded picture within REJUDGE_WINDOW_MS after it, is suspect when to level 3, and never goes down', () => {
    const rose = { event: 'network_rose' as const, network: entry.network, level: 3, at: entry.at + REJUDGE_WINDOW_MS };
    expect(rejudge({ verdict: 'clear', reasons: [] }, { ...rose, level: 2 })).toEqual({ verdict: 'review', reasons: ['network_rose'] });
    expect(concerns(rose, entry)).toBe(true);
    expect(concerns({ ...rose, at: entry.at + REJUDGE_WINDOW_MS + 1 }, entry)).toBe(false);
    // A registration written after the rise, its pass from before it (a token lives LATE_MS): judged with it.
    expect(concerns({ ...rose, at: entry.at - LATE_MS }, entry)).toBe(true);
    expect(concerns({ ...rose, at: entry.at - LATE_MS - 1 }, entry)).toBe(false);
    expect(concerns({ event: 'cluster', network: entry.network, at: entry.at - 1 }, entry)).toBe(false);
    expect(concerns({ ...rose, network: '198.51.100.0/24' }, entry)).toBe(false);
    expect(concerns({ ...rose, level: 1 }, entry)).toBe(false);
    expect(rejudge({ verdict: 'review', reasons: ['answer_near_floor'] }, rose)).toEqual({
      verdict: 'suspect',
      reasons: ['answer_near_floor', 'network_attacked'],
    });
    expect(
      rejudge({ verdict: 'suspect', reasons: ['hosting_as'] }, { event: 'cluster', network: entry.network, at: entry.at }).verdict,
    ).toBe('suspect');
  });

  it("asks for review of every carrier registration within the window before the carriers' floor rose, and no other kind's", () => {
    const surge = { event: 'carriers_rose' as const, at: entry.at + 60_000 };
    expect(concerns(surge, entry)).toBe(true);
    expect(concerns(surge, { ...entry, kind: 'unknown' })).toBe(false);
    expect(rejudge({ verdict: 'clear', reasons: [] }, surge)).toEqual({ verdict: 'review', reasons: ['surge_before_floor'] });
  });
});
