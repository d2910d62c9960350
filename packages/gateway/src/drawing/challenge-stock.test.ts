// The stock of puzzles drawn ahead, on a drawer the test finishes draw by draw.
import { createChallengeStock } from './challenge-stock';
import type { ChallengeDrawer } from './draw-pool';
import type { DrawnChallenge } from './draw-worker';

/** A drawer whose draws the test finishes one by one, numbered in the order they were asked for. */
function manualDrawer() {
  const asked: { pixelRatio: number; finish: () => void; fail: (error: Error) => void }[] = [];
  const listeners: ((seconds: number) => void)[] = [];
  let drawn = 0;
  const drawer: ChallengeDrawer & { queue: number } = {
    queue: 0,
    get queueSize() {
      return this.queue;
    },
    draw: (pixelRatio) =>
      new Promise<DrawnChallenge>((resolve, reject) => {
        asked.push({
          pixelRatio,
          finish: () => {
            drawn += 1;
            for (const listener of listeners) listener(0.01);
            resolve({
              gapX: drawn,
              gapY: pixelRatio,
              pictureFields: Buffer.from(`"background":"picture ${drawn}","piece":"piece ${drawn}"`),
              drawSeconds: 0.01,
            });
          },
          fail: reject,
        });
      }),
    onDrawFinished: (listener) => void listeners.push(listener),
    close: async () => {},
  };
  /** Finishes the draws asked for so far, and lets the stock react. */
  const finishAll = async () => {
    for (const draw of asked.splice(0)) draw.finish();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { drawer, asked, finishAll };
}

describe('the challenge stock', () => {
  it('fills every ratio up to its size with at most one draw per thread in flight, then stops drawing', async () => {
    const { drawer, asked, finishAll } = manualDrawer();
    const stock = createChallengeStock({ drawer, size: 2, parallel: 2, pixelRatios: [1, 3], pictures: ['plain'] });
    expect(asked.map((draw) => draw.pixelRatio)).toEqual([1, 3]);
    for (let round = 0; round < 5; round += 1) {
      expect(asked.length).toBeLessThanOrEqual(2);
      await finishAll();
    }
    expect(asked).toHaveLength(0);
    expect(stock.levels()).toEqual(
      new Map([
        [1, 2],
        [3, 2],
      ]),
    );
    stock.close();
  });

  it('hands each stocked puzzle out once, then none until it is refilled', async () => {
    const { drawer, asked, finishAll } = manualDrawer();
    const stock = createChallengeStock({ drawer, size: 3, parallel: 1, pixelRatios: [2], pictures: ['plain'] });
    for (let round = 0; round < 3; round += 1) await finishAll();
    const taken = [stock.take(2, 'plain'), stock.take(2, 'plain'), stock.take(2, 'plain'), stock.take(2, 'plain')];
    expect(taken.map((drawn) => drawn?.gapX ?? null)).toEqual([1, 2, 3, null]);
    expect(stock.take(1, 'plain')).toBeNull(); // a ratio it does not keep
    expect(asked.map((draw) => draw.pixelRatio)).toEqual([2]); // refilling, one thread's worth at a time
    await finishAll();
    expect(stock.take(2, 'plain')?.gapX).toBe(4);
    stock.close();
  });

  it('draws for the stock only when no visitor waits in the draw queue', async () => {
    const { drawer, asked, finishAll } = manualDrawer();
    drawer.queue = 3;
    const stock = createChallengeStock({ drawer, size: 5, parallel: 1, pixelRatios: [3], pictures: ['plain'] });
    expect(asked).toHaveLength(0);
    expect(stock.take(3, 'plain')).toBeNull();
    expect(asked).toHaveLength(0);
    drawer.queue = 0;
    stock.take(3, 'plain'); // any take (or any draw that ends) looks again
    expect(asked).toHaveLength(1);
    await finishAll();
    expect(stock.levels().get(3)).toBe(1);
    stock.close();
  });

  it('drops what it holds and draws no more once closed', async () => {
    const { drawer, asked, finishAll } = manualDrawer();
    const stock = createChallengeStock({ drawer, size: 4, parallel: 1, pixelRatios: [1], pictures: ['plain'] });
    await finishAll();
    stock.close();
    await finishAll();
    expect(asked).toHaveLength(0);
    expect(stock.take(1, 'plain')).toBeNull();
  });

  it('tries again a second after a draw for it failed, and reports the failure', async () => {
    vi.useFakeTimers();
    try {
      const { drawer, asked } = manualDrawer();
      const errors: unknown[] = [];
      const stock = createChallengeStock({
        drawer,
        size: 1,
        parallel: 1,
        pixelRatios: [1],
        pictures: ['plain'],
        onRefillError: (error) => errors.push(error),
      });
      asked.splice(0)[0]!.fail(new Error('canvas broke'));
      await vi.advanceTimersByTimeAsync(10);
      expect(errors).toHaveLength(1);
      expect(asked).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(asked).toHaveLength(1);
      stock.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
