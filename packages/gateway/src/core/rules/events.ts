import type { Level } from './policy';
import type { NetworkKind } from './networks/network-kind';

/** Why a verify answered as it did. */
export type VerifyReason = 'passed' | 'wrong_offset' | 'trail_refused' | 'work_refused' | 'expired_or_unknown' | 'locked';
/** Why the gate refused a pass token. */
export type TokenRefusal = 'missing' | 'invalid' | 'expired' | 'spent' | 'unavailable';

/** The picture a challenge shows: plain (levels 0-1) or guarded (decoy gaps, grain, strokes: levels 2-3). */
export type PictureKind = 'plain' | 'guarded';
/** Where a difficulty level is kept: one address (IPv6: its /64), one network (/24, IPv6 /48), the whole site. */
export type LevelEntity = 'address' | 'network' | 'site' | 'carriers';

/** What a challenge was issued as. */
export interface ChallengeFacts {
  /** The caller's level when it asked (0-3), sealed into the challenge. */
  level: Level;
  /** `none` on the path without a picture (无障碍验证). */
  picture: PictureKind | 'none';
  /** A level-0 challenge given the guarded picture to measure what it costs people (the holdout). */
  holdout: boolean;
  /** How many times its work was doubled for the caller's recent failures. */
  doublings: number;
}

/** What an answer was to: known only when its challenge was (not for an unknown or expired id, nor a locked caller). */
export interface AnswerFacts {
  level: Level;
  picture: PictureKind | 'none';
  /** The caller's address had no failure in its window before this answer. */
  firstTry: boolean;
  /** As the widget reported them (clamped), null when it did not: the puzzle shown to release, the work's run. */
  solveSeconds: number | null;
  workSeconds: number | null;
  /**
   * As the widget reported them, null or absent when it did not: the answer's number in its opening of the widget, and
   * the time from the opening's first puzzle shown.
   */
  tries?: number | null;
  openSeconds?: number | null;
}

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
  /** A challenge (either path) was issued. */
  challengeIssued(facts: ChallengeFacts): void;
  /** An answer was judged; `facts` null when its challenge was unknown or expired, or its caller locked. */
  verified(reason: VerifyReason, facts: AnswerFacts | null): void;
  /**
   * An entity's difficulty level changed (hysteresis.ts): `from` to `to`; `kind`: its network's (null: the site);
   * `subject`: the address or network it is kept under (undefined for the site and the carriers).
   */
  levelChanged(entity: LevelEntity, from: Level, to: Level, kind: NetworkKind | null, subject?: string): void;
  /**
   * A right answer earned no pass token: the network that fetched its puzzle (of `kind`, at `level`) had used
   * its allowance (policy.ts, PASS_ALLOWANCE); answered 429 with Retry-After.
   */
  quotaRefused(level: Level, kind: NetworkKind): void;
  tokenSpent(): void;
  tokenRefused(reason: TokenRefusal): void;
  /** A puzzle was drawn and encoded in `seconds`. */
  drawFinished(seconds: number): void;
  /** A challenge found no puzzle ready for its pixel ratio and had one drawn on demand. */
  stockMissed(pixelRatio: number): void;
  /** A network (of `kind`) asked for more challenges than its limit (`route`: the route's pattern). */
  rateLimited(route: string, kind: NetworkKind): void;
  /** Once, at register: where the levels are read. */
  levels(levels: GatewayLevels): void;
}

export const NO_EVENTS: GatewayEvents = {
  challengeIssued() {},
  verified() {},
  levelChanged() {},
  quotaRefused() {},
  tokenSpent() {},
  tokenRefused() {},
  drawFinished() {},
  stockMissed() {},
  rateLimited() {},
  levels() {},
};

/** The listeners given, the others silent. */
export const eventsWith = (listeners: Partial<GatewayEvents> = {}): GatewayEvents => ({ ...NO_EVENTS, ...listeners });
