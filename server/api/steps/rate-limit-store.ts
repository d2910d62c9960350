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
export function withLocalFallback(
  shared: Pick<FastifyRateLimitStore, 'incr'>,
  local: Pick<FastifyRateLimitStore, 'incr'>,
): Pick<FastifyRateLimitStore, 'incr'> {
  return {
    incr(key, callback, timeWindow, max) {
      shared.incr(key, (error, result) => (error ? local.incr(key, callback, timeWindow, max) : callback(null, result)), timeWindow, max);
    },
  };
}

/** Keys this instance has seen past their limit, kept at most (the oldest forgotten first). */
export const EXCEEDED_REMEMBERED = 4096;

/**
 * Answers a key already past its limit from memory until its window ends, with no Redis round trip: the count only
 * grows within the window (neither `continueExceeding` nor `exponentialBackoff` is used here), so Redis would say
 * the same. A flood from one address then costs Redis one call a window, and its requests no objects that wait on
 * a round trip long enough to be kept by the garbage collector's young generation (docs/decisions/refusals-answered-from-memory.md). `now`:
 * milliseconds.
 */
export function withExceededMemory(
  store: Pick<FastifyRateLimitStore, 'incr'>,
  now: () => number = Date.now,
): Pick<FastifyRateLimitStore, 'incr'> {
  const exceeded = new Map<string, { current: number; until: number }>();
  return {
    incr(key, callback, timeWindow, max) {
      const known = exceeded.get(key);
      if (known !== undefined) {
        const ttl = known.until - now();
        if (ttl > 0) {
          known.current += 1;
          callback(null, { current: known.current, ttl });
          return;
        }
        exceeded.delete(key);
      }
      store.incr(
        key,
        (error, result) => {
          if (!error && result !== undefined && result.current > max && result.ttl > 0) {
            if (exceeded.size >= EXCEEDED_REMEMBERED) exceeded.delete(exceeded.keys().next().value!);
            exceeded.set(key, { current: result.current, until: now() + result.ttl });
          }
          callback(error, result);
        },
        timeWindow,
        max,
      );
    },
  };
}

/**
 * The rate-limit plugin's Redis store (one Lua script: INCR, PEXPIRE), keyed `<prefix>limit:<name>:<address>`,
 * so every instance on the Redis counts into the same window. With Redis away, each instance counts in its own
 * memory instead (the plugin's local store, same window and limits): never every call let through.
 */
export function sharedLimitStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  const storeFor = (params: LimitParams) => {
    const shared = new RedisStore(
      params.continueExceeding,
      params.exponentialBackoff,
      redis,
      `${prefix}limit:${params.limitName ?? 'global'}:`,
    );
    // What Redis said is past its limit, remembered (never what the local store counted while Redis was away).
    const remembered = params.continueExceeding || params.exponentialBackoff ? shared : withExceededMemory(shared);
    return withLocalFallback(remembered, new LocalStore(params.continueExceeding, params.exponentialBackoff));
  };
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
