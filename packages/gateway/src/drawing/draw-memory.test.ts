// The draw threads' memory stays bounded whatever the number of draws (issue: a busy piscina thread never
// went back to its event loop, so Node never freed its canvases and encoded pictures: 4 MB a draw at ratio 3).
import { createDrawer } from './draw-pool';

const WARM_UP_DRAWS = 20;
const DRAWS = 200;
/**
 * Measured on the fixed pool (busy 2-core machine, 200 to 600 draws at ratio 3): the process's RSS stays
 * within 10 to 30 MB of where it stood after the warm-up (the thread's canvases, its heap, garbage not yet
 * collected). 96 MB leaves room for a slower collector, and is what about 24 draws kept before the fix:
 * these 200 draws grew it by 812 MB then.
 */
const RSS_GROWTH_BOUND_MB = 96;

const rssMb = () => process.memoryUsage().rss / 2 ** 20;

it(`keeps the process within ${RSS_GROWTH_BOUND_MB} MB of its size after ${DRAWS} challenges drawn through the pool at pixel ratio 3`, async () => {
  const drawer = createDrawer({ threads: 1, maxQueue: DRAWS, seed: null });
  try {
    for (let i = 0; i < WARM_UP_DRAWS; i += 1) await drawer.draw(3, 'guarded');
    const before = rssMb();
    let highest = before;
    // Two at a time, as a loaded server keeps its thread busy: the thread never waits between tasks.
    for (let i = 0; i < DRAWS; i += 2) {
      await Promise.all([drawer.draw(3, 'guarded'), drawer.draw(3, 'guarded')]);
      highest = Math.max(highest, rssMb());
    }
    expect(highest - before).toBeLessThan(RSS_GROWTH_BOUND_MB);
  } finally {
    await drawer.close();
  }
}, 180_000);
