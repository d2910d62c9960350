import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { FAILURE_WINDOW_MS, FAILURES_BEFORE_LOCK, NETWORK_FAILURES_BEFORE_LOCK, StoreUnavailableError, type CaptchaStore } from './store';

/**
 * One failure more for an address and for its network, in one step. Each count is a hash {count, at}
 * that starts again when its latest failure is older than the window (on the store's clock, like every
 * other expiry here) and, from its threshold on, (re)sets its lock. A success never touches them.
 * KEYS: address count, address lock, network count, network lock.
 * ARGV: address threshold, network threshold, now, lock ms, window ms.
 */
const RECORD_FAILURE = `
local now = tonumber(ARGV[3])
for i = 0, 1 do
  local counter = KEYS[1 + i * 2]
  local latest = tonumber(redis.call('HGET', counter, 'at') or '0')
  local count = 1
  if latest > now - tonumber(ARGV[5]) then count = redis.call('HINCRBY', counter, 'count', 1)
  else redis.call('HSET', counter, 'count', 1) end
  redis.call('HSET', counter, 'at', now)
  redis.call('PEXPIRE', counter, ARGV[5])
  if count >= tonumber(ARGV[1 + i]) then
    redis.call('SET', KEYS[2 + i * 2], now + tonumber(ARGV[4]), 'PX', ARGV[4])
  end
end
return 1`;

/** A fixed window from its first call, on the store's clock. KEYS: counter hash. ARGV: now, window ms. */
const COUNT_HIT = `
local now = tonumber(ARGV[1])
local ends = tonumber(redis.call('HGET', KEYS[1], 'ends') or '0')
if ends <= now then
  redis.call('HSET', KEYS[1], 'count', 1, 'ends', now + tonumber(ARGV[2]))
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return redis.call('HINCRBY', KEYS[1], 'count', 1)`;

export interface RedisStoreOptions {
  /** Every key starts with it (REDIS_PREFIX), so deployments can share one Redis. */
  prefix: string;
  /** CAPTCHA_SECRET, or null to share one generated secret through Redis. */
  secret: string | null;
  now?: () => number;
}

/**
 * Strict mode's state on Redis, for many instances behind one balancer. Take and spend are single
 * commands (GETDEL, SET NX), never a read and a delete; every key but the shared secret expires.
 */
export function createRedisStore(redis: Redis, { prefix, secret: configuredSecret, now = Date.now }: RedisStoreOptions): CaptchaStore {
  const key = {
    challenge: (id: string) => `${prefix}challenge:${id}`,
    spent: (id: string) => `${prefix}spent:${id}`,
    failures: (subject: string) => `${prefix}failures:${subject}`,
    lock: (subject: string) => `${prefix}lock:${subject}`,
    hits: (name: string) => `${prefix}hits:${name}`,
    secret: `${prefix}secret`,
  };
  const ttl = (expiresAt: number) => Math.max(1, Math.ceil(expiresAt - now()));
  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError('redis', error);
    }
  };

  let secret = configuredSecret;
  if (configuredSecret === null) {
    // Redis restarted without its data: the first instance back puts the secret every instance still holds.
    redis.on('ready', () => {
      if (secret !== null) redis.set(key.secret, secret, 'NX').catch(() => {});
    });
  }

  return {
    kind: 'redis',
    async secret() {
      if (secret === null) {
        const shared = await run(async () => {
          await redis.set(key.secret, randomBytes(32).toString('hex'), 'NX');
          return redis.get(key.secret);
        });
        if (shared === null) throw new StoreUnavailableError('redis', new Error('the shared secret vanished'));
        secret = shared;
      }
      return secret;
    },
    async putChallenge(id, { gapX, expiresAt }) {
      await run(() => redis.set(key.challenge(id), `${gapX}:${expiresAt}`, 'PX', ttl(expiresAt)));
    },
    async takeChallenge(id) {
      const value = await run(() => redis.getdel(key.challenge(id)));
      if (value === null) return null;
      const [gapX, expiresAt] = value.split(':').map(Number) as [number, number];
      return expiresAt > now() ? { gapX, expiresAt } : null;
    },
    async spendToken(id, expiresAt) {
      return (await run(() => redis.set(key.spent(id), '1', 'PX', ttl(expiresAt), 'NX'))) === 'OK';
    },
    async standing(address, network) {
      const net = `net:${network}`;
      const at = now();
      const replies = await run(() =>
        redis.multi().hmget(key.failures(address), 'count', 'at').get(key.lock(address)).hmget(key.failures(net), 'count', 'at').get(key.lock(net)).exec(),
      );
      const [failures, lock, networkFailures, networkLock] = (replies ?? []).map(([error, value]) => {
        if (error) throw new StoreUnavailableError('redis', error);
        return value as string | null | (string | null)[];
      });
      const recent = (counter: unknown) => {
        const [count, latest] = (counter as (string | null)[] | undefined) ?? [];
        return count && Number(latest) > at - FAILURE_WINDOW_MS ? Number(count) : 0;
      };
      const lockedUntil = Math.max(Number(lock ?? 0), Number(networkLock ?? 0));
      return { lockedUntil: lockedUntil > at ? lockedUntil : 0, failures: recent(failures), networkFailures: recent(networkFailures) };
    },
    async recordFailure(address, network, lockMs) {
      const net = `net:${network}`;
      const keys = [key.failures(address), key.lock(address), key.failures(net), key.lock(net)];
      const args = [FAILURES_BEFORE_LOCK, NETWORK_FAILURES_BEFORE_LOCK, now(), lockMs, FAILURE_WINDOW_MS];
      await run(() => redis.eval(RECORD_FAILURE, 4, ...keys, ...args));
    },
    async countHit(name, windowMs) {
      return Number(await run(() => redis.eval(COUNT_HIT, 1, key.hits(name), now(), windowMs)));
    },
    async sweep() {}, // every key carries its own expiry
    async ping() {
      await run(() => redis.ping());
    },
  };
}
