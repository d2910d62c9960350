// The delivery's promises (testing/ads/delivery-suite.ts) on the Redis outbox, as on libsql in delivery.test.ts.
import { Redis } from 'ioredis';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import { redisOutbox } from './redis-outbox';
import { describeDelivery } from '../../testing/ads/delivery-suite';

let redisServer: TestRedis | undefined;
afterAll(async () => {
  await redisServer?.stop();
});

describeDelivery('Redis', async () => {
  redisServer ??= await startTestRedis();
  const redis = new Redis(redisServer.url);
  await redis.flushall();
  return { outbox: redisOutbox(redis, 'test:', 'consumer-a'), close: async () => void redis.disconnect() };
});
