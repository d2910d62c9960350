import { FAILURE_WINDOW_MS, FAILURES_BEFORE_LOCK, LOCK_MS } from '../core/policy';
import type { CaptchaStore } from '../stores/captcha-store';
import { describeSignalsContract } from './signals-contract';
import type { StoreBacking } from './store-backing';

/** What a challenge is sealed with (its level, picture and who fetched it): given back whole with it. */
const SEALED = { level: 2, picture: 'plain', address: '2409:8054:0:1::/64', network: '2409:8054:0:1::/64', kind: 'carrier' } as const;

export type { StoreBacking };

/** The contract every CaptchaStore keeps; run against each implementation. */
export function describeStoreContract(name: string, makeBacking: () => Promise<StoreBacking>) {
  describeSignalsContract(name, makeBacking);
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

    it('spends a token once, whichever store instance sees it first', async () => {
      const other = await backing.open(null);
      expect(await store.spendToken('token-a', at + 120_000)).toBe(true);
      expect(await store.spendToken('token-a', at + 120_000)).toBe(false);
      expect(await other.spendToken('token-a', at + 120_000)).toBe(false);
      expect(await other.spendToken('token-b', at + 120_000)).toBe(true);
      const raced = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other : store).spendToken('token-c', at + 120_000)));
      expect(raced.filter(Boolean)).toHaveLength(1);
    });

    const NET = '198.51.100.0/24';
    /** One answer that failed, counted and settled as the routes do. */
    const failOnce = async (on: CaptchaStore, address: string, network = NET) => {
      await on.countAttempt(address);
      await on.settleAttempt(address, network, false, LOCK_MS);
    };

    it(`locks an address for lockMs at its ${FAILURES_BEFORE_LOCK}th failure, counted across store instances`, async () => {
      const other = await backing.open(null);
      for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) await failOnce(i % 2 ? other : store, '198.51.100.1');
      expect(await store.standing('198.51.100.1', NET)).toEqual({ lockedUntil: 0, failures: FAILURES_BEFORE_LOCK - 1, networkFailures: FAILURES_BEFORE_LOCK - 1 });
      await failOnce(other, '198.51.100.1');
      expect((await store.standing('198.51.100.1', NET)).lockedUntil).toBe(at + LOCK_MS);
      expect((await other.standing('198.51.100.1', NET)).lockedUntil).toBe(at + LOCK_MS);
      // A neighbour in the same /24 is not locked by one address's failures, but they count for its network.
      expect(await store.standing('198.51.100.2', NET)).toEqual({ lockedUntil: 0, failures: 0, networkFailures: FAILURES_BEFORE_LOCK });
      backing.advance(LOCK_MS);
      await store.sweep();
      expect((await store.standing('198.51.100.1', NET)).lockedUntil).toBe(0);
    });

    it('never locks with a lock of 0 ms (a carrier NAT), and still counts the failures for its network', async () => {
      const other = await backing.open(null);
      for (let i = 0; i < FAILURES_BEFORE_LOCK + 3; i += 1) {
        const counted = await (i % 2 ? other : store).countAttempt('36.128.5.1');
        expect(counted.lockedUntil).toBe(0);
        await (i % 2 ? other : store).settleAttempt('36.128.5.1', '36.128.5.0/24', false, 0);
      }
      expect(await store.standing('36.128.5.1', '36.128.5.0/24')).toEqual({ lockedUntil: 0, failures: FAILURES_BEFORE_LOCK + 3, networkFailures: FAILURES_BEFORE_LOCK + 3 });
    });

    it('counts answers before they are judged, atomically: racing answers each see their own count', async () => {
      const other = await backing.open(null);
      const counts = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other : store).countAttempt('198.51.100.3')));
      expect(counts.map((count) => count.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    });

    it('does not count a locked address\'s answer, and says until when it is locked, from any instance', async () => {
      const other = await backing.open(null);
      for (let i = 0; i < FAILURES_BEFORE_LOCK; i += 1) await failOnce(store, '198.51.100.6');
      expect(await other.countAttempt('198.51.100.6')).toEqual({ failures: 0, lockedUntil: at + LOCK_MS });
      expect(await store.standing('198.51.100.6', NET)).toEqual({ lockedUntil: at + LOCK_MS, failures: FAILURES_BEFORE_LOCK, networkFailures: FAILURES_BEFORE_LOCK });
      // Unlocked, the next answer is counted again, on top of the failures before the lock.
      backing.advance(LOCK_MS);
      expect(await other.countAttempt('198.51.100.6')).toEqual({ failures: FAILURES_BEFORE_LOCK + 1, lockedUntil: 0 });
    });

    it('takes back only its own count when an answer passes, never the failures before it', async () => {
      for (let i = 0; i < 3; i += 1) await failOnce(store, '198.51.100.4');
      await store.countAttempt('198.51.100.4');
      await store.settleAttempt('198.51.100.4', NET, true, LOCK_MS);
      expect(await store.standing('198.51.100.4', NET)).toEqual({ lockedUntil: 0, failures: 3, networkFailures: 3 });
      // A pass with nothing counted (a count already expired) takes nothing below zero.
      await store.settleAttempt('198.51.100.5', NET, true, LOCK_MS);
      expect((await store.standing('198.51.100.5', NET)).failures).toBe(0);
    });

    it('does not forget failures when the lock ends: the next failure locks again at once', async () => {
      for (let i = 0; i < FAILURES_BEFORE_LOCK; i += 1) await failOnce(store, '203.0.113.5', '203.0.113.0/24');
      backing.advance(LOCK_MS);
      await store.sweep();
      expect(await store.standing('203.0.113.5', '203.0.113.0/24')).toMatchObject({ lockedUntil: 0, failures: FAILURES_BEFORE_LOCK });
      await failOnce(store, '203.0.113.5', '203.0.113.0/24');
      expect(await store.standing('203.0.113.5', '203.0.113.0/24')).toMatchObject({ lockedUntil: at + 2 * LOCK_MS, failures: FAILURES_BEFORE_LOCK + 1 });
    });

    it('forgets an address\'s failures once the window has passed since its latest', async () => {
      for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) await failOnce(store, '192.0.2.9', '192.0.2.0/24');
      backing.advance(FAILURE_WINDOW_MS - 1000);
      expect(await store.standing('192.0.2.9', '192.0.2.0/24')).toMatchObject({ failures: FAILURES_BEFORE_LOCK - 1 });
      backing.advance(2000);
      await store.sweep();
      expect(await store.standing('192.0.2.9', '192.0.2.0/24')).toEqual({ lockedUntil: 0, failures: 0, networkFailures: 0 });
      await failOnce(store, '192.0.2.9', '192.0.2.0/24');
      expect(await store.standing('192.0.2.9', '192.0.2.0/24')).toEqual({ lockedUntil: 0, failures: 1, networkFailures: 1 });
    });

    it('counts an answer to no live puzzle (network null) against its address alone, never a network', async () => {
      for (let i = 0; i < FAILURES_BEFORE_LOCK; i += 1) {
        await store.countAttempt('198.51.100.7');
        await store.settleAttempt('198.51.100.7', null, false, LOCK_MS);
      }
      expect(await store.standing('198.51.100.7', NET)).toEqual({ lockedUntil: at + LOCK_MS, failures: FAILURES_BEFORE_LOCK, networkFailures: 0 });
      // Counting before the judgement touches no network either: an answer never settled leaves it at 0.
      await store.countAttempt('198.51.100.8');
      expect((await store.standing('198.51.100.8', NET)).networkFailures).toBe(0);
    });

    it('counts a network\'s failures from all its addresses in a fixed window, so a trickle never pins it, and never locks it', async () => {
      const other = await backing.open(null);
      for (let i = 0; i < 30; i += 1) await failOnce(i % 2 ? other : store, `198.51.100.${10 + i}`);
      expect(await other.standing('198.51.100.200', NET)).toEqual({ lockedUntil: 0, failures: 0, networkFailures: 30 });
      // Failures keep coming every 4 minutes; the window still ends 10 minutes after its first.
      backing.advance(4 * 60_000);
      await failOnce(store, '198.51.100.99');
      backing.advance(4 * 60_000);
      await failOnce(store, '198.51.100.98');
      expect((await store.standing('198.51.100.200', NET)).networkFailures).toBe(32);
      backing.advance(2 * 60_000);
      await store.sweep();
      expect((await store.standing('198.51.100.200', NET)).networkFailures).toBe(0);
      expect(await store.standing('198.51.101.1', '198.51.101.0/24')).toEqual({ lockedUntil: 0, failures: 0, networkFailures: 0 });
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
      const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? other : store).admitChallenge('198.51.102.1', '198.51.102.0/24', hitKey, 60_000, 100)));
      // Each sees the same standing as standing() and its own count in the one window.
      for (const { standing } of racing) expect(standing).toEqual(await store.standing('198.51.102.1', '198.51.102.0/24'));
      expect(racing.map(({ hit }) => hit!.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(racing.every(({ hit }) => hit!.endsAt === at + 60_000)).toBe(true);

      await store.countAttempt('198.51.102.1'); // the fifth failure locks the address
      await store.settleAttempt('198.51.102.1', '198.51.102.0/24', false, LOCK_MS);
      const locked = await other.admitChallenge('198.51.102.1', '198.51.102.0/24', hitKey, 60_000, 100);
      expect(locked).toEqual({ standing: { lockedUntil: at + LOCK_MS, failures: FAILURES_BEFORE_LOCK, networkFailures: FAILURES_BEFORE_LOCK }, hit: null });
      // Nothing was counted for the locked address: its neighbour's call is the seventh.
      expect((await store.admitChallenge('198.51.102.2', '198.51.102.0/24', hitKey, 60_000, 100)).hit).toEqual({ count: 7, endsAt: at + 60_000 });
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
      const takes = await Promise.all(Array.from({ length: 5 }, (_, i) => (i % 2 ? other : store).takeAllowance('passes:as:37963', allowance)));
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
