import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** How long a command may wait for Redis before it counts as unavailable. */
const COMMAND_TIMEOUT_MS = 1000;
/** How long the server waits for Redis at start before it listens anyway (and keeps reconnecting). */
const FIRST_CONNECT_WAIT_MS = 3000;

/**
 * A Redis client for shared state: it keeps reconnecting for ever (every 100 ms up to every 2 s), and while
 * Redis is away every command fails at once (no offline queue, short timeouts), so no request hangs.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    // Commands issued in one turn of the event loop go out in one write: a burst of challenges made about
    // 4 socket writes each, the event loop's largest cost after the pictures (README, the stock's figures).
    enableAutoPipelining: true,
  });
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
