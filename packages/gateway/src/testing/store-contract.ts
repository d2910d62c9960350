import { FAILURES_BEFORE_LOCK, LOCK_MS } from '../core/rules/policy';
import type { CaptchaStore } from '../core/ports';
import { describeFailuresContract } from './failures-contract';
import { describeSignalsContract } from './signals-contract';
import type { StoreBacking } from './store-backing';

/** What a challenge is sealed with (its level, picture and who fetched it): given back whole with it. */
const SEALED = { level: 2, picture: 'plain', address: '2409:8054:0:1::/64', network: '2409:8054:0:1::/64', kind: 'carrier' } as const;

export type { StoreBacking };

/** The contract every CaptchaStore keeps; run against each implementation. */
export function describeStoreContract(name: string, makeBacking: () => Promise<StoreBacking>) {
  describeSignalsContract(name, makeBacking);
  describeFailuresContract(name, makeBacking);
  describe(`captcha store contract: ${name}`, () => {
    let backing: StoreBacking;
    let store: CaptchaStore;
    let at: number;
    beforeEach(async () => {
      backing = await makeBacking();
      store = await backing.open(null);
      at = backing.now();
    });
    afterEach(() => backing.close());

    it('gives a challenge back once, and never to a second take, even racing', async () => {
      await store.putChallenge('one', { gapX: 123, expiresAt: at + 120_000, ...SEALED });
      expect(await store.takeChallenge('one')).toEqual({ gapX: 123, expiresAt: at + 120_000, ...SEALED });
      expect(await store.takeChallenge('one')).toBeNull();
      expect(await store.takeChallenge('never-put')).toBeNull();

      await store.putChallenge('raced', { gapX: 77, expiresAt: at + 120_000, ...SEALED });
      const other = await backing.open(null);
      const takes = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other : store).takeChallenge('raced')));
      expect(takes.filter((take) => take !== null)).toEqual([{ gapX: 77, expiresAt: at + 120_000, ...SEALED }]);
    });

    it('forgets a challenge once it has expired', async () => {
      await store.putChallenge('short', { gapX: 10, expiresAt: at + 1000, ...SEALED });
      await store.putChallenge('long', { gapX: 20, expiresAt: at + 5000, ...SEALED });
      backing.advance(1000);
      await store.sweep();
      expect(await store.takeChallenge('short')).toBeNull();
      expect(await store.takeChallenge('long')).toEqual({ gapX: 20, expiresAt: at + 5000, ...SEALED });
    });

    it("gives a pass's facts back once, to whichever instance takes them first, and none once its token expired", async () => {
      await store.putPassFacts('pass-a', '{"level":1}', at + 120_000);
      const other = await backing.open(null);
      const takes = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? other : store).takePassFacts('pass-a')));
      expect(takes.filter((take) => take !== null)).toEqual(['{"level":1}']);
      expect(await store.takePassFacts('never-put')).toBeNull();
      await store.putPassFacts('pass-b', '{"level":2}', at + 1000);
      backing.advance(1000);
      await store.sweep();
      expect(await store.takePassFacts('pass-b')).toBeNull();
    });

    it('spends a token once, whichever store instance sees it first', async () => {
      const other = await backing.open(null);
      expect(await store.spendToken('token-a', at + 120_000)).toBe(true);
      expect(await store.spendToken('token-a', at + 120_000)).toBe(false);
      expect(await other.spendToken('token-a', at + 120_000)).toBe(false);
      expect(await other.spendToken('token-b', at + 120_000)).toBe(true);
      const raced = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other : store).spendToken('token-c', at + 120_000)));
      expect(raced.filter(Boolean)).toHaveLength(1);
    });

    it('counts calls in a fixed window across store instances, and starts again after it', async () => {
      const other = await backing.open(null);
      const counts = [];
      for (let i = 0; i < 4; i += 1) {
        counts.push(await (i % 2 ? other : store).countHit('challenges:net:198.51.100.0/24', 60_000));
        backing.advance(1000);
      }
      // Each call sees the window that began with the first: its count, and when it ends.
      expect(counts).toEqual([1, 2, 3, 4].map((count) => ({ count, endsAt: at + 60_000 })));
      expect((await store.countHit('challenges:net:198.51.101.0/24', 60_000)).count).toBe(1);
      backing.advance(60_000 - 4000); // the window's end
      await store.sweep();
      expect(await other.countHit('challenges:net:198.51.100.0/24', 60_000)).toEqual({ count: 1, endsAt: at + 120_000 });
    });

    it('admits a challenge in one step: the standing, and a hit counted unless the address is locked', async () => {
      const other = await backing.open(null);
      const hitKey = 'challenges:net:198.51.102.0/24';
      for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) {
        await store.countAttempt('198.51.102.1');
        await store.settleAttempt('198.51.102.1', '198.51.102.0/24', false, LOCK_MS);
      }
      const racing = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? other : store).admitChallenge('198.51.102.1', '198.51.102.0/24', hitKey, 60_000, 100)),
      );
      // Each sees the same standing as standing() and its own count in the one window.
      for (const { standing } of racing) expect(standing).toEqual(await store.standing('198.51.102.1', '198.51.102.0/24'));
      expect(racing.map(({ hit }) => hit!.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(racing.every(({ hit }) => hit!.endsAt === at + 60_000)).toBe(true);

      await store.countAttempt('198.51.102.1'); // the fifth failure locks the address
      await store.settleAttempt('198.51.102.1', '198.51.102.0/24', false, LOCK_MS);
      const locked = await other.admitChallenge('198.51.102.1', '198.51.102.0/24', hitKey, 60_000, 100);
      expect(locked).toEqual({
        standing: { lockedUntil: at + LOCK_MS, failures: FAILURES_BEFORE_LOCK, networkFailures: FAILURES_BEFORE_LOCK },
        hit: null,
      });
      // Nothing was counted for the locked address: its neighbour's call is the seventh.
      expect((await store.admitChallenge('198.51.102.2', '198.51.102.0/24', hitKey, 60_000, 100)).hit).toEqual({
        count: 7,
        endsAt: at + 60_000,
      });
    });

    it('refuses a challenge past the limit of its window without counting it', async () => {
      const hitKey = 'challenges:net:198.51.103.0/24';
      const admit = () => store.admitChallenge('198.51.103.1', '198.51.103.0/24', hitKey, 60_000, 2);
      expect((await admit()).hit!.count).toBe(1);
      expect((await admit()).hit!.count).toBe(2);
      expect((await admit()).hit).toEqual({ count: 3, endsAt: at + 60_000 });
      expect((await admit()).hit).toEqual({ count: 3, endsAt: at + 60_000 }); // the refusals were not counted
      expect(await store.countHit(hitKey, 60_000)).toEqual({ count: 3, endsAt: at + 60_000 });
    });

    it('grants passes from a token bucket: its burst, then its refill, never more, shared by every instance', async () => {
      const other = await backing.open(null);
      const allowance = { burst: 3, perMinute: 2 };
      const takes = await Promise.all(
        Array.from({ length: 5 }, (_, i) => (i % 2 ? other : store).takeAllowance('passes:as:37963', allowance)),
      );
      expect(takes.filter((take) => take.granted)).toHaveLength(3);
      expect(takes.filter((take) => !take.granted).map((take) => take.waitMs)).toEqual([30_000, 30_000]);
      backing.advance(30_000);
      expect(await store.takeAllowance('passes:as:37963', allowance)).toEqual({ granted: true, waitMs: 0 });
      expect((await other.takeAllowance('passes:as:37963', allowance)).granted).toBe(false);
      expect((await store.takeAllowance('passes:as:45102', allowance)).granted).toBe(true); // another key, its own bucket
      backing.advance(10 * 60_000); // full again, never above its burst
      const after = await Promise.all(Array.from({ length: 4 }, () => store.takeAllowance('passes:as:37963', allowance)));
      expect(after.map((take) => take.granted)).toEqual([true, true, true, false]);
    });

    it('uses the configured secret, else generates one that every instance on the backing shares', async () => {
      const configured = 'c'.repeat(40);
      expect(await (await backing.open(configured)).secret()).toBe(configured);
      const generated = await store.secret();
      expect(generated).toMatch(/^[0-9a-f]{64}$/);
      const others = await Promise.all([backing.open(null), backing.open(null)]);
      expect(await Promise.all(others.map((other) => other.secret()))).toEqual([generated, generated]);
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
