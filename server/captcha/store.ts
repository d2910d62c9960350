/** An address is locked at its fifth failure within FAILURE_WINDOW_MS, and again at each one after. */
export const FAILURES_BEFORE_LOCK = 5;
/** A /24 or /48 network is locked at this many failures within the window, from however many addresses. */
export const NETWORK_FAILURES_BEFORE_LOCK = 25;

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
  /** The caller's lock and recent failures, by its address and by its network (see network.ts). */
  standing(address: string, network: string): Promise<Standing>;
  /**
   * Counts one failure for the address and one for its network, each remembered FAILURE_WINDOW_MS after
   * its latest. At FAILURES_BEFORE_LOCK (address) or NETWORK_FAILURES_BEFORE_LOCK (network), and at every
   * failure after, that one is locked for `lockMs`. Nothing but time forgets a failure: a success does not.
   */
  recordFailure(address: string, network: string, lockMs: number): Promise<void>;
  /** Counts one call under `key` in a fixed window of `windowMs` from its first call; returns the count so far. */
  countHit(key: string, windowMs: number): Promise<number>;
  /** Drops what has expired (a no-op where keys expire by themselves). */
  sweep(): Promise<void>;
  /** Resolves when the store answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
}

/** How long failures are remembered after the latest one. */
export const FAILURE_WINDOW_MS = 10 * 60_000;

/** Where a caller stands with strict mode. */
export interface Standing {
  /** Until when it must wait (the later of its address's and its network's lock; 0: it need not). */
  lockedUntil: number;
  /** Failures of its address, and of its whole network, within the window. */
  failures: number;
  networkFailures: number;
}
