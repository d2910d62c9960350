// What the routes and the gateway tell the metrics, and its no-op twin for when metrics are off.
import type { GatewayEvents, TokenRefusal } from '@game-register/gateway';
import { NO_EVENTS } from '@game-register/gateway/policy';
import type { FunnelCall, PuzzleStep } from './answers';

/**
 * What the routes tell the metrics, and everything the gateway tells its host (its events, with the
 * gateway's own signatures): the metrics are handed to the gateway as its `events` as they are.
 */
export interface Metrics extends GatewayEvents {
  /** One answered request: its route pattern (not the URL), method, status and duration. */
  request(route: string, method: string, status: number, seconds: number): void;
  /**
   * An answer to one of the backend's three calls, as the visitor's browser receives it. `channel` is a label
   * from channels/rules.ts (a listed channel or `other`), never a raw client value. `gate`: why strict mode's
   * gate refused the request (its answer is then the gate's), else null.
   */
  funnelAnswer(call: FunnelCall, status: number, body: string | Buffer | undefined, channel: string, gate?: TokenRefusal | null): void;
  /** A call whose client left before its request was read whole: never forwarded, counted as `client_left`. */
  funnelClientLeft(call: FunnelCall, channel: string): void;
  /** The register page served, to a visit from `channel` (a label, as above). */
  registerPageView(channel: string): void;
  /**
   * A puzzle shown or passed in a visit from `channel` (a label, as above); `opening`: the level and picture of
   * the opening's first puzzle, as labels (metrics/difficulty.ts's openingLabels; unknown when absent).
   */
  puzzleStep(step: PuzzleStep, channel: string, opening?: readonly [level: string, picture: string]): void;
  /** A request refused by a rate limit, by route (the gateway's own limit names the network's kind too: not a label). */
  rateLimited(route: string): void;
}

/** Metrics off: every call does nothing (the gateway's events from its light door, so that its code loads only in strict mode). */
export const NO_METRICS: Metrics = {
  ...NO_EVENTS,
  request() {},
  funnelAnswer() {},
  funnelClientLeft() {},
  registerPageView() {},
  puzzleStep() {},
  rateLimited() {},
};
