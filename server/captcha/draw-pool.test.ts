import { buildTestApp } from '../../testing/server/test-support';
import { createDrawer, DrawQueueFullError } from '@game-register/gateway/testing';
import { challenge, SEEDED_GAP_X, strictConfig, TEST_SEED } from '../../testing/server/strict-mode';

describe('the draw pool', () => {
  it('answers 503 JSON with Retry-After at once when every thread is busy and the queue is full', async () => {
    const { app } = await buildTestApp(strictConfig({ drawThreads: 1, drawQueue: 1 }));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => challenge(app, { pixelRatio: 3 }, `192.0.2.${i + 1}`)));
    const busy = answers.filter((answer) => answer.statusCode === 503);
    const drawn = answers.filter((answer) => answer.statusCode === 200);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(drawn.length).toBeGreaterThanOrEqual(2); // the one drawing and the one queued
    expect(busy.length + drawn.length).toBe(12);
    for (const answer of busy) {
      expect(answer.json()).toEqual({ status: 'n', info: '服务暂时不可用，请稍后再试' });
      expect(answer.headers['retry-after']).toBe('1');
    }
    // Nothing stays stuck: once the burst is over, the pool draws again.
    expect((await challenge(app)).statusCode).toBe(200);
    await app.close();
  });

  it('draws in the order asked, even with one thread: no visitor\'s puzzle waits behind later ones', async () => {
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

  it('answers every challenge in flight while the server closes with its puzzle or a 503, never a 500', async () => {
    const { app } = await buildTestApp(strictConfig({ drawThreads: 1, drawQueue: 8 }));
    const pending = Array.from({ length: 6 }, (_, i) => challenge(app, { pixelRatio: 3 }, `192.0.2.${i + 1}`));
    const [answers] = await Promise.all([Promise.all(pending), app.close()]);
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.statusCode);
      if (answer.statusCode === 503) expect(answer.json()).toEqual({ status: 'n', info: '服务暂时不可用，请稍后再试' });
    }
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
