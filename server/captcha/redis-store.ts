import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { FAILURE_RUN_TTL_MS, FAILURES_BEFORE_LOCK, StoreUnavailableError, type CaptchaStore } from './store';

/**
 * One failure more for an address, in one step: the fifth in a row drops the run and sets the lock.
 * KEYS: run, lock. ARGV: failures before the lock, locked-until, lock ms, run ms.
 */
const RECORD_FAILURE = `
local count = redis.call('INCR', KEYS[1])
if count >= tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
end
return count`;

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
    run: (address: string) => `${prefix}failures:${address}`,
    lock: (address: string) => `${prefix}lock:${address}`,
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
    async lockedUntil(address) {
      const value = await run(() => redis.get(key.lock(address)));
      const lockedUntil = value === null ? 0 : Number(value);
      return lockedUntil > now() ? lockedUntil : 0;
    },
    async recordFailure(address, lockMs) {
      const args = [FAILURES_BEFORE_LOCK, now() + lockMs, lockMs, FAILURE_RUN_TTL_MS];
      await run(() => redis.eval(RECORD_FAILURE, 2, key.run(address), key.lock(address), ...args));
    },
    async clearFailures(address) {
      await run(() => redis.del(key.run(address)));
    },
    async sweep() {}, // every key carries its own expiry
    async ping() {
      await run(() => redis.ping());
    },
  };
}
