import type { FastifyInstance } from 'fastify';
import type { CaptchaConfig } from '../config';
import { NO_METRICS } from '../metrics/metrics';
import captchaApi from './captcha-api';
import { createChallengeStock } from './challenge-stock';
import { createDrawer, DrawQueueFullError } from './draw-pool';
import { registrationGate } from './gateway';
import { createLibsqlStore } from './libsql-store';
import { createRedisStore } from './redis-store';

export { cryptoRandom } from './random';

export interface StrictModeOptions {
  captcha: CaptchaConfig;
  now?: () => number;
}

/**
 * Strict mode on the /api scope: the challenge and verify routes, and the reg gate (an onRequest hook of
 * the enclosing scope, so it guards the embedded API and the proxy alike). Its state is on Redis when the
 * redis plugin is registered, else in the database (the database plugin).
 */
export async function registerStrictMode(fastify: FastifyInstance, { captcha, now = Date.now }: StrictModeOptions) {
  const store = fastify.hasDecorator('redis')
    ? createRedisStore(fastify.redis, { prefix: fastify.redisPrefix, secret: captcha.secret, now })
    : createLibsqlStore(fastify.sql, captcha.secret, now);
  // Created (or fetched) at start rather than by the first racing requests; Redis away: fetched later.
  await store.secret().catch((error: unknown) => fastify.log.warn({ err: error }, 'the captcha secret is not available yet'));
  if (captcha.testSeed !== null) fastify.log.warn({ seed: captcha.testSeed }, 'CAPTCHA_TEST_SEED is set: every puzzle is the same (tests only)');
  const drawer = createDrawer({ threads: captcha.drawThreads, maxQueue: captcha.drawQueue, seed: captcha.testSeed });
  const metrics = fastify.hasDecorator('metrics') ? fastify.metrics : NO_METRICS;
  drawer.onDrawFinished((seconds) => metrics.drawFinished(seconds));
  // Filled by the draw threads only (CAPTCHA_DRAW_THREADS=0 has no stock: it would draw on the event loop).
  const stock = createChallengeStock({
    drawer,
    size: captcha.stockSize,
    parallel: captcha.drawThreads,
    onRefillError: (error) => {
      if (!(error instanceof DrawQueueFullError)) fastify.log.error({ err: error }, 'a puzzle for the stock could not be drawn');
    },
  });
  fastify.addHook('onClose', async () => {
    stock.close();
    await drawer.close();
  });
  metrics.watchDrawQueue(() => drawer.queueSize);
  metrics.watchChallengeStock(() => stock.levels());
  fastify.addHook('preValidation', registrationGate(store, now, metrics));
  await fastify.register(captchaApi, { store, drawer, stock, work: captcha.work, networkChallenges: captcha.networkChallenges, now });
}
