import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisConfig } from '../config/config';

/** Where Redis is: REDIS_URL, or the sentinels that name its primary. */
export type RedisAddress = Pick<RedisConfig, 'url' | 'sentinel'>;

/** How long a command may wait for Redis before it counts as unavailable. */
const COMMAND_TIMEOUT_MS = 1000;
/** How long the server waits for Redis at start before it listens anyway (and keeps reconnecting). */
const FIRST_CONNECT_WAIT_MS = 3000;
/** Behind Sentinel, how long a write that must outlive a failover waits for a replica's confirmation (WAIT). */
export const REPLICA_WAIT_MS = 300;

/** Writes that must outlive a failover: each is followed by WAIT for `replicas` on this connection of its own. */
export interface ReplicatedWrites {
  client: Redis;
  replicas: number;
  timeoutMs: number;
}

/** The options every connection shares: no offline queue and short timeouts, so no request hangs. */
const COMMON: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: 2000,
  retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  // Commands issued in one turn of the event loop go out in one write: a burst of challenges made about
  // 4 socket writes each, the event loop's largest cost after the pictures (bench/README.md, the stock's figures).
  enableAutoPipelining: true,
};

/** ioredis's options for REDIS_URL, or for the primary the sentinels name (REDIS_SENTINELS). */
function optionsOf({ sentinel }: RedisAddress): RedisOptions {
  if (!sentinel) return COMMON;
  return {
    ...COMMON,
    sentinels: sentinel.sentinels,
    name: sentinel.master,
    ...(sentinel.sentinelPassword === null ? {} : { sentinelPassword: sentinel.sentinelPassword }),
    ...(sentinel.password === null ? {} : { password: sentinel.password }),
    sentinelRetryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    // Told by the sentinels' +switch-master, the client leaves the old primary at once instead of at its next error.
    failoverDetector: true,
    // A demoted primary that still answers refuses writes: reconnect, and the sentinels name the new one.
    reconnectOnError: (error) => error.message.startsWith('READONLY'),
  };
}

/** A client of REDIS_URL or of the primary behind the sentinels; RedisConfig's url or sentinel must be set. */
function clientOf(config: RedisAddress): Redis {
  return config.url !== null ? new Redis(config.url, COMMON) : new Redis(optionsOf(config));
}

/**
 * A Redis client for shared state: it keeps reconnecting for ever (every 100 ms up to every 2 s), and while
 * Redis is away every command fails at once (no offline queue, short timeouts), so no request hangs. Behind
 * Sentinel it asks the sentinels for the primary at every connection, so a failover is followed without a restart.
 */
export async function connectRedis(config: RedisAddress, log: FastifyBaseLogger): Promise<Redis> {
  const redis = clientOf(config);
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn({ err: { message: error.message } }, 'Redis is unreachable; retrying (strict mode fails closed meanwhile)');
  });
  redis.on('ready', () => {
    if (away) log.info('Redis is reachable again');
    away = false;
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
    redis.once('ready', done);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
  });
  if (redis.status !== 'ready') log.warn({ status: redis.status }, 'Redis is not reachable at start; serving anyway and reconnecting');
  return redis;
}

/**
 * Behind Sentinel, the connection for writes that must outlive a failover (a spent pass token, a conversion
 * in the outbox): WAIT blocks its connection, so it has one of its own and holds up no other command. Null
 * for REDIS_URL, where no replica is promoted.
 */
export function replicatedWrites(config: RedisAddress, shared: Redis): ReplicatedWrites | null {
  if (!config.sentinel) return null;
  const client = shared.duplicate();
  client.on('error', () => {}); // the shared client logs Redis's state
  return { client, replicas: 1, timeoutMs: REPLICA_WAIT_MS };
}
