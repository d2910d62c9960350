import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
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

/**
 * The rate-limit plugin's Redis store (one Lua script: INCR, PEXPIRE), keyed `<prefix>limit:<name>:<address>`,
 * so every instance on the Redis counts into the same window.
 */
export function sharedLimitStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  const storeFor = (params: LimitParams) =>
    new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, `${prefix}limit:${params.limitName ?? 'global'}:`);
  class SharedLimitStore {
    private readonly inner: FastifyRateLimitStore;
    constructor(params: LimitParams) {
      this.inner = storeFor(params);
    }
    incr(...args: Parameters<FastifyRateLimitStore['incr']>) {
      this.inner.incr(...args);
    }
    child(params: LimitParams): FastifyRateLimitStore {
      return storeFor(params);
    }
  }
  return SharedLimitStore as unknown as FastifyRateLimitStoreCtor;
}
