import Fastify from 'fastify';
import { buildTestApp } from '../../testing/server/test-support';
import health from './health';

describe('health endpoints for balancers', () => {
  it('answers /healthz and /readyz (with the database checked), never rate limited, never in the request log', async () => {
    const { app, logs } = await buildTestApp({ rateLimit: { windowMs: 60_000, checksPerWindow: 1, regPerWindow: 1 } });
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push(
        await app.inject({ url: '/healthz', remoteAddress: '203.0.113.9' }),
        await app.inject({ url: '/readyz', remoteAddress: '203.0.113.9' }),
      );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(answers[0]!.json()).toEqual({ status: 'ok' });
    expect(answers[1]!.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(answers[1]!.headers['cache-control']).toBe('no-store');
    // The API next to it is limited as before, and logged as before.
    await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=a', remoteAddress: '203.0.113.9' });
    expect((await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=b', remoteAddress: '203.0.113.9' })).statusCode).toBe(429);
    await app.close();
    expect(logs.text).toContain('/api/Index/checkuser');
    expect(logs.text).not.toMatch(/healthz|readyz/);
  });

  it('answers /readyz 503 naming each store that does not answer, /healthz still 200', async () => {
    const app = Fastify();
    await app.register(health);
    let redisUp = false;
    app.readiness.add('database', () => 1);
    app.readiness.add('redis', async () => {
      if (!redisUp) throw new Error('connect ECONNREFUSED');
    });
    const down = await app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unready', checks: { database: 'ok', redis: 'unreachable' }, reason: 'redis unreachable' });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    redisUp = true;
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await app.close();
  });
});
