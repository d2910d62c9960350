import Database from 'libsql';
import { eventsWith } from '../events';
import { ensureCaptchaTables } from '../../stores/libsql-schema';
import { createLibsqlStore } from '../../stores/libsql-store';
import { networkOf } from '../networks/address-blocks';
import type { NetworkKind } from '../networks/network-kind';
import type { OperatorSwitches } from './level-decision';
import { createDifficulty, type LevelVerdict } from './engine';
import type { Level } from './levels';
import { SITE_FLOOR, SITE_SHARE_PER_NETWORK } from '../policy';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NO_SWITCHES: OperatorSwitches = { underAttack: null, peopleFirst: null };

/** A difficulty over a fresh embedded store, on a clock the test moves; its level changes recorded. */
function setUp({ holdout = 0, random = () => 0.5, switches = NO_SWITCHES, pinned = null }: { holdout?: number; random?: () => number; switches?: OperatorSwitches; pinned?: Level | null } = {}) {
  const db = new Database(':memory:');
  ensureCaptchaTables(db);
  const clock = { at: Date.UTC(2026, 10, 25, 8) };
  const store = createLibsqlStore(db, 'k'.repeat(32), () => clock.at);
  const changes: { entity: string; from: Level; to: Level; at: number }[] = [];
  const current = { switches };
  const difficulty = createDifficulty({
    signals: store.signals,
    switches: () => current.switches,
    holdout,
    random,
    pinned,
    events: eventsWith({ levelChanged: (entity, from, to) => changes.push({ entity, from, to, at: clock.at }) }),
    onError: (error) => {
      throw error;
    },
  });
  /** A challenge from `ip` (its network of `kind`) now, answered (passed or not) when `answer` says. */
  const visit = async (ip: string, answer?: 'pass' | 'fail', kind: NetworkKind = 'unknown', network = networkOf(ip)): Promise<LevelVerdict> => {
    const verdict = (await difficulty.challenge(ip, { network, kind }, clock.at)).verdict;
    if (answer) await difficulty.answered(ip, network, kind, answer, clock.at);
    return verdict;
  };
  /** Lets the site's reading (started off the request's path) finish. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { db, clock, difficulty, changes, visit, settle, current };
}

const levelOf = (verdict: LevelVerdict) => verdict.level;

describe('a visitor\'s level', () => {
  it('is 0 with the plain picture for a person, and nothing is kept about them', async () => {
    const { db, visit } = setUp();
    const verdict = await visit('198.51.100.7', 'pass');
    expect(verdict).toMatchObject({ level: 0, picture: 'plain', holdout: false, policy: { workFactor: 1 } });
    expect(db.prepare("SELECT count(*) AS n FROM captcha_levels WHERE key LIKE 'level:%'").get()).toMatchObject({ n: 0 });
  });

  it('rises to 2 within 60 s for a /24 whose rotating addresses pass a puzzle every second', async () => {
    const { clock, visit, changes } = setUp();
    const start = clock.at;
    let verdict: LevelVerdict | null = null;
    for (let i = 0; i < 80; i += 1) {
      verdict = await visit(`198.51.100.${(i % 250) + 1}`, i % 3 === 0 ? 'fail' : 'pass');
      if (verdict.level >= 2) break;
      clock.at += SECOND;
    }
    expect(verdict!.level).toBe(2);
    expect(clock.at - start).toBeLessThanOrEqual(60 * SECOND);
    expect(changes.filter(({ entity }) => entity === 'network').map(({ to }) => to)).toEqual([1, 2]);
  });

  it('goes to 2 at once on hard evidence: a network failing most of many answers', async () => {
    const { clock, visit } = setUp();
    for (let i = 0; i < 25; i += 1) {
      await visit(`203.0.113.${i + 1}`, 'fail');
      clock.at += 20 * SECOND; // slow: no rate is hot, only the failures
    }
    expect(await visit('203.0.113.200')).toMatchObject({ level: 2, picture: 'guarded', policy: { workFactor: 10 } });
  });

  it('keeps a carrier /24 and its NAT address at 0 through a campaign: 60 people a minute, most passing', async () => {
    const { clock, visit, changes } = setUp();
    for (let i = 0; i < 600; i += 1) {
      // Half of them behind one NAT address; one in six fails once.
      const ip = i % 2 === 0 ? '36.128.5.1' : `36.128.5.${(i % 250) + 2}`;
      expect(levelOf(await visit(ip, i % 6 === 0 ? 'fail' : 'pass', 'carrier'))).toBe(0);
      clock.at += SECOND;
    }
    expect(changes).toEqual([]);
  });

  it('raises a carrier /24 whose passes run past a campaign\'s: 120 a minute, every one right, reaches the guarded picture within ten minutes', async () => {
    const { clock, visit, changes } = setUp();
    let level = 0;
    let minutes = 0;
    for (let i = 0; i < 1200 && level < 2; i += 1) {
      level = levelOf(await visit(`36.128.7.${(i % 250) + 1}`, 'pass', 'carrier'));
      clock.at += SECOND / 2;
      minutes = i / 120;
    }
    expect(level).toBe(2);
    expect(minutes).toBeLessThan(10);
    expect(minutes).toBeGreaterThan(5); // 900 passes first: what no campaign brings one /24 in ten minutes
    expect(changes.filter(({ entity }) => entity === 'network').map(({ to }) => to)).toEqual([1, 2]);
  });

  it('raises a carrier /24 on failures alone: most of many answers failed', async () => {
    const { clock, visit } = setUp();
    for (let i = 0; i < 40; i += 1) {
      await visit(`36.128.6.${i + 1}`, 'fail', 'carrier');
      clock.at += 5 * SECOND;
    }
    expect(levelOf(await visit('36.128.6.200', undefined, 'carrier'))).toBeGreaterThanOrEqual(2);
  });

  it('starts a hosting network escalated: the guarded picture and more work from its first challenge', async () => {
    const { visit } = setUp();
    expect(await visit('8.130.1.2', undefined, 'hosting', 'as:37963')).toMatchObject({ level: 2, picture: 'guarded', policy: { workFactor: 10 } });
  });

  it("counts an answer to no live puzzle against the sender's address alone: its network's neighbours stay at 0", async () => {
    const { clock, difficulty, visit } = setUp();
    for (let i = 0; i < 21; i += 1) {
      // 21 answers to ids never issued, from 21 /64s of one /48.
      await difficulty.answered(`2001:db8:5:${i}::/64`, null, 'unknown', 'fail', clock.at);
      clock.at += SECOND;
    }
    expect(levelOf(await visit('2001:db8:5:99::/64', undefined, 'unknown', '2001:db8:5::/48'))).toBe(0);
  });

  it('steps down 15 minutes after the attack ends, and again 15 later, even when the attacker is silent', async () => {
    const { clock, visit } = setUp();
    for (let i = 0; i < 20; i += 1) {
      await visit(`198.51.100.${i + 1}`, 'fail');
      clock.at += 2 * SECOND;
    }
    expect(levelOf(await visit('198.51.100.77'))).toBe(2); // hard evidence: 20 answers, all failed
    clock.at += 16 * MINUTE;
    expect(levelOf(await visit('198.51.100.78'))).toBe(1);
    clock.at += 16 * MINUTE;
    expect(levelOf(await visit('198.51.100.79'))).toBe(0);
  });
});

describe('the site floor', () => {
  it('stays at 0 through an ad burst of 400 visitors from 400 networks within seconds', async () => {
    const { clock, visit, settle, difficulty } = setUp();
    const verdicts: LevelVerdict[] = [];
    for (let i = 0; i < 400; i += 1) {
      verdicts.push(await visit(`10.${Math.floor(i / 200)}.${i % 200}.1`, 'pass'));
      clock.at += 25; // 400 in 10 s
    }
    for (let t = 0; t < 3 * MINUTE; t += 10 * SECOND) {
      clock.at += 10 * SECOND;
      verdicts.push(await visit(`172.16.${t / 10_000}.1`));
      await settle();
    }
    expect(verdicts.every((verdict) => verdict.level === 0)).toBe(true);
    expect(difficulty.siteLevel()).toBe(0);
  });

  /** Three minutes of 300 challenges a minute from `networks` /24s, answered with work (`answer`) or left bare. */
  const surge = async ({ clock, visit, settle }: ReturnType<typeof setUp>, networks: number, answer?: 'pass' | 'fail') => {
    for (let minute = 0; minute < 3; minute += 1) {
      for (let i = 0; i < 300; i += 1) {
        await visit(`100.${64 + (i % networks)}.0.${(i % 200) + 1}`, answer);
        clock.at += 200;
        await settle();
      }
    }
  };

  it('rises to 1, never more, for everyone when the site surges from forty networks answering with work, and a person then gets level 1', async () => {
    const run = setUp();
    await surge(run, 40, 'fail');
    expect(run.difficulty.siteLevel()).toBe(1);
    expect(levelOf(await run.visit('198.51.100.5'))).toBe(1);
  });

  it('stays at 0 through bare fetches from forty networks: a fetch costs nothing, and moves nobody\'s floor', async () => {
    const run = setUp();
    await surge(run, 40);
    expect(run.difficulty.siteLevel()).toBe(0);
  });

  it('stays at 0 through a campaign from a dozen carrier /24s: their challenges are people', async () => {
    const run = setUp();
    for (let minute = 0; minute < 3; minute += 1) {
      for (let i = 0; i < 300; i += 1) {
        await run.visit(`36.128.${i % 12}.${(i % 200) + 1}`, 'pass', 'carrier');
        run.clock.at += 200;
        await run.settle();
      }
    }
    expect(run.difficulty.siteLevel()).toBe(0);
  });

  it(`stays at 0 when fewer than ${SITE_FLOOR.minPerMinute / SITE_SHARE_PER_NETWORK} networks flood it with answers: each counts up to its share`, async () => {
    const run = setUp();
    await surge(run, SITE_FLOOR.minPerMinute / SITE_SHARE_PER_NETWORK - 1, 'fail');
    expect(run.difficulty.siteLevel()).toBe(0);
    expect(levelOf(await run.visit('198.51.100.5'))).toBe(0);
  });
});

describe('the operator\'s switches and the holdout', () => {
  it('puts "under attack" under everyone not known good until its end, and caps everyone with "people first"', async () => {
    const { clock, visit, current } = setUp();
    await visit('198.51.100.1', 'pass'); // known good: passed, failed nothing since
    current.switches = { underAttack: { floor: 2, until: clock.at + 10 * MINUTE }, peopleFirst: null };
    expect(levelOf(await visit('203.0.113.1'))).toBe(2);
    expect(levelOf(await visit('198.51.100.1'))).toBe(0);
    clock.at += 10 * MINUTE;
    expect(levelOf(await visit('203.0.113.2'))).toBe(0);
    current.switches = { underAttack: { floor: 3, until: clock.at + MINUTE }, peopleFirst: { cap: 1, until: clock.at + MINUTE } };
    expect(levelOf(await visit('203.0.113.3'))).toBe(1);
  });

  it('gives the holdout\'s share of level-0 challenges the guarded picture, and marks them', async () => {
    const draws = [0.01, 0.5, 0.019, 0.9];
    const { visit } = setUp({ holdout: 0.02, random: () => draws.shift() ?? 0.5 });
    const pictures = [];
    for (let i = 0; i < 4; i += 1) pictures.push(await visit(`198.51.${i}.1`));
    expect(pictures.map((verdict) => [verdict.picture, verdict.holdout])).toEqual([['guarded', true], ['plain', false], ['guarded', true], ['plain', false]]);
  });

  // That a pinned level applies no quota of its level (the passes are bounded where they are made) is pinned in policy-table.test.ts.
  it('pins one level for everyone when told to: no holdout, whatever the evidence', async () => {
    const pinnedAt0 = setUp({ pinned: 0, holdout: 0.5, random: () => 0 });
    for (let i = 0; i < 60; i += 1) {
      expect(await pinnedAt0.visit(`192.0.2.${(i % 250) + 1}`, 'pass')).toMatchObject({ level: 0, picture: 'plain', holdout: false });
      pinnedAt0.clock.at += 500;
    }
    const pinnedAt2 = setUp({ pinned: 2 });
    expect(await pinnedAt2.visit('198.51.100.7')).toMatchObject({ level: 2, picture: 'guarded', policy: { workFactor: 10 } });
  });
});

