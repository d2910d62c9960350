// Puzzles drawn before they are asked for: a bounded stock per pixel ratio, kept in this instance's memory
// only and filled by the draw threads when no visitor is waiting for one. A burst is answered from it at the
// cost of a lookup; a stocked puzzle leaves it once (taken on the main thread, so never twice), and becomes
// a challenge (its id, expiry and one-time take on the store) only when it is handed out.
import type { ChallengeDrawer } from './draw-pool';
import type { DrawnChallenge } from './draw-worker';
import { STOCK_RETRY_AFTER_FAILURE_MS as RETRY_AFTER_FAILURE_MS } from './policy';

/** The ratios a challenge is drawn at (challengePixelRatio): a stock for each. */
export const STOCKED_PIXEL_RATIOS = [1, 2, 3] as const;

export interface ChallengeStock {
  /** A stocked puzzle for `pixelRatio`, gone from the stock; null when none is ready (draw one on demand). */
  take(pixelRatio: number): DrawnChallenge | null;
  /** Puzzles ready per pixel ratio (metrics). */
  levels(): ReadonlyMap<number, number>;
  /** Stops refilling; what is stocked is dropped. */
  close(): void;
}

export interface StockOptions {
  drawer: ChallengeDrawer;
  /** Puzzles kept ready per pixel ratio (CAPTCHA_STOCK); 0: no stock. */
  size: number;
  /** Refill draws in flight at most: the draw threads, so a refill never waits in the draw queue. */
  parallel: number;
  pixelRatios?: readonly number[];
  onRefillError?: (error: unknown) => void;
}

export const NO_STOCK: ChallengeStock = { take: () => null, levels: () => new Map(), close() {} };

export function createChallengeStock({ drawer, size, parallel, pixelRatios = STOCKED_PIXEL_RATIOS, onRefillError = () => {} }: StockOptions): ChallengeStock {
  if (size <= 0 || parallel <= 0) return NO_STOCK;
  const shelves = new Map(pixelRatios.map((ratio) => [ratio, [] as DrawnChallenge[]]));
  const drawing = new Map(pixelRatios.map((ratio) => [ratio, 0]));
  let inFlight = 0;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  /** The ratio furthest from full, counting the draws on their way; null when every shelf is full. */
  const neediest = (): number | null => {
    let best: number | null = null;
    let bestCount = size;
    for (const [ratio, shelf] of shelves) {
      const count = shelf.length + drawing.get(ratio)!;
      if (count < bestCount) [best, bestCount] = [ratio, count];
    }
    return best;
  };

  const refill = () => {
    // Idle time only: while visitors' draws wait in the queue, they go first.
    while (!closed && retryTimer === null && inFlight < parallel && drawer.queueSize === 0) {
      const ratio = neediest();
      if (ratio === null) return;
      inFlight += 1;
      drawing.set(ratio, drawing.get(ratio)! + 1);
      drawer
        .draw(ratio)
        .then(
          (drawn) => {
            if (!closed) shelves.get(ratio)!.push(drawn);
          },
          (error: unknown) => {
            if (closed) return;
            onRefillError(error);
            retryTimer = setTimeout(() => {
              retryTimer = null;
              refill();
            }, RETRY_AFTER_FAILURE_MS);
            retryTimer.unref();
          },
        )
        .finally(() => {
          inFlight -= 1;
          drawing.set(ratio, drawing.get(ratio)! - 1);
          refill();
        });
    }
  };
  // Every draw that ends (a visitor's too) may leave the queue empty: time to refill.
  drawer.onDrawFinished(() => refill());
  refill();

  return {
    take(pixelRatio) {
      const drawn = shelves.get(pixelRatio)?.shift() ?? null;
      refill();
      return drawn;
    },
    levels: () => new Map([...shelves].map(([ratio, shelf]) => [ratio, shelf.length])),
    close() {
      closed = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      for (const shelf of shelves.values()) shelf.length = 0;
    },
  };
}
