import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { FAILURE_WINDOW_MS, FAILURES_BEFORE_LOCK } from '../core/rules/policy';
import type { Level } from '../core/rules/policy';
import { createRedisSignals } from './redis-signals';
import { kindOf } from '../core/rules/networks/network-kind';
import { StoreUnavailableError, type CaptchaStore, type Standing } from '../core/ports';
import { allowanceTtlMs } from './allowance-ttl';
import { ADMIT_CHALLENGE, COUNT_ATTEMPT, COUNT_HIT, SETTLE_ATTEMPT, TAKE_ALLOWANCE } from './redis-scripts';

/** A standing from its stored fields: the address's count and latest failure, its lock, the network's count and window end. */
function standingOf([count, latest, lock, networkCount, ends]: (string | null | undefined)[], at: number): Standing {
  const lockedUntil = Number(lock ?? 0);
  return {
    lockedUntil: lockedUntil > at ? lockedUntil : 0,
    failures: count && Number(latest) > at - FAILURE_WINDOW_MS ? Number(count) : 0,
    networkFailures: networkCount && Number(ends) > at ? Number(networkCount) : 0,
  };
}

/** A connection of its own (WAIT blocks it) on which a spent pass token waits until `replicas` replicas hold it. */
export interface ReplicatedSpends {
  client: Redis;
  replicas: number;
  timeoutMs: number;
}

export interface RedisStoreOptions {
  /** Every key starts with it (REDIS_PREFIX), so deployments can share one Redis. */
  prefix: string;
  /** CAPTCHA_SECRET, or null to share one generated secret through Redis. */
  secret: string | null;
  now?: () => number;
  /** Behind Sentinel: where a pass token's spend waits for replicas (null: no replica is ever promoted). */
  replicated?: ReplicatedSpends | null;
}

/**
 * Strict mode's state on Redis, for many instances behind one balancer. Take and spend are single
 * commands (GETDEL, SET NX), never a read and a delete; every key but the shared secret expires.
 */
export function createRedisStore(
  redis: Redis,
  { prefix, secret: configuredSecret, now = Date.now, replicated = null }: RedisStoreOptions,
): CaptchaStore {
  const key = {
    challenge: (id: string) => `${prefix}challenge:${id}`,
    spent: (id: string) => `${prefix}spent:${id}`,
    facts: (id: string) => `${prefix}pass-facts:${id}`,
    failures: (address: string) => `${prefix}fails:${address}`, // not `failures:` (earlier, strings): a key keeps its type
    networkFailures: (network: string) => `${prefix}fails:net:${network}`,
    lock: (address: string) => `${prefix}lock:${address}`,
    hits: (name: string) => `${prefix}hits:${name}`,
    allowance: (name: string) => `${prefix}allow:${name}`,
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
    signals: createRedisSignals(redis, prefix, run),
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
    async putChallenge(id, { gapX, expiresAt, level, picture, address, network, kind }) {
      // Who fetched it after a space: an IPv6 address has colons of its own.
      await run(() =>
        redis.set(key.challenge(id), `${gapX}:${expiresAt}:${level}:${picture} ${kind} ${address} ${network}`, 'PX', ttl(expiresAt)),
      );
    },
    async takeChallenge(id) {
      const value = await run(() => redis.getdel(key.challenge(id)));
      if (value === null) return null;
      const [sealed = '', kind, address = '', network = ''] = value.split(' ');
      const [gapX, expiresAt, level = '0', picture = 'guarded'] = sealed.split(':') as [string, string, string?, string?];
      // One put by an earlier release has no level: it was drawn guarded, at what is now level 0.
      if (Number(expiresAt) <= now()) return null;
      return {
        gapX: Number(gapX),
        expiresAt: Number(expiresAt),
        level: Number(level) as Level,
        picture: picture === 'plain' ? 'plain' : 'guarded',
        address,
        network,
        kind: kindOf(kind),
      };
    },
    async spendToken(id, expiresAt, mustReplicate = false) {
      if (!mustReplicate || replicated === null)
        return (await run(() => redis.set(key.spent(id), '1', 'PX', ttl(expiresAt), 'NX'))) === 'OK';
      // WAIT follows the SET on its connection: a spend no replica holds could be undone by a failover, so it
      // does not count (fail closed; the token stays spent on this primary).
      const { client, replicas, timeoutMs } = replicated;
      const [set, acknowledged] = await run(() =>
        Promise.all([client.set(key.spent(id), '1', 'PX', ttl(expiresAt), 'NX'), client.wait(replicas, timeoutMs)]),
      );
      if (acknowledged < replicas)
        throw new StoreUnavailableError('redis', new Error(`the spend reached ${acknowledged} of ${replicas} replicas in ${timeoutMs} ms`));
      return set === 'OK';
    },
    async putPassFacts(tokenId, facts, expiresAt) {
      // Its expiry first, as the challenge's: the store's clock, not only Redis's own, says when it is gone.
      await run(() => redis.set(key.facts(tokenId), `${expiresAt} ${facts}`, 'PX', ttl(expiresAt)));
    },
    async takePassFacts(tokenId) {
      const value = await run(() => redis.getdel(key.facts(tokenId)));
      const space = value?.indexOf(' ') ?? -1;
      return value && space > 0 && Number(value.slice(0, space)) > now() ? value.slice(space + 1) : null;
    },
    async standing(address, network) {
      const at = now();
      const replies = await run(() =>
        redis
          .multi()
          .hmget(key.failures(address), 'count', 'at')
          .get(key.lock(address))
          .hmget(key.networkFailures(network), 'count', 'ends')
          .exec(),
      );
      const [failures, lock, networkFailures] = (replies ?? []).map(([error, value]) => {
        if (error) throw new StoreUnavailableError('redis', error);
        return value as string | null | (string | null)[];
      });
      const [count, latest] = (failures as (string | null)[] | undefined) ?? [];
      const [networkCount, ends] = (networkFailures as (string | null)[] | undefined) ?? [];
      return standingOf([count, latest, lock as string | null, networkCount, ends], at);
    },
    async admitChallenge(address, network, hitKey, windowMs, max) {
      const at = now();
      const keys = [key.failures(address), key.lock(address), key.networkFailures(network), key.hits(hitKey)];
      const reply = (await run(() => redis.eval(ADMIT_CHALLENGE, 4, ...keys, at, windowMs, max))) as (string | number | null)[];
      const standing = standingOf(reply.slice(0, 5) as (string | null)[], at);
      const [hits, endsAt] = [Number(reply[5]), Number(reply[6])];
      return { standing, hit: hits === 0 ? null : { count: hits, endsAt } };
    },
    async countAttempt(address) {
      const keys = [key.failures(address), key.lock(address)];
      const [failures, lockedUntil] = (await run(() => redis.eval(COUNT_ATTEMPT, 2, ...keys, now(), FAILURE_WINDOW_MS))) as [
        number,
        number,
      ];
      return { failures: Number(failures), lockedUntil: Number(lockedUntil) };
    },
    async settleAttempt(address, network, passed, lockMs) {
      const keys = [key.failures(address), key.lock(address), ...(network === null || passed ? [] : [key.networkFailures(network)])];
      await run(() =>
        redis.eval(SETTLE_ATTEMPT, keys.length, ...keys, passed ? 1 : 0, FAILURES_BEFORE_LOCK, now(), lockMs, FAILURE_WINDOW_MS),
      );
    },
    async countHit(name, windowMs) {
      const [count, endsAt] = (await run(() => redis.eval(COUNT_HIT, 1, key.hits(name), now(), windowMs))) as [number, number];
      return { count: Number(count), endsAt: Number(endsAt) };
    },
    async takeAllowance(name, allowance) {
      const [granted, waitMs] = (await run(() =>
        redis.eval(TAKE_ALLOWANCE, 1, key.allowance(name), now(), allowance.burst, allowance.perMinute, allowanceTtlMs(allowance)),
      )) as [number, number];
      return { granted: Number(granted) === 1, waitMs: Number(waitMs) < 0 ? Infinity : Number(waitMs) };
    },
    async sweep() {}, // every key carries its own expiry
    async ping() {
      await run(() => redis.ping());
    },
  };
}
