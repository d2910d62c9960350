// What the routes tell the metrics, and its no-op twin for when metrics are off.
import type { AnswerFacts, ChallengeFacts, Level, LevelEntity, NetworkKind, TokenRefusal, VerifyReason } from '@game-register/gateway';
import type { FunnelCall, PuzzleStep } from './answers';

/** What the routes tell the metrics. */
export interface Metrics {
  /** One answered request: its route pattern (not the URL), method, status and duration. */
  request(route: string, method: string, status: number, seconds: number): void;
  /**
   * An answer to one of the backend's three calls, as the visitor's browser receives it. `channel` is a label
   * from channels/rules.ts (a listed channel or `other`), never a raw client value.
   */
  /** `gate`: why strict mode's gate refused the request (its answer is then the gate's), else null. */
  funnelAnswer(call: FunnelCall, status: number, body: string | Buffer | undefined, channel: string, gate?: TokenRefusal | null): void;
  /** A call whose client left before its request was read whole: never forwarded, counted as `client_left`. */
  funnelClientLeft(call: FunnelCall, channel: string): void;
  /** The register page served, to a visit from `channel` (a label, as above). */
  registerPageView(channel: string): void;
  /** A puzzle shown or passed in a visit from `channel` (a label, as above). */
  puzzleStep(step: PuzzleStep, channel: string): void;
  rateLimited(route: string): void;
  /** A strict challenge handed out (either path): its level, picture, and work doubled `doublings` times for the caller's recent failures. */
  challengeIssued(facts: ChallengeFacts): void;
  /** A strict answer judged; `facts`, what its challenge was, null when it was not known (expired, unknown, a locked caller). */
  verified(reason: VerifyReason, facts?: AnswerFacts | null): void;
  /** A difficulty level of an address, a network or the site moved from `from` to `to`; `kind`: its network's (null: the site). */
  levelChanged(entity: LevelEntity, from: Level, to: Level, kind?: NetworkKind | null): void;
  /** A right answer refused its pass token: the network that fetched the puzzle (at `level`, of `kind`) had used its allowance. */
  quotaRefused(level: Level, kind: NetworkKind): void;
  tokenSpent(): void;
  tokenRefused(reason: TokenRefusal): void;
  /** A challenge picture drawn and encoded, in seconds. */
  drawFinished(seconds: number): void;
  /** Where the draw queue's length is read at scrape time. */
  watchDrawQueue(length: () => number): void;
  /** Where the challenge stock's levels (puzzles ready per pixel ratio) are read at scrape time. */
  watchChallengeStock(levels: () => ReadonlyMap<number, number>): void;
  /** A challenge drawn on demand because the stock had none ready at its pixel ratio. */
  challengeStockMissed(pixelRatio: number): void;
}

export const NO_METRICS: Metrics = {
  request() {},
  funnelAnswer() {},
  funnelClientLeft() {},
  registerPageView() {},
  puzzleStep() {},
  rateLimited() {},
  challengeIssued() {},
  verified() {},
  levelChanged() {},
  quotaRefused() {},
  tokenSpent() {},
  tokenRefused() {},
  drawFinished() {},
  watchDrawQueue() {},
  watchChallengeStock() {},
  challengeStockMissed() {},
};
