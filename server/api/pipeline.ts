// Everything under /api, registered here in the order a request goes through it:
//   1. read      the request line, once, in the server's rewriteUrl (app.ts, reading/reading.ts); here the
//                body, from its raw bytes (`withBody`): no other parser sees them
//   2. limit     the rate limit of the budget the reading pays from (rate-limits.ts; unreadable pays 'unproven';
//                a reg strict mode gates pays at step 4: reg's budget with an accepted pass token, else 'unproven')
//      or refuse what cannot be read one way (400, 404, 405, 415), never forwarded
//   3. listed code  reg's `code` made a listed one (`withListedCode`, listed-code.ts)
//   4. gate      strict mode: reg's pass token spent (`captchaGate.spend`) and dropped (`withoutPassToken`), or
//                the gate's answer (`withGateRefusal`) (steps/gate.ts)
//   5. handler   the beacon, strict mode's routes (handlers/strict-mode.ts), and the reference API or the
//                proxy (what it forwards: api/forward/forward.ts)
//   then the records, as the answer leaves: the funnel's metrics (api/records/funnel-record.ts), the logs (the
//   request log's line at the root, plugins/request-log.ts; each step's own line where it acts), and a reg's
//   values handed to the ad outbox (ads/reports.ts) and the ledger of registrations (ledger/ledger.ts), side by
//   side (api/records/registration-records.ts): they read no request.
// Each step takes the request's reading (readingOf) and keeps the new one it makes (keepReading); no step
// parses the request again. Fastify gives a scope's hooks only to the routes registered after them, so every
// hook is added before the first route.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CaptchaGate } from '@game-register/gateway';
import { errorAnswer } from '@game-register/gateway/answers';
import { budgetOf, keepReading, readingOf, UNREAD, withBody, type ApiReading } from './reading/reading';
import { openAdReports } from '../ads/reports';
import { openLedger } from '../ledger/ledger';
import { passTokenOf, withGateRefusal, withoutPassToken } from './steps/gate';
import { channelLabel } from '../channels/rules';
import type { ChannelSettingsGetter } from '../channels/site-channels';
import { ConfigError, usesRedis, type ServerConfig } from '../config/config';
import { forwardCookieProblems } from './reading/cookie-names';
import { NO_METRICS } from '../metrics/contract';
import { funnelRecord } from './records/funnel-record';
import { registrationRecords } from './records/registration-records';
import database from '../plugins/database';
import redisConnection from '../plugins/redis';
import { campaignOn, type StrictModeSite } from '../site/operator-switches';
import funnelBeacon from './handlers/funnel-beacon';
import { withListedCode } from './steps/listed-code';
import { budgetLimiters, type ClientAddressOf } from './steps/rate-limits';
import referenceApi from './handlers/reference-api';

export interface ApiOptions {
  config: Pick<
    ServerConfig,
    'apiTarget' | 'apiTimeoutMs' | 'apiForwardCookies' | 'databasePath' | 'rateLimit' | 'captcha' | 'redis' | 'ads' | 'port' | 'ledger'
  >;
  /** The clock of strict mode's expiries (tests move it). */
  now?: () => number;
  /** The site's channels, read on every use (they may be re-read while the server runs). */
  channels: ChannelSettingsGetter;
  /** Strict mode's part of the site settings in service (the operator's switches and networks), read at every request. */
  strictModeSite: () => StrictModeSite;
  /** The client's address, as the server decided it on arrival (server/client-address.ts): limits and strict mode count by it. */
  clientAddressOf: ClientAddressOf;
}

/** Step 2's refusal: the status of what cannot be read one way, as JSON, never forwarded. */
function sendRefusal(request: FastifyRequest, reply: FastifyReply, { status, reason }: NonNullable<ApiReading['refusal']>) {
  request.log.info({ refusal: reason }, 'api request refused');
  if (status === 405) reply.header('allow', 'POST');
  return reply.code(status).send(errorAnswer(status));
}

/**
 * The /api scope: its stores and parts first (the limits' Redis, the database, the ad outbox), then the
 * pipeline's steps and records as hooks, then the routes that answer. With REDIS_URL (or REDIS_SENTINELS),
 * the limits, strict mode's state and the ad outbox are shared by the instances.
 */
export default async function api(fastify: FastifyInstance, { config, now, channels, strictModeSite, clientAddressOf }: ApiOptions) {
  // A forwarded cookie named like a call's field stops the start, as a wrong setting does.
  const cookieProblems = forwardCookieProblems(config.apiForwardCookies);
  if (cookieProblems.length > 0) throw new ConfigError(cookieProblems);
  const shared = usesRedis(config.redis);
  const strict = config.captcha.mode === 'strict';
  const metrics = fastify.hasDecorator('metrics') ? fastify.metrics : NO_METRICS;
  if (shared) await fastify.register(redisConnection, { redis: config.redis });
  const limiters = await budgetLimiters(fastify, {
    rateLimit: config.rateLimit,
    sharedPrefix: shared ? config.redis.prefix : null,
    strictModeSite,
    metrics,
    clientAddressOf,
  });
  if (!config.apiTarget || (strict && !shared)) await fastify.register(database, { path: config.databasePath });
  // The ledger first: it opens the database where nothing else has, and the ad outbox then shares it.
  const ledger = await openLedger(fastify, { config, channels, now, campaignOn: () => campaignOn(strictModeSite(), Date.now()) });
  const ads = await openAdReports(fastify, { config, channels, now });
  const registrations = registrationRecords(ads, ledger);
  /** Strict mode's gate: known once its routes are registered (step 5, below), which must come after the hooks. */
  let gate: CaptchaGate | null = null;

  // 1. read: the body's bytes go to the reading alone.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  fastify.addHook('preValidation', async function pipeline(request, reply) {
    let reading = withBody(
      readingOf(request) ?? UNREAD,
      request.headers['content-type'],
      Buffer.isBuffer(request.body) ? request.body : undefined,
    );
    keepReading(request, reading);
    // 2. limit (a spent budget throws the 429), or refuse. A reg strict mode gates pays after its gate (step 4):
    // reg's budget when its pass token is accepted, its own ('unproven') when not.
    const regGate = reading.call === 'reg' && reading.refusal === null ? gate : null;
    if (regGate === null) await limiters[budgetOf(reading)].call(this, request, reply);
    if (reading.refusal !== null) return sendRefusal(request, reply, reading.refusal);
    // 3. listed code.
    const settings = channels();
    const listed = withListedCode(reading, settings);
    if (listed !== reading) request.log.info({ channel: channelLabel(reading.sentCode, settings) }, 'reg code rewritten to a listed one');
    reading = listed;
    // 4. gate.
    if (regGate !== null) {
      const verdict = await regGate.spend(passTokenOf(reading));
      await limiters[verdict.ok ? 'reg' : 'unproven'].call(this, request, reply);
      if (!verdict.ok) {
        if (verdict.refusal === 'unavailable')
          request.log.warn({ refusal: verdict.refusal }, 'reg refused: the captcha store is unavailable');
        keepReading(request, withGateRefusal(reading, verdict.refusal));
        return reply.code(200).send(verdict.answer);
      }
      registrations.keepPass(request, verdict.pass);
      reading = withoutPassToken(reading);
    }
    keepReading(request, reading);
    // What Fastify's own routes read (strict mode's validate their JSON body): the reading, as the steps left it.
    request.query = reading.query;
    request.body = reading.body ?? undefined;
  });
  // The records, as the answer leaves: the funnel's metrics, then the ad outbox and the ledger side by side
  // (before the answer is sent). One hook: the funnel's is synchronous, and only reg can be an ad conversion
  // or a ledger entry (both wait for their store).
  const recordFunnel = funnelRecord(metrics, channels);
  fastify.addHook('onSend', function records(request, reply, payload, done) {
    recordFunnel.call(this, request, reply, payload, () => {});
    if (readingOf(request)?.call !== 'reg') return done(null, payload);
    registrations.record(request, reply, payload).then(() => done(null, payload), done);
  });

  // 5. handler: the reading named no call this server answers (or one strict mode answers, with strict mode off).
  fastify.all('/*', (_request, reply) => reply.code(404).send(errorAnswer(404)));
  fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(errorAnswer(404)));
  if (strict) {
    const { registerStrictMode } = await import('./handlers/strict-mode'); // the native canvas loads only when used
    gate = await registerStrictMode(fastify, {
      captcha: config.captcha,
      now,
      strictModeSite,
      onLevelChanged: ledger.levelChanged,
      clientAddressOf,
    });
  }
  await fastify.register(funnelBeacon, { channels, metrics });
  if (config.apiTarget) {
    const { default: apiProxy } = await import('./forward/proxy'); // its HTTP client costs ~10 MB: loaded only when used
    await fastify.register(apiProxy, {
      target: config.apiTarget,
      timeoutMs: config.apiTimeoutMs,
      forwardCookies: config.apiForwardCookies,
    });
  } else {
    await fastify.register(referenceApi);
  }
}
