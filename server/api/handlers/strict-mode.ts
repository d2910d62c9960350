// Strict mode's glue: the gateway package registered on the /api wing with the server's settings, stores, clock,
// metrics and client address. Only the wing's pipeline registers it (step 5), and only the wing reads its gate
// (step 4), so it lives in the wing; nothing below the wing knows strict mode beyond its settings and metrics.
import type { FastifyInstance } from 'fastify';
import gateway, { type CaptchaGate, type GatewayEvents, type GatewayOptions } from '@game-register/gateway';
import type { StrictModeSite } from '../../site/operator-switches';
import type { CaptchaConfig } from '../../config/config';
import { NO_METRICS } from '../../metrics/contract';
import type { PrometheusMetrics } from '../../metrics/prometheus-metrics';
import { watchOperatorSwitches } from '../../metrics/operator-gauge';

export interface StrictModeOptions {
  captcha: CaptchaConfig;
  now?: () => number;
  /** The operator switches and networks in service (the live site's): read at every request, so a SIGHUP's take effect at the next. */
  strictModeSite: () => StrictModeSite;
  /** Told of every level change beside the metrics (the ledger of registrations judges again on a network's rise). */
  onLevelChanged?: GatewayEvents['levelChanged'];
  /** The client's address as the server decided it on arrival (server/client-address.ts). */
  clientAddressOf: (request: { raw: object }) => string;
}

/** `now` run `speed` times as fast from this moment on (CAPTCHA_TEST_CLOCK_SPEED: a bench plays 30 minutes in 2). */
export function spedUpClock(now: () => number, speed: number): () => number {
  if (speed === 1) return now;
  const start = now();
  return () => start + (now() - start) * speed;
}

/**
 * Strict mode on the /api scope: the gateway package's routes (challenge, verify, accessible), and its gate,
 * returned for the /api pipeline to put in front of reg (api/pipeline.ts: after the listed code, before
 * the embedded API or the proxy, so it guards both alike; its steps are in api/steps/gate.ts). Its state is on Redis
 * when the redis plugin is registered, else in the database (the database plugin).
 */
export async function registerStrictMode(
  fastify: FastifyInstance,
  { captcha, now = Date.now, strictModeSite, onLevelChanged, clientAddressOf }: StrictModeOptions,
): Promise<CaptchaGate> {
  const store: GatewayOptions['store'] = fastify.hasDecorator('redis')
    ? { kind: 'redis', client: fastify.redis, prefix: fastify.redisPrefix, replicated: fastify.redisReplicated }
    : { kind: 'libsql', database: fastify.sql };
  // Only the gateway's clock: the rest of the server (rate limits, logs, the ad reports) keeps real time.
  const clock = spedUpClock(now, captcha.testClockSpeed);
  if (captcha.testClockSpeed !== 1)
    fastify.log.warn(
      { speed: captcha.testClockSpeed },
      `strict mode's clock runs ${captcha.testClockSpeed} times as fast (CAPTCHA_TEST_CLOCK_SPEED: tests and benches only)`,
    );
  const metrics = fastify.hasDecorator('metrics') ? fastify.metrics : NO_METRICS;
  await fastify.register(gateway, {
    store,
    secret: captcha.secret,
    work: captcha.work,
    stock: captcha.stockSize,
    draw: { threads: captcha.drawThreads, queue: captcha.drawQueue },
    networkChallenges: captcha.networkChallenges,
    level: captcha.level,
    holdout: captcha.holdout,
    switches: strictModeSite,
    networks: () => strictModeSite().networks,
    testSeed: captcha.testSeed,
    clock,
    // The address decided once on arrival (server/client-address.ts): the same the rate limits, the log line and
    // the forwarded header use, and still there once the client has gone.
    clientAddress: clientAddressOf,
    // The metrics take the gateway's events as they are (server/metrics/contract.ts); a level change goes to the ledger too.
    events:
      onLevelChanged === undefined
        ? metrics
        : { ...metrics, levelChanged: (...change) => (metrics.levelChanged(...change), onLevelChanged(...change)) },
  });
  const registry = (metrics as Partial<PrometheusMetrics>).registry;
  if (registry) watchOperatorSwitches(registry, strictModeSite, clock);
  return fastify.captchaGate;
}
