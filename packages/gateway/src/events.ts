/** Why a verify answered as it did. */
export type VerifyReason = 'passed' | 'wrong_offset' | 'trail_refused' | 'work_refused' | 'expired_or_unknown' | 'locked';
/** Why the gate refused a pass token. */
export type TokenRefusal = 'missing' | 'invalid' | 'expired' | 'spent' | 'unavailable';

/** What can be read at any time: for gauges, read at every scrape. */
export interface GatewayLevels {
  /** Draws waiting for a thread (a queue that stays long wants more threads or instances). */
  drawQueue(): number;
  /** Puzzles ready in the stock, per pixel ratio. */
  stock(): ReadonlyMap<number, number>;
}

/**
 * Everything the gateway tells its host, as it happens: the host adapts it to its metrics (Prometheus in
 * this repository's server). Every listener is optional; none may throw.
 */
export interface GatewayEvents {
  /** A challenge (either path) was issued, its work doubled `doublings` times for the caller's failures. */
  challengeIssued(doublings: number): void;
  verified(reason: VerifyReason): void;
  tokenSpent(): void;
  tokenRefused(reason: TokenRefusal): void;
  /** A puzzle was drawn and encoded in `seconds`. */
  drawFinished(seconds: number): void;
  /** A challenge found no puzzle ready for its pixel ratio and had one drawn on demand. */
  stockMissed(pixelRatio: number): void;
  /** A network asked for more challenges than its limit (`route`: the route's pattern). */
  rateLimited(route: string): void;
  /** Once, at register: where the levels are read. */
  levels(levels: GatewayLevels): void;
}

export const NO_EVENTS: GatewayEvents = {
  challengeIssued() {},
  verified() {},
  tokenSpent() {},
  tokenRefused() {},
  drawFinished() {},
  stockMissed() {},
  rateLimited() {},
  levels() {},
};

/** The listeners given, the others silent. */
export const eventsWith = (listeners: Partial<GatewayEvents> = {}): GatewayEvents => ({ ...NO_EVENTS, ...listeners });
