import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import type { RedisConfig } from '../config';
import { connectRedis } from '../redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis (REDIS_URL); only decorated when it is configured. */
    redis: Redis;
    redisPrefix: string;
  }
}

/** The connection to the shared Redis: opened at start (the server starts even when Redis is away), closed last. */
export default fp<{ redis: RedisConfig & { url: string } }>(
  async function redisConnection(fastify, { redis: { url, prefix } }) {
    const redis = await connectRedis(url, fastify.log);
    fastify.decorate('redis', redis);
    fastify.decorate('redisPrefix', prefix);
    if (fastify.hasDecorator('readiness')) fastify.readiness.add('redis', () => redis.ping());
    fastify.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
