import type { Level } from './rules/policy';
import type { CarriersReading, EntityReading, SignalEntity, SignalEvent, SiteReading } from './rules/signals';
import type { LevelState } from './rules/hysteresis';
import type { PictureKind } from './rules/events';
import type { NetworkKind } from './rules/networks/network-kind';
import type { Allowance } from './rules/policy';

// The lock's numbers (FAILURES_BEFORE_LOCK, FAILURE_WINDOW_MS) are in policy.ts.

/** A store that cannot answer right now (Redis away): strict mode fails closed with a 503 or an `n`. */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  /** The Retry-After of its 503: about a Sentinel failover's length (sentinels deciding in 3-5 s, clients following). */
  readonly retryAfterSeconds = 5;
  constructor(
    readonly store: string,
    cause?: unknown,
  ) {
    super(`the ${store} store is unavailable`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

export interface StoredChallenge {
  gapX: number;
  expiresAt: number;
  /** The level it was issued at and the picture it showed, sealed: its answer is judged and counted by them. */
  level: Level;
  picture: PictureKind;
  /**
   * Who fetched it, sealed too: its answer counts against them, wherever it comes from (their address as levels key it,
   * their network and its kind).
   */
  address: string;
  network: string;
  kind: NetworkKind;
}

/**
 * Strict mode's shared state. Two implementations, the embedded libsql one (one instance) and Redis (many
 * instances); the routes only know this contract. Every method may reject with StoreUnavailableError.
 * Times are milliseconds on the clock the store was made with.
 */
export interface CaptchaStore {
  /** `libsql` or `redis`: for logs and readiness answers only. */
  readonly kind: string;
  /** The counts the difficulty levels are read from, and the levels' states (rules/signals.ts). */
  readonly signals: SignalStore;
  /** The HMAC key of the pass tokens: CAPTCHA_SECRET, else one generated once and shared through the store. */
  secret(): Promise<string>;
  putChallenge(id: string, challenge: StoredChallenge): Promise<void>;
  /** Removes the challenge and returns it, in one atomic step: two racing takes never both get it. Null once expired. */
  takeChallenge(id: string): Promise<StoredChallenge | null>;
  /**
   * Records a spent token, atomically; false when it was spent before. `replicated`: a pass token, whose
   * spend must outlive a failover (on Redis behind Sentinel it waits for a replica, and rejects with
   * StoreUnavailableError when none confirms it in time); a work task's need not.
   */
  spendToken(id: string, expiresAt: number, replicated?: boolean): Promise<boolean>;
  /** Keeps a pass's facts (rules/pass-facts.ts, as JSON) under its token's id until the token expires: for the host's ledger. */
  putPassFacts(tokenId: string, facts: string, expiresAt: number): Promise<void>;
  /** Takes a pass's facts back, once, in one atomic step (null: none kept, taken before, or expired). */
  takePassFacts(tokenId: string): Promise<string | null>;
  /**
   * The caller's lock and recent failures, by its address (addressSubjectOf: an IPv6 /64 is one) and by its network
   * (core/rules/networks/address-blocks.ts).
   */
  standing(address: string, network: string): Promise<Standing>;
  /**
   * Counts an answer as a failure of its address before it is judged, in one atomic step, and answers the
   * address's count with it: answers sent at once cannot all slip in under the lock. A locked address's
   * answer is not counted: `lockedUntil` (0 otherwise) says until when it must wait, so a verify needs no
   * separate look at the caller's standing. The count lasts until FAILURE_WINDOW_MS pass without a failure.
   */
  countAttempt(address: string): Promise<{ failures: number; lockedUntil: number }>;
  /**
   * Settles a counted answer: a pass takes back its own count (never the failures before it); a failure
   * stays counted and, from FAILURES_BEFORE_LOCK on, locks the address for `lockMs` (0: never, a carrier NAT). A failure also counts
   * for `network` (the network that fetched the puzzle; null: none, an answer to no live puzzle, which costs
   * its sender nothing and so counts against nobody else), in a fixed window of FAILURE_WINDOW_MS from its
   * first, so a trickle of people's misses on a shared network never pins it.
   */
  settleAttempt(address: string, network: string | null, passed: boolean, lockMs: number): Promise<void>;
  /** Counts one call under `key` in a fixed window of `windowMs` from its first call: the count so far, and when the window ends. */
  countHit(key: string, windowMs: number): Promise<Hit>;
  /**
   * A challenge's admission in one step (one round trip on Redis, where a burst pays for every one): the
   * caller's standing as `standing` answers it and, unless its address is locked, one more call counted under
   * `hitKey` as `countHit` counts it; `hit` is null for a locked address (nothing counted). A call past `max`
   * in its window is not counted either (a refusal writes nothing): its hit says `max + 1`.
   */
  admitChallenge(
    address: string,
    network: string,
    hitKey: string,
    windowMs: number,
    max: number,
  ): Promise<{ standing: Standing; hit: Hit | null }>;
  /**
   * Takes one pass from the token bucket under `key` (`burst` at most, refilled at `perMinute`), atomically.
   * Refused (nothing written): how long until one is there.
   */
  takeAllowance(key: string, allowance: Allowance): Promise<{ granted: boolean; waitMs: number }>;
  /** Drops what has expired (a no-op where keys expire by themselves). */
  sweep(): Promise<void>;
  /** Resolves when the store answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
}

/** A call counted in a fixed window: the count so far, and when the window ends. */
export interface Hit {
  count: number;
  endsAt: number;
}

/** Where a caller stands with strict mode. */
export interface Standing {
  /** Until when its address must wait (0: it need not). */
  lockedUntil: number;
  /** Failures of its address, and of its network (as judged) on puzzles the network fetched, within their windows. */
  failures: number;
  networkFailures: number;
}

/** The counts the difficulty levels are read from, and the levels' states (rules/signals.ts says what is counted). */
export interface SignalStore {
  /**
   * Counts `event` for an address and its network as COUNTED says (an answer also for the site's minute and its
   * network's share of it, unless `forSite` is false), then reads both entities' counts and stored states: one round
   * trip on Redis. A null network: the address alone (its network's reading is empty).
   */
  record(
    event: SignalEvent,
    address: string,
    network: string | null,
    at: number,
    forSite?: boolean,
  ): Promise<Record<SignalEntity, EntityReading>>;
  /** Keeps an entity's state, or forgets it (null), for at most `ttlMs`. */
  saveState(entity: SignalEntity, key: string, state: LevelState | null, ttlMs: number): Promise<void>;
  /** The site's last whole minute before `at`, its baseline and its state. */
  site(at: number): Promise<SiteReading>;
  saveSite(state: LevelState | null, baseline: SiteReading['baseline'], ttlMs: number): Promise<void>;
  /**
   * The carriers' passes in the last whole minute before `at` (counted by `record` for a pass with `forSite` false),
   * their baseline and their floor.
   */
  carriers(at: number): Promise<CarriersReading>;
  saveCarriers(state: LevelState | null, baseline: CarriersReading['baseline'], ttlMs: number): Promise<void>;
}

/** A puzzle ready to hand out: where its gap is (never sent) and its two pictures, already serialised. */
export interface DrawnPuzzle {
  gapX: number;
  gapY: number;
  /** The answer's two picture fields as UTF-8 JSON (`"background":…,"piece":…`): copied into the answer as they are. */
  pictureFields: Uint8Array;
}

/** Where puzzles come from (drawing/: the stock, the draw threads, and drawing shared among networks while it runs short). */
export interface PuzzleSource {
  /** Whether `network` may be handed a puzzle of this pixel ratio now; counts nothing. */
  admit(network: string, pixelRatio: number): boolean;
  /** Counts a puzzle handed to `network`, for its share. */
  took(network: string): void;
  /** A puzzle from the stock, or drawn now; null: drawing is busy (every thread busy and the queue full). */
  take(pixelRatio: number, picture: PictureKind): Promise<DrawnPuzzle | null>;
}
