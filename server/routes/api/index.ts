import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_METRICS } from '../../metrics/contract';
import { ACCESSIBLE_LIMIT, CARRIER_NAT_VISITORS, createNetworkJudge, isCarrierNat, shippedOriginAs } from '@game-register/gateway/policy';
import { usesRedis, type ServerConfig } from '../../config';
import { errorAnswer } from '@game-register/gateway/answers';
import database from '../../plugins/database';
import redisConnection from '../../plugins/redis';
import { sharedLimitStore, type NamedLimit } from './rate-limit-store';
import referenceApi from './reference-api';
import type { ChannelSettingsGetter } from '../../channels/settings';
import type { SiteSwitches } from '../../site/operator-switches';
import funnelBeacon from './funnel-beacon';
import ads from '../../ads/plugin';
import { makeCodeListed } from './listed-code';
import { clientAddressOf } from '../../plugins/request-log';
import type { Budget } from '../../api-reading/calls';
import { backendCallOf, budgetOf, readingOf, readRequestBody, type ApiReading } from '../../api-reading/reading';

export interface ApiOptions {
  config: Pick<ServerConfig, 'apiTarget' | 'apiTimeoutMs' | 'apiForwardCookies' | 'databasePath' | 'rateLimit' | 'captcha' | 'redis' | 'ads' | 'port'>;
  /** The clock of strict mode's expiries (tests move it). */
  now?: () => number;
  /** The site's channels, read on every use (they may be re-read while the server runs). */
  channels: ChannelSettingsGetter;
  /** Strict mode's operator switches in service, read at every challenge (re-read with the site settings). */
  switches: () => SiteSwitches;
}

/** Outside the server's own rewriteUrl (which reads every /api request line), nothing is read: refused. */
const unread = (): ApiReading => ({ call: null, query: {}, body: null, bodyType: null, refusal: { status: 400, reason: 'unread' }, sentCode: null, channelHeader: null, adClicks: null });

/**
 * Everything under /api, on the one reading of each request (server/api-reading): its body read once from
 * the raw bytes, the rate limit of the budget its reading pays from, the refusal of what cannot be read one
 * way, reg's code made a listed one; then strict mode's routes and reg gate when CAPTCHA_MODE=strict, and
 * the embedded API or the proxy. With REDIS_URL (or REDIS_SENTINELS), the limits and strict mode's state are shared.
 */
export default async function api(fastify: FastifyInstance, { config, now, channels, switches }: ApiOptions) {
  const { windowMs, checksPerWindow, regPerWindow } = config.rateLimit;
  const shared = usesRedis(config.redis);
  if (shared) await fastify.register(redisConnection, { redis: config.redis });
  await fastify.register(rateLimit, {
    global: false,
    // The address read as the request arrived (a client gone since has none left to read), IPv6 by /64 as by default.
    keyGenerator: (request) => normalizeIP(clientAddressOf(request)),
    // Redis away: each instance counts in its own memory meanwhile (rate-limit-store.ts), never lets every call through.
    ...(shared ? { store: sharedLimitStore(fastify.redis, config.redis.prefix) } : {}),
  });
  const metrics = fastify.hasDecorator('metrics') ? fastify.metrics : NO_METRICS;
  const onExceeded = (request: FastifyRequest) => metrics.rateLimited(routeLabelOf(request));
  const limit = (max: number | ((request: FastifyRequest) => number), limitName: string, timeWindow = windowMs) =>
    fastify.rateLimit({ max, timeWindow, limitName, onExceeded } as Parameters<typeof fastify.rateLimit>[0] & NamedLimit);
  // A carrier's IPv4 address is a NAT of many people (docs/decisions.md, "Networks as they are"): its checks count as theirs.
  const judge = createNetworkJudge(shippedOriginAs(), () => switches().networks);
  const perVisitor = (max: number) => (request: FastifyRequest) => (isCarrierNat(judge(request.ip).kind, request.ip) ? max * CARRIER_NAT_VISITORS : max);
  const limits: Record<Budget, ReturnType<typeof limit>> = {
    checks: limit(perVisitor(checksPerWindow), 'checks'),
    reg: limit(regPerWindow, 'reg'),
    // Strict mode's path without the picture has its own, tighter limit.
    accessible: limit(ACCESSIBLE_LIMIT.max, 'accessible', ACCESSIBLE_LIMIT.windowMs),
    // The puzzle's beacons do not use up the visitor's checks.
    funnel: limit(perVisitor(checksPerWindow), 'funnel'),
  };

  // The body's bytes go to the reading alone: no other parser sees them.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  fastify.addHook('preValidation', async function readLimitRefuse(request: FastifyRequest, reply: FastifyReply) {
    const reading = readingOf(request) ?? unread();
    readRequestBody(reading, request.headers['content-type'], Buffer.isBuffer(request.body) ? request.body : undefined);
    request.query = reading.query;
    request.body = reading.body ?? undefined;
    await limits[budgetOf(reading)].call(this, request, reply);
    if (reading.refusal !== null) {
      const { status, reason } = reading.refusal;
      request.log.info({ refusal: reason }, 'api request refused');
      if (status === 405) reply.header('allow', 'POST');
      return reply.code(status).send(errorAnswer(status));
    }
    if (reading.call === 'reg') makeCodeListed(request, reading, channels());
  });
  // The reading named no call this server answers (or one strict mode answers, with strict mode off).
  fastify.all('/*', (_request, reply) => reply.code(404).send(errorAnswer(404)));
  fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(errorAnswer(404)));

  const strict = config.captcha.mode === 'strict';
  if (!config.apiTarget || (strict && !shared)) await fastify.register(database, { path: config.databasePath });
  if (strict) {
    const { registerStrictMode } = await import('../../captcha/index'); // the native canvas loads only when used
    await registerStrictMode(fastify, { captcha: config.captcha, now, switches });
  }

  await fastify.register(funnelBeacon, { channels, metrics });
  // Before the answering routes: its onSend hook writes reg's conversion before the answer leaves.
  await fastify.register(ads, { config, channels, now });
  if (config.apiTarget) {
    const { default: apiProxy } = await import('./proxy'); // its HTTP client costs ~10 MB: loaded only when used
    await fastify.register(apiProxy, { target: config.apiTarget, timeoutMs: config.apiTimeoutMs, forwardCookies: config.apiForwardCookies });
  } else {
    await fastify.register(referenceApi);
  }
}

/** The rate-limit metric's label: the backend call by name, else the route's pattern (bounded either way). */
function routeLabelOf(request: FastifyRequest): string {
  return backendCallOf(request) ?? request.routeOptions.url ?? 'unmatched';
}
