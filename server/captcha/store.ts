export const FAILURES_BEFORE_LOCK = 5;

/** A store that cannot answer right now (Redis away): strict mode fails closed with a 503 or an `n`. */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(readonly store: string, cause?: unknown) {
    super(`the ${store} store is unavailable`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

export interface StoredChallenge {
  gapX: number;
  expiresAt: number;
}

/**
 * Strict mode's shared state. Two implementations, the embedded libsql one (one instance) and Redis (many
 * instances); the routes only know this contract. Every method may reject with StoreUnavailableError.
 * Times are milliseconds on the clock the store was made with.
 */
export interface CaptchaStore {
  /** `libsql` or `redis`: for logs and readiness answers only. */
  readonly kind: string;
  /** The HMAC key of the pass tokens: CAPTCHA_SECRET, else one generated once and shared through the store. */
  secret(): Promise<string>;
  putChallenge(id: string, challenge: StoredChallenge): Promise<void>;
  /** Removes the challenge and returns it, in one atomic step: two racing takes never both get it. Null once expired. */
  takeChallenge(id: string): Promise<StoredChallenge | null>;
  /** Records a spent token, atomically; false when it was spent before. */
  spendToken(id: string, expiresAt: number): Promise<boolean>;
  /** Until when the address must wait before its next challenge (0: it need not). */
  lockedUntil(address: string): Promise<number>;
  /** Counts one more failure in a row; the fifth locks the address for `lockMs`. */
  recordFailure(address: string, lockMs: number): Promise<void>;
  clearFailures(address: string): Promise<void>;
  /** Drops what has expired (a no-op where keys expire by themselves). */
  sweep(): Promise<void>;
  /** Resolves when the store answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
}

/** How long a run of failures is remembered after its last failure. */
export const FAILURE_RUN_TTL_MS = 10 * 60_000;
