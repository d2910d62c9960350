import { FAILURES_BEFORE_LOCK, type CaptchaStore } from './store';

export interface StoreBacking {
  /** A store over the shared backing (one database, one Redis prefix), on the backing's clock. */
  open(secret: string | null): Promise<CaptchaStore>;
  now(): number;
  advance(ms: number): void;
  close(): Promise<void>;
}

const LOCK_MS = 60_000;

/** The contract every CaptchaStore keeps; run against each implementation. */
export function describeStoreContract(name: string, makeBacking: () => Promise<StoreBacking>) {
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
      await store.putChallenge('one', { gapX: 123, expiresAt: at + 120_000 });
      expect(await store.takeChallenge('one')).toEqual({ gapX: 123, expiresAt: at + 120_000 });
      expect(await store.takeChallenge('one')).toBeNull();
      expect(await store.takeChallenge('never-put')).toBeNull();

      await store.putChallenge('raced', { gapX: 77, expiresAt: at + 120_000 });
      const other = await backing.open(null);
      const takes = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other : store).takeChallenge('raced')));
      expect(takes.filter((take) => take !== null)).toEqual([{ gapX: 77, expiresAt: at + 120_000 }]);
    });

    it('forgets a challenge once it has expired', async () => {
      await store.putChallenge('short', { gapX: 10, expiresAt: at + 1000 });
      await store.putChallenge('long', { gapX: 20, expiresAt: at + 5000 });
      backing.advance(1000);
      await store.sweep();
      expect(await store.takeChallenge('short')).toBeNull();
      expect(await store.takeChallenge('long')).toEqual({ gapX: 20, expiresAt: at + 5000 });
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

    it(`locks an address for lockMs at its ${FAILURES_BEFORE_LOCK}th failure in a row, counted across store instances`, async () => {
      const other = await backing.open(null);
      for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) await (i % 2 ? other : store).recordFailure('198.51.100.1', LOCK_MS);
      expect(await store.lockedUntil('198.51.100.1')).toBe(0);
      await other.recordFailure('198.51.100.1', LOCK_MS);
      expect(await store.lockedUntil('198.51.100.1')).toBe(at + LOCK_MS);
      expect(await other.lockedUntil('198.51.100.1')).toBe(at + LOCK_MS);
      expect(await store.lockedUntil('198.51.100.2')).toBe(0);
      backing.advance(LOCK_MS);
      await store.sweep();
      expect(await store.lockedUntil('198.51.100.1')).toBe(0);
    });

    it('starts the run again after clearFailures', async () => {
      for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) await store.recordFailure('203.0.113.5', LOCK_MS);
      await store.clearFailures('203.0.113.5');
      for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) await store.recordFailure('203.0.113.5', LOCK_MS);
      expect(await store.lockedUntil('203.0.113.5')).toBe(0);
      await store.recordFailure('203.0.113.5', LOCK_MS);
      expect(await store.lockedUntil('203.0.113.5')).toBeGreaterThan(at);
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
