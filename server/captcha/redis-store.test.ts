// The gateway's Redis store across a restart of a redis-server of its own (the store's contract and its other
// behaviour run in the package: packages/gateway/src/stores/redis-store.test.ts, on the run's shared server).
import { Redis } from 'ioredis';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import { createRedisStore } from '@game-register/gateway/internals';

let server: TestRedis;
beforeAll(async () => {
  server = await startTestRedis();
});
afterAll(() => server.close());

describe('the Redis store, on a real redis-server', () => {
  it('puts the shared secret back when Redis comes back empty, so instances keep agreeing', async () => {
    const client = new Redis(server.url, { retryStrategy: () => 50 });
    const store = createRedisStore(client, { prefix: 'restart:', secret: null });
    const secret = await store.secret();
    await server.stop();
    await server.start();
    const fresh = new Redis(server.url);
    await expect.poll(() => fresh.get('restart:secret'), { timeout: 10_000 }).toBe(secret);
    expect(await createRedisStore(fresh, { prefix: 'restart:', secret: null }).secret()).toBe(secret);
    await Promise.all([client.quit(), fresh.quit()]);
  });
});
