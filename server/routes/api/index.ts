import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NO_METRICS } from '../../metrics/metrics';
import { apiCallOf } from './call-of';
import { ACCESSIBLE_LIMIT } from '../../captcha/limits';
import type { ServerConfig } from '../../config';
import { errorAnswer } from '../../plugins/error-answers';
import database from '../../plugins/database';
import redisConnection from '../../plugins/redis';
import { sharedLimitStore, type NamedLimit } from './rate-limit-store';
import referenceApi from './reference-api';
import type { ChannelSettingsGetter } from '../../channels/settings';
import funnelBeacon from './funnel-beacon';
import ads from '../../ads/plugin';
import { listedCodeHook, regWithoutBody } from './listed-code';

export interface ApiOptions {
  config: Pick<ServerConfig, 'apiTarget' | 'apiTimeoutMs' | 'databasePath' | 'rateLimit' | 'captcha' | 'redis' | 'ads' | 'port'>;
  /** The clock of strict mode's expiries (tests move it). */
  now?: () => number;
  /** The site's channels, read on every use (they may be re-read while the server runs). */
  channels: ChannelSettingsGetter;
}

const REGISTRATION_PATH = /^\/api\/index\/reg\/?(\?|$)/i;
const ACCESSIBLE_PATH = /^\/api\/captcha\/accessible\/?(\?|$)/i;
const BEACON_PATH = /^\/api\/funnel\/?(\?|$)/i;

/**
 * Everything under /api: per-address limits (reg apart from the rest), JSON 404, strict mode's captcha
 * routes and reg gate when CAPTCHA_MODE=strict, then the embedded API or the proxy. With REDIS_URL, the
 * limits and strict mode's state are shared by every instance on that Redis.
 */
export default async function api(fastify: FastifyInstance, { config, now, channels }: ApiOptions) {
  const { windowMs, checksPerWindow, regPerWindow } = config.rateLimit;
  const shared = config.redis.url !== null;
  if (shared) await fastify.register(redisConnection, { redis: { ...config.redis, url: config.redis.url! } });
  await fastify.register(rateLimit, {
    global: false,
    // Redis away: the limits let requests through rather than answer 500 (strict mode's reg fails closed anyway).
    ...(shared ? { store: sharedLimitStore(fastify.redis, config.redis.prefix), skipOnError: true } : {}),
  });
  const metrics = fastify.hasDecorator('metrics') ? fastify.metrics : NO_METRICS;
  const onExceeded = (request: FastifyRequest) => metrics.rateLimited(apiCallOf(request.url) ?? request.routeOptions.url ?? 'unmatched');
  const limit = (max: number, limitName: string, timeWindow = windowMs) =>
    fastify.rateLimit({ max, timeWindow, limitName, onExceeded } as Parameters<typeof fastify.rateLimit>[0] & NamedLimit);
  const limitChecks = limit(checksPerWindow, 'checks');
  const limitRegistrations = limit(regPerWindow, 'reg');
  // Strict mode's path without the picture has its own, tighter limit (one limiter runs per request).
  const limitAccessible = limit(ACCESSIBLE_LIMIT.max, 'accessible', ACCESSIBLE_LIMIT.windowMs);
  // The puzzle's beacons do not use up the visitor's checks.
  const limitBeacons = limit(checksPerWindow, 'funnel');
  // First, so the funnel labels a reg by the code it was sent with, even when a limit then refuses it.
  fastify.addHook('onRequest', listedCodeHook(channels));
  fastify.addHook('preValidation', regWithoutBody);
  fastify.addHook('onRequest', function limitByAddress(request, reply) {
    const limiter = REGISTRATION_PATH.test(request.url)
      ? limitRegistrations
      : ACCESSIBLE_PATH.test(request.url)
        ? limitAccessible
        : BEACON_PATH.test(request.url)
          ? limitBeacons
          : limitChecks;
    return limiter.call(this, request, reply);
  });

  fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(errorAnswer(404)));

  const strict = config.captcha.mode === 'strict';
  if (!config.apiTarget || (strict && !shared)) await fastify.register(database, { path: config.databasePath });
  if (strict) {
    const { registerStrictMode } = await import('../../captcha/index'); // the native canvas loads only when used
    await registerStrictMode(fastify, { captcha: config.captcha, now });
  }

  await fastify.register(funnelBeacon, { channels, metrics });
  // Before the answering routes: its onSend hook writes reg's conversion before the answer leaves.
  await fastify.register(ads, { config, channels, now });
  if (config.apiTarget) {
    const { default: apiProxy } = await import('./proxy'); // its HTTP client costs ~10 MB: loaded only when used
    await fastify.register(apiProxy, { target: config.apiTarget, timeoutMs: config.apiTimeoutMs, channels });
  } else {
    await fastify.register(referenceApi);
  }
}
