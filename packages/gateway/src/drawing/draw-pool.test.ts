import { seededOffset } from '../testing/seeded';
import { createDrawer, DrawQueueFullError } from './draw-pool';

const TEST_SEED = 20240607;
/** The gap's x in every puzzle drawn with TEST_SEED. */
const SEEDED_GAP_X = seededOffset(TEST_SEED) + 3;

describe('the draw pool', () => {
  it("draws in the order asked, even with one thread: no visitor's puzzle waits behind later ones", async () => {
    const drawer = createDrawer({ threads: 1, maxQueue: 64, seed: TEST_SEED });
    try {
      await drawer.draw(1, 'plain'); // the thread started
      const finished: number[] = [];
      await Promise.all(Array.from({ length: 12 }, (_, i) => drawer.draw(1, 'plain').then(() => finished.push(i))));
      expect(finished).toEqual(Array.from({ length: 12 }, (_, i) => i));
    } finally {
      await drawer.close();
    }
  });

  it('finishes the draws already queued when it closes, and refuses new ones', async () => {
    const drawer = createDrawer({ threads: 1, maxQueue: 8, seed: TEST_SEED });
    const pending = Array.from({ length: 6 }, () => drawer.draw(2, 'guarded'));
    const closed = drawer.close();
    await expect(drawer.draw(2, 'guarded')).rejects.toBeInstanceOf(DrawQueueFullError);
    const drawn = await Promise.all(pending);
    await closed;
    expect(drawn.map((challenge) => challenge.gapX)).toEqual(Array(6).fill(SEEDED_GAP_X));
  });

  it('draws on a worker thread the very puzzle the main thread would, and reports each draw', async () => {
    const pooled = createDrawer({ threads: 1, maxQueue: 4, seed: TEST_SEED });
    const inline = createDrawer({ threads: 0, maxQueue: 0, seed: TEST_SEED });
    const seconds: number[] = [];
    pooled.onDrawFinished((value) => seconds.push(value));
    const [fromPool, fromMain] = await Promise.all([pooled.draw(2, 'guarded'), inline.draw(2, 'guarded')]);
    await Promise.all([pooled.close(), inline.close()]);
    expect(fromPool.gapX).toBe(SEEDED_GAP_X);
    // The pictures come back from the thread as a Uint8Array (a Buffer does not survive postMessage): same bytes.
    const comparable = (drawn: typeof fromPool) => ({ ...drawn, pictureFields: Buffer.from(drawn.pictureFields), drawSeconds: 0 });
    expect(comparable(fromPool)).toEqual(comparable(fromMain));
    expect(seconds).toHaveLength(1);
    expect(seconds[0]).toBeGreaterThan(0);
    expect(pooled.queueSize).toBe(0);
  });
});
