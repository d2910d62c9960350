import { parseExposition, scrape, valueOf, metricsOn } from '../../testing/server/metrics';
import { buildTestApp } from '../../testing/server/test-support';
import { CHALLENGE_TTL_MS } from '@game-register/gateway/policy';
import { createChallengeStock, type ChallengeDrawer, type DrawnChallenge } from '@game-register/gateway/testing';
import { challenge, humanAnswer, strictConfig, verify, type OpenPuzzle } from '../../testing/server/strict-mode';

const P = 'game_register_';

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
            resolve({ gapX: drawn, gapY: pixelRatio, pictureFields: Buffer.from(`"background":"picture ${drawn}","piece":"piece ${drawn}"`), drawSeconds: 0.01 });
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
    expect(stock.levels()).toEqual(new Map([[1, 2], [3, 2]]));
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
      const stock = createChallengeStock({ drawer, size: 1, parallel: 1, pixelRatios: [1], pictures: ['plain'], onRefillError: (error) => errors.push(error) });
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

describe('strict mode with a stock', () => {
  it('answers from the stock with puzzles judged like fresh ones: expiry from hand-out, one pass each; misses counted', { timeout: 60_000 }, async () => {
    let at = 1_800_000_000_000;
    const { app } = await buildTestApp(strictConfig({ stockSize: 3 }, metricsOn()), { now: () => at });
    const level = async (ratio: number) => valueOf(parseExposition((await scrape(app)).text).samples, `${P}captcha_stock_level`, { pixel_ratio: String(ratio) });
    for (let tries = 0; (await level(2)) < 3; tries += 1) {
      if (tries > 400) throw new Error('the stock did not fill');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    at += 10 * CHALLENGE_TTL_MS; // the stocked puzzles were drawn long before anyone asks

    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => challenge(app, { pixelRatio: 1.75 }, `192.0.2.${i + 1}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
    const puzzles = answers.map((answer) => answer.json<OpenPuzzle & { expiresAt: number; background: string }>());
    expect(new Set(puzzles.map((puzzle) => puzzle.id)).size).toBe(5);
    for (const puzzle of puzzles) {
      expect(puzzle.expiresAt).toBe(at + CHALLENGE_TTL_MS);
      expect(puzzle.background).toMatch(/^data:image\/jpeg;base64,/);
    }
    // Three came from the stock of ratio 2 (1.75 rounded up), the rest were drawn on demand.
    const misses = valueOf(parseExposition((await scrape(app)).text).samples, `${P}captcha_stock_misses_total`, { pixel_ratio: '2' });
    expect(misses).toBeGreaterThanOrEqual(2);
    expect(misses).toBeLessThanOrEqual(5 - 1);

    at += CHALLENGE_TTL_MS - 1000; // still within two minutes of the hand-out
    for (const [i, puzzle] of puzzles.entries()) {
      const address = `192.0.2.${i + 1}`;
      const answer = humanAnswer(puzzle);
      expect((await verify(app, answer, address)).json()).toMatchObject({ status: 'y' });
      expect((await verify(app, answer, address)).json()).toMatchObject({ status: 'n' });
    }
    await app.close();
  });
});
