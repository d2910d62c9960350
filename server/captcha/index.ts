import type { FastifyInstance } from 'fastify';
import gateway, { type GatewayOptions } from '@game-register/gateway';
import type { CaptchaConfig } from '../config';
import { NO_METRICS } from '../metrics/metrics';
import { registrationGate } from './gate-hook';
import { metricsEvents } from './metrics-events';

export interface StrictModeOptions {
  captcha: CaptchaConfig;
  now?: () => number;
}

/**
 * Strict mode on the /api scope: the gateway package's routes (challenge, verify, accessible) and its gate in
 * front of reg (a preValidation hook of the enclosing scope, so it guards the embedded API and the proxy
 * alike). Its state is on Redis when the redis plugin is registered, else in the database (the database plugin).
 */
export async function registerStrictMode(fastify: FastifyInstance, { captcha, now = Date.now }: StrictModeOptions) {
  const store: GatewayOptions['store'] = fastify.hasDecorator('redis')
    ? { kind: 'redis', client: fastify.redis, prefix: fastify.redisPrefix }
    : { kind: 'libsql', database: fastify.sql };
  await fastify.register(gateway, {
    store,
    secret: captcha.secret,
    work: captcha.work,
    stock: captcha.stockSize,
    draw: { threads: captcha.drawThreads, queue: captcha.drawQueue },
    networkChallenges: captcha.networkChallenges,
    level: captcha.level,
    testSeed: captcha.testSeed,
    clock: now,
    events: metricsEvents(fastify.hasDecorator('metrics') ? fastify.metrics : NO_METRICS),
  });
  fastify.addHook('preValidation', registrationGate(fastify.captchaGate));
}
