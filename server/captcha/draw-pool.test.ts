import { buildTestApp } from '../../testing/server/test-support';
import { challenge, strictConfig } from '../../testing/server/strict-mode';

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

  it('answers every challenge in flight while the server closes with its puzzle or a 503, never a 500', async () => {
    const { app } = await buildTestApp(strictConfig({ drawThreads: 1, drawQueue: 8 }));
    const pending = Array.from({ length: 6 }, (_, i) => challenge(app, { pixelRatio: 3 }, `192.0.2.${i + 1}`));
    const [answers] = await Promise.all([Promise.all(pending), app.close()]);
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.statusCode);
      if (answer.statusCode === 503) expect(answer.json()).toEqual({ status: 'n', info: '服务暂时不可用，请稍后再试' });
    }
  });
});
