// An address refused a moment ago is refused again from the instance's memory, with no store round trip, for as
// long as the store would refuse it: a flood from one address costs the store nothing past its first refusal.
import Database from 'libsql';
import { admission, isRefusal, REFUSED_REMEMBERED } from './admission';
import { createDifficulty } from './difficulty';
import { eventsWith } from '../rules/events';
import { ensureCaptchaTables } from '../../stores/libsql-schema';
import { createLibsqlStore } from '../../stores/libsql-store';
import { networkOf } from '../rules/networks/address-blocks';
import type { NetworkKind } from '../rules/networks/network-kind';
import { ADDRESS_FETCHES, FAILURES_BEFORE_LOCK, LOCK_MS } from '../rules/policy';

function setUp() {
  const db = new Database(':memory:');
  ensureCaptchaTables(db);
  const clock = { at: Date.UTC(2026, 10, 29, 8) };
  const raw = createLibsqlStore(db, 'k'.repeat(32), () => clock.at);
  const asked = { admitChallenge: 0 };
  const store = {
    ...raw,
    admitChallenge: (...args: Parameters<typeof raw.admitChallenge>) => ((asked.admitChallenge += 1), raw.admitChallenge(...args)),
  };
  const rateLimited: NetworkKind[] = [];
  const events = eventsWith({ rateLimited: (_route, kind) => rateLimited.push(kind) });
  const difficulty = createDifficulty({
    signals: raw.signals,
    switches: () => ({ underAttack: null, peopleFirst: null }),
    holdout: 0,
    random: () => 0.5,
    pinned: null,
    events,
    onError: (error) => {
      throw error;
    },
  });
  const admit = admission({
    store,
    events,
    now: () => clock.at,
    networkAnswers: 1_000_000,
    difficulty,
    judge: (ip) => ({ network: networkOf(ip), kind: 'unknown', asn: null }),
  });
  const fetchFrom = async (ip: string) => {
    const answer = await admit.admitted(ip, '/captcha/challenge', clock.at);
    return isRefusal(answer) ? answer : 'admitted';
  };
  return { clock, asked, rateLimited, admit, fetchFrom };
}

const MAX_FETCHES = ADDRESS_FETCHES.share * ADDRESS_FETCHES.refuseAt;

describe('an address refused a moment ago', () => {
  it('past its fetches: refused again without asking the store, the wait counting down, until its window ends', async () => {
    const { clock, asked, rateLimited, fetchFrom } = setUp();
    for (let i = 0; i < MAX_FETCHES; i += 1) expect(await fetchFrom('198.51.100.7')).toBe('admitted');
    const first = await fetchFrom('198.51.100.7');
    expect(first).toMatchObject({ refusal: 'address_fetches' });
    const askedAtFirst = asked.admitChallenge;
    clock.at += 10_000;
    for (let i = 0; i < 100; i += 1)
      expect(await fetchFrom('198.51.100.7')).toEqual({
        refusal: 'address_fetches',
        retryAfterS: (first as { retryAfterS: number }).retryAfterS - 10,
      });
    expect(asked.admitChallenge).toBe(askedAtFirst);
    expect(rateLimited).toHaveLength(101); // each refusal is still told, as before
    // Its neighbour asks the store as ever; and the address itself once its window is over.
    expect(await fetchFrom('198.51.100.8')).toBe('admitted');
    clock.at += ADDRESS_FETCHES.windowMs;
    expect(await fetchFrom('198.51.100.7')).toBe('admitted');
  });

  it('locked: refused without asking the store until its lock ends', async () => {
    const { clock, asked, admit, fetchFrom } = setUp();
    for (let i = 0; i < FAILURES_BEFORE_LOCK + 1; i += 1) {
      const counted = await admit.countAnswer('203.0.113.9', clock.at, 5);
      if (!isRefusal(counted)) await counted.settle(false, null);
    }
    expect(await fetchFrom('203.0.113.9')).toMatchObject({ refusal: 'locked' });
    const askedAtFirst = asked.admitChallenge;
    expect(await fetchFrom('203.0.113.9')).toMatchObject({ refusal: 'locked' });
    expect(asked.admitChallenge).toBe(askedAtFirst);
    clock.at += LOCK_MS;
    expect(await fetchFrom('203.0.113.9')).toBe('admitted');
  });

  it(`keeps at most ${REFUSED_REMEMBERED} addresses: the oldest is asked of the store again`, async () => {
    const { clock, asked, admit, fetchFrom } = setUp();
    const lock = async (ip: string) => {
      for (let i = 0; i < FAILURES_BEFORE_LOCK + 1; i += 1) {
        const counted = await admit.countAnswer(ip, clock.at, 5);
        if (!isRefusal(counted)) await counted.settle(false, null);
      }
      await fetchFrom(ip);
    };
    await lock('2001:db8:1::1');
    for (let i = 0; i < REFUSED_REMEMBERED; i += 1) await lock(`2001:db8:2:${i.toString(16)}::1`);
    const before = asked.admitChallenge;
    expect(await fetchFrom('2001:db8:1::1')).toMatchObject({ refusal: 'locked' }); // still locked, by the store's word
    expect(asked.admitChallenge).toBe(before + 1);
  }, 60_000);
});
