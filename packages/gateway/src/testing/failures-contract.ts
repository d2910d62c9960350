import { FAILURE_WINDOW_MS, FAILURES_BEFORE_LOCK, LOCK_MS } from '../core/rules/policy';
import type { CaptchaStore } from '../core/ports';
import type { StoreBacking } from './store-backing';

/** The failures every store counts (an address's, toward its lock; a network's, in a fixed window); run by describeStoreContract. */
export function describeFailuresContract(name: string, makeBacking: () => Promise<StoreBacking>) {
  describe(`captcha store contract: ${name}: failures and the lock`, () => {
    let backing: StoreBacking;
    let store: CaptchaStore;
    let at: number;
    beforeEach(async () => {
      backing = await makeBacking();
      store = await backing.open(null);
      at = backing.now();
    });
    afterEach(() => backing.close());

    const NET = '198.51.100.0/24';
    /** One answer that failed, counted and settled as the routes do. */
    const failOnce = async (on: CaptchaStore, address: string, network = NET) => {
      await on.countAttempt(address);
      await on.settleAttempt(address, network, false, LOCK_MS);
    };

    it(`locks an address for lockMs at its ${FAILURES_BEFORE_LOCK}th failure, counted across store instances`, async () => {
      const other = await backing.open(null);
      for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) await failOnce(i % 2 ? other : store, '198.51.100.1');
      expect(await store.standing('198.51.100.1', NET)).toEqual({
        lockedUntil: 0,
        failures: FAILURES_BEFORE_LOCK - 1,
        networkFailures: FAILURES_BEFORE_LOCK - 1,
      });
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
      expect(await store.standing('36.128.5.1', '36.128.5.0/24')).toEqual({
        lockedUntil: 0,
        failures: FAILURES_BEFORE_LOCK + 3,
        networkFailures: FAILURES_BEFORE_LOCK + 3,
      });
    });

    it('counts answers before they are judged, atomically: racing answers each see their own count', async () => {
      const other = await backing.open(null);
      const counts = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other : store).countAttempt('198.51.100.3')));
      expect(counts.map((count) => count.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    });

    it("does not count a locked address's answer, and says until when it is locked, from any instance", async () => {
      const other = await backing.open(null);
      for (let i = 0; i < FAILURES_BEFORE_LOCK; i += 1) await failOnce(store, '198.51.100.6');
      expect(await other.countAttempt('198.51.100.6')).toEqual({ failures: 0, lockedUntil: at + LOCK_MS });
      expect(await store.standing('198.51.100.6', NET)).toEqual({
        lockedUntil: at + LOCK_MS,
        failures: FAILURES_BEFORE_LOCK,
        networkFailures: FAILURES_BEFORE_LOCK,
      });
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
      expect(await store.standing('203.0.113.5', '203.0.113.0/24')).toMatchObject({
        lockedUntil: at + 2 * LOCK_MS,
        failures: FAILURES_BEFORE_LOCK + 1,
      });
    });

    it("forgets an address's failures once the window has passed since its latest", async () => {
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
      expect(await store.standing('198.51.100.7', NET)).toEqual({
        lockedUntil: at + LOCK_MS,
        failures: FAILURES_BEFORE_LOCK,
        networkFailures: 0,
      });
      // Counting before the judgement touches no network either: an answer never settled leaves it at 0.
      await store.countAttempt('198.51.100.8');
      expect((await store.standing('198.51.100.8', NET)).networkFailures).toBe(0);
    });

    it("counts a network's failures from all its addresses in a fixed window, so a trickle never pins it, and never locks it", async () => {
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
  });
}
