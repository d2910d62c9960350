import { startRedisServer, type RedisServer } from '../scripts/redis-server.mjs';

/** A real redis-server for a test file (Debian's, installed by scripts/ensure-redis.mjs when missing). */
export type TestRedis = RedisServer;
export const startTestRedis = startRedisServer;
