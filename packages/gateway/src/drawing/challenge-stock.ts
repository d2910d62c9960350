// Puzzles drawn before they are asked for: a bounded stock per pixel ratio, kept in this instance's memory
// only and filled by the draw threads when no visitor is waiting for one. A burst is answered from it at the
// cost of a lookup; a stocked puzzle leaves it once (taken on the main thread, so never twice), and becomes
// a challenge (its id, expiry and one-time take on the store) only when it is handed out.
import type { ChallengeDrawer } from './draw-pool';
import type { DrawnChallenge } from './draw-worker';
import type { PictureKind } from '../core/rules/events';
import { DRAW_SHARE, GUARDED_STOCK_SHARE, STOCK_RETRY_AFTER_FAILURE_MS as RETRY_AFTER_FAILURE_MS } from '../core/rules/policy';

/** The ratios a challenge is drawn at (challengePixelRatio): a stock for each, of each picture. */
export const STOCKED_PIXEL_RATIOS = [1, 2, 3] as const;
export const STOCKED_PICTURES: readonly PictureKind[] = ['plain', 'guarded'];

export interface ChallengeStock {
  /** A stocked puzzle for `pixelRatio` with `picture`, gone from the stock; null when none is ready (draw one on demand). */
  take(pixelRatio: number, picture: PictureKind): DrawnChallenge | null;
  /** Whether a shelf of `pixelRatio` is below DRAW_SHARE.lowWater of its size: drawing runs short (draw-share.ts). */
  short(pixelRatio: number): boolean;
  /** Puzzles ready per pixel ratio, both pictures together (metrics). */
  levels(): ReadonlyMap<number, number>;
  /** Stops refilling; what is stocked is dropped. */
  close(): void;
}

export interface StockOptions {
  drawer: ChallengeDrawer;
  /** Plain puzzles kept ready per pixel ratio (CAPTCHA_STOCK); 0: no stock. Guarded ones: GUARDED_STOCK_SHARE of it. */
  size: number;
  /** Refill draws in flight at most: the draw threads, so a refill never waits in the draw queue. */
  parallel: number;
  pixelRatios?: readonly number[];
  pictures?: readonly PictureKind[];
  onRefillError?: (error: unknown) => void;
}

export const NO_STOCK: ChallengeStock = { take: () => null, short: () => false, levels: () => new Map(), close() {} };

export function createChallengeStock({
  drawer,
  size,
  parallel,
  pixelRatios = STOCKED_PIXEL_RATIOS,
  pictures = STOCKED_PICTURES,
  onRefillError = () => {},
}: StockOptions): ChallengeStock {
  if (size <= 0 || parallel <= 0) return NO_STOCK;
  // A shelf per ratio and picture: the guarded picture is for levels 2-3 and the holdout, a smaller share.
  const shelfOf = (ratio: number, picture: PictureKind) => `${ratio}:${picture}`;
  const kinds = pixelRatios.flatMap((ratio) => pictures.map((picture) => ({ ratio, picture, key: shelfOf(ratio, picture) })));
  const sizeOf = (picture: PictureKind) => (picture === 'plain' ? size : Math.max(1, Math.ceil(size * GUARDED_STOCK_SHARE)));
  const shelves = new Map(kinds.map(({ key }) => [key, [] as DrawnChallenge[]]));
  const drawing = new Map(kinds.map(({ key }) => [key, 0]));
  let inFlight = 0;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  /** The shelf furthest from full (as a share of its size), counting the draws on their way; null when every one is full. */
  const neediest = () => {
    let best: (typeof kinds)[number] | null = null;
    let bestFill = 1;
    for (const kind of kinds) {
      const fill = (shelves.get(kind.key)!.length + drawing.get(kind.key)!) / sizeOf(kind.picture);
      if (fill < bestFill) [best, bestFill] = [kind, fill];
    }
    return best;
  };

  const refill = () => {
    // Idle time only: while visitors' draws wait in the queue, they go first.
    while (!closed && retryTimer === null && inFlight < parallel && drawer.queueSize === 0) {
      const kind = neediest();
      if (kind === null) return;
      const { ratio, picture, key } = kind;
      inFlight += 1;
      drawing.set(key, drawing.get(key)! + 1);
      drawer
        .draw(ratio, picture)
        .then(
          (drawn) => {
            if (!closed) shelves.get(key)!.push(drawn);
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
          drawing.set(key, drawing.get(key)! - 1);
          refill();
        });
    }
  };
  // Every draw that ends (a visitor's too) may leave the queue empty: time to refill.
  drawer.onDrawFinished(() => refill());
  refill();

  return {
    take(pixelRatio, picture) {
      const drawn = shelves.get(shelfOf(pixelRatio, picture))?.shift() ?? null;
      refill();
      return drawn;
    },
    short: (pixelRatio) =>
      pictures.some((picture) => (shelves.get(shelfOf(pixelRatio, picture))?.length ?? Infinity) < sizeOf(picture) * DRAW_SHARE.lowWater),
    levels: () =>
      new Map(
        pixelRatios.map((ratio) => [ratio, pictures.reduce((sum, picture) => sum + shelves.get(shelfOf(ratio, picture))!.length, 0)]),
      ),
    close() {
      closed = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      for (const shelf of shelves.values()) shelf.length = 0;
    },
  };
}
