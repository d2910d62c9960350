import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

/** Names each limiter's counters apart (the plugin's own Redis store gives every limiter one key space). */
export interface NamedLimit {
  limitName: string;
}

/** What the plugin really hands a store: its merged parameters, including ours (its typings say otherwise). */
interface LimitParams extends Partial<NamedLimit> {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** Counts in `shared`; a call it cannot count (Redis away: an error, or no answer within the command timeout) counts in `local`. */
export function withLocalFallback(shared: FastifyRateLimitStore, local: FastifyRateLimitStore): Pick<FastifyRateLimitStore, 'incr'> {
  return {
    incr(key, callback, timeWindow, max) {
      shared.incr(key, (error, result) => (error ? local.incr(key, callback, timeWindow, max) : callback(null, result)), timeWindow, max);
    },
  };
}

/**
 * The rate-limit plugin's Redis store (one Lua script: INCR, PEXPIRE), keyed `<prefix>limit:<name>:<address>`,
 * so every instance on the Redis counts into the same window. With Redis away, each instance counts in its own
 * memory instead (the plugin's local store, same window and limits): never every call let through.
 */
export function sharedLimitStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  const storeFor = (params: LimitParams) =>
    withLocalFallback(
      new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, `${prefix}limit:${params.limitName ?? 'global'}:`),
      new LocalStore(params.continueExceeding, params.exponentialBackoff),
    );
  class SharedLimitStore {
    private readonly inner: Pick<FastifyRateLimitStore, 'incr'>;
    constructor(params: LimitParams) {
      this.inner = storeFor(params);
    }
    incr(...args: Parameters<FastifyRateLimitStore['incr']>) {
      this.inner.incr(...args);
    }
    child(params: LimitParams): FastifyRateLimitStore {
      return storeFor(params) as FastifyRateLimitStore; // the plugin calls child() once per limiter, then only incr()
    }
  }
  return SharedLimitStore as unknown as FastifyRateLimitStoreCtor;
}
