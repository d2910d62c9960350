import { startRedisServer, type RedisServer } from './redis-server';
/** A real redis-server for a test file (Debian's, installed by scripts/ensure-redis.ts when missing). */
export type TestRedis = RedisServer;
export declare const startTestRedis: typeof startRedisServer;
