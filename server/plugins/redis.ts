import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import type { RedisConfig } from '../config/config';
import { connectRedis, replicatedWrites, type ReplicatedWrites } from '../db/redis-connection';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis (REDIS_URL, or the primary behind REDIS_SENTINELS); only decorated when it is configured. */
    redis: Redis;
    redisPrefix: string;
    /** Behind Sentinel, the connection for writes that must outlive a failover (WAIT); null for REDIS_URL. */
    redisReplicated: ReplicatedWrites | null;
  }
}

/** Behind Sentinel, ready means connected to the primary: a demoted one still answers PING. */
async function primaryAnswers(redis: Redis) {
  const [role] = (await redis.call('ROLE')) as [string];
  if (role !== 'master') throw new Error(`connected to a ${role}`);
}

/** The connection to the shared Redis: opened at start (the server starts even when Redis is away), closed last. */
export default fp<{ redis: RedisConfig }>(
  async function redisConnection(fastify, { redis: config }) {
    const redis = await connectRedis(config, fastify.log);
    const replicated = replicatedWrites(config, redis);
    fastify.decorate('redis', redis);
    fastify.decorate('redisPrefix', config.prefix);
    fastify.decorate('redisReplicated', replicated);
    if (fastify.hasDecorator('readiness')) fastify.readiness.add('redis', () => (config.sentinel ? primaryAnswers(redis) : redis.ping()));
    fastify.addHook('onClose', async () => {
      const clients = [redis, ...(replicated ? [replicated.client] : [])];
      await Promise.all(clients.map((client) => client.quit().catch(() => {})));
      // quit leaves the sentinels' failover subscriptions open (ioredis#1362); disconnect closes them too.
      for (const client of clients) client.disconnect();
    });
  },
  { name: 'redis' },
);
