import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import captchaApi from './captcha-api';
import { createChallengeStock } from '../drawing/challenge-stock';
import { createDifficulty } from '../core/flows/difficulty';
import { createDrawer, DrawQueueFullError } from '../drawing/draw-pool';
import { eventsWith } from '../core/rules/events';
import { passGate } from '../core/flows/pass-gate';
import { captchaGate, type CaptchaGate } from './gate';
import { ensureCaptchaTables } from '../stores/libsql-schema';
import { createLibsqlStore } from '../stores/libsql-store';
import { readGatewayOptions, type GatewayOptions } from './options';
import { checkedOriginAs, shippedOriginAs } from '../core/rules/networks/default-judge';
import { createNetworkJudge } from '../core/rules/networks/network-kind';
import { createRedisStore } from '../stores/redis-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pass-token gate: the host reads the token from its request and spends it here. */
    captchaGate: CaptchaGate;
  }
}

/**
 * Strict mode as a plugin: the challenge, verify and accessible routes under the prefix of the scope it is
 * registered in, and `fastify.captchaGate` for the route the host protects. Its state is on Redis or in a
 * libsql database, as `store` says.
 */
async function gateway(fastify: FastifyInstance, options: GatewayOptions) {
  const captcha = readGatewayOptions(options);
  // Before anything starts: a table of no ranges stops the start here.
  const originAs = captcha.originAs ? checkedOriginAs(captcha.originAs) : shippedOriginAs();
  const now = captcha.clock;
  const events = eventsWith(captcha.events);
  if (captcha.store.kind === 'libsql') ensureCaptchaTables(captcha.store.database);
  const store =
    captcha.store.kind === 'redis'
      ? createRedisStore(captcha.store.client, {
          prefix: captcha.store.prefix,
          secret: captcha.secret,
          now,
          replicated: captcha.store.replicated ?? null,
        })
      : createLibsqlStore(captcha.store.database, captcha.secret, now);
  // Created (or fetched) at start rather than by the first racing requests; Redis away: fetched later.
  await store.secret().catch((error: unknown) => fastify.log.warn({ err: error }, 'the captcha secret is not available yet'));
  if (captcha.testSeed !== null)
    fastify.log.warn({ seed: captcha.testSeed }, 'the captcha test seed is set: every puzzle is the same (tests only)');
  const drawer = createDrawer({ threads: captcha.draw.threads, maxQueue: captcha.draw.queue, seed: captcha.testSeed });
  drawer.onDrawFinished((seconds) => events.drawFinished(seconds));
  // Filled by the draw threads only (CAPTCHA_DRAW_THREADS=0 has no stock: it would draw on the event loop).
  const stock = createChallengeStock({
    drawer,
    size: captcha.stock,
    parallel: captcha.draw.threads,
    onRefillError: (error) => {
      if (!(error instanceof DrawQueueFullError)) fastify.log.error({ err: error }, 'a puzzle for the stock could not be drawn');
    },
  });
  fastify.addHook('onClose', async () => {
    stock.close();
    await drawer.close();
  });
  events.levels({ drawQueue: () => drawer.queueSize, stock: () => stock.levels() });
  const difficulty = createDifficulty({
    signals: store.signals,
    switches: captcha.switches,
    holdout: captcha.holdout,
    random: Math.random, // whether a level-0 challenge is in the holdout: nothing to keep secret
    pinned: captcha.level === 'adaptive' ? null : captcha.level,
    events,
    onError: (error) => fastify.log.warn({ err: error }, 'a difficulty level could not be stored; it is read again at the next challenge'),
  });
  const networkJudge = createNetworkJudge(originAs, captcha.networks);
  fastify.decorate('captchaGate', captchaGate(passGate(store, now, events)));
  await fastify.register(captchaApi, {
    store,
    drawer,
    stock,
    work: captcha.work,
    networkAnswers: captcha.networkChallenges,
    now,
    events,
    difficulty,
    networkJudge,
    clientAddress: captcha.clientAddress,
  });
}

export default fp(gateway, { name: '@game-register/gateway', fastify: '5.x' });
