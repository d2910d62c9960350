import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config/config';
import { loggerOptions, RequestLogController, type LogDestination } from './logger';
import downloads from './plugins/downloads';
import errorAnswers from './plugins/error-answers';
import gracefulClose from './plugins/graceful-close';
import metrics from './plugins/metrics';
import requestLog from './plugins/request-log';
import unreadRequests from './plugins/unread-requests';
import health from './plugins/health';
import securityHeaders from './plugins/security-headers';
import staticFiles from './plugins/static-files';
import api from './api/pipeline';
import { openLiveSite, type LiveSite } from './site/live-site';
import type { ChannelSettingsGetter } from './channels/site-channels';
import { readApiRequestLine } from './api/reading/reading';
import { clientAddressOf, clientAddressOnArrival, fastifyTrustProxy, refuseWithoutAddress } from './client-address';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The site in service and its settings: `site.channels()` for the channel list, `site.strictModeSite()` for strict
     * mode, `site.reload()` on SIGHUP.
     */
    site: LiveSite;
  }
}

export const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppOptions {
  config: ServerConfig;
  /** The clock of strict mode's expiries; tests move it. */
  now?: () => number;
  site: LiveSite;
  /** The site's channels, read on every use (the site's, unless a test names its own). */
  channels: ChannelSettingsGetter;
}

/**
 * The whole server as one plugin: errors, health, /api, downloads and the built app (the security headers are set at
 * the root, before it).
 */
export default async function app(fastify: FastifyInstance, { config, now, site, channels }: AppOptions) {
  await fastify.register(gracefulClose);
  await fastify.register(errorAnswers);
  await fastify.register(health); // before /api, whose stores add their readiness checks
  // The client's address is decided here, at the root (client-address.ts), and handed to the wing with the rest.
  await fastify.register(api, { prefix: '/api', config, now, channels, strictModeSite: site.strictModeSite, clientAddressOf });
  await fastify.register(downloads, { dir: config.downloadsDir });
  await fastify.register(staticFiles, { site: site.current });
}

/** A ready-to-listen instance: server-wide settings (logger, limits, proxy trust) plus the app plugin. */
export async function buildApp(
  config: ServerConfig,
  options: { logDestination?: LogDestination; now?: () => number; channels?: ChannelSettingsGetter } = {},
) {
  const { logDestination, now } = options;
  const decideClientAddress = clientAddressOnArrival(config.trustProxy);
  const fastify = Fastify({
    logger: loggerOptions(config.logLevel, logDestination),
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    // The captcha protocol's signed data is a type list on purpose (no coercion to the first type): allowed, not warned about.
    ajv: { customOptions: { allowUnionTypes: true } },
    // Every request's client is decided here, as it arrives, and every /api request is read once, here, before
    // routing: it is routed, judged and forwarded by that reading, which carries its client.
    rewriteUrl: (raw) => readApiRequestLine(raw, decideClientAddress(raw)),
  });
  // The site and its settings first: every scope reads them (a wrong setting stops the start here).
  const site = await openLiveSite({
    distDir: config.distDir,
    sources: config.site,
    captchaMode: config.captcha.mode,
    cspImgHosts: config.cspImgHosts,
    log: fastify.log,
  });
  fastify.decorate('site', site);
  // First: a request whose client has no address is refused before anything else can act on it.
  await fastify.register(refuseWithoutAddress);
  await fastify.register(requestLog);
  // Before any answer can be sent: the refusals below carry the security headers too.
  await fastify.register(securityHeaders, { site: site.current, trustsProxy: config.trustProxy !== false });
  await fastify.register(unreadRequests); // upgrades and requests with more headers than Node keeps: answered, never routed
  const channels = options.channels ?? site.channels;
  // Metrics at the root: every scope reports to them, and their listener closes with the server.
  await fastify.register(metrics, { listen: config.metrics, channels });
  await fastify.register(app, { config, now, site, channels });
  await fastify.ready();
  return fastify;
}
