import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NO_METRICS } from '../../metrics/metrics';
import { apiCallOf } from './call-of';
import type { ServerConfig } from '../../config';
import { errorAnswer } from '../../plugins/error-answers';
import database from '../../plugins/database';
import referenceApi from './reference-api';

export interface ApiOptions {
  config: Pick<ServerConfig, 'apiTarget' | 'apiTimeoutMs' | 'databasePath' | 'rateLimit' | 'captcha'>;
  /** The clock of strict mode's expiries (tests move it). */
  now?: () => number;
}

const REGISTRATION_PATH = /^\/api\/index\/reg\/?(\?|$)/i;

/**
 * Everything under /api: per-address limits (reg apart from the rest), JSON 404, strict mode's captcha
 * routes and reg gate when CAPTCHA_MODE=strict, then the embedded API or the proxy.
 */
export default async function api(fastify: FastifyInstance, { config, now }: ApiOptions) {
  const { windowMs, checksPerWindow, regPerWindow } = config.rateLimit;
  await fastify.register(rateLimit, { global: false });
  const metrics = fastify.hasDecorator('metrics') ? fastify.metrics : NO_METRICS;
  const onExceeded = (request: FastifyRequest) => metrics.rateLimited(apiCallOf(request.url) ?? request.routeOptions.url ?? 'unmatched');
  const limitChecks = fastify.rateLimit({ max: checksPerWindow, timeWindow: windowMs, onExceeded });
  const limitRegistrations = fastify.rateLimit({ max: regPerWindow, timeWindow: windowMs, onExceeded });
  fastify.addHook('onRequest', function limitByAddress(request, reply) {
    return (REGISTRATION_PATH.test(request.url) ? limitRegistrations : limitChecks).call(this, request, reply);
  });

  fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(errorAnswer(404)));

  const strict = config.captcha.mode === 'strict';
  if (!config.apiTarget || strict) await fastify.register(database, { path: config.databasePath });
  if (strict) {
    const { registerStrictMode } = await import('../../captcha/index'); // the native canvas loads only when used
    await registerStrictMode(fastify, { captcha: config.captcha, now });
  }

  if (config.apiTarget) {
    const { default: apiProxy } = await import('./proxy'); // its HTTP client costs ~10 MB: loaded only when used
    await fastify.register(apiProxy, { target: config.apiTarget, timeoutMs: config.apiTimeoutMs });
  } else {
    await fastify.register(referenceApi);
  }
}
