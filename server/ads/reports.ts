import { hostname } from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_SITE_SETTINGS, type AdsSettings } from '@game-register/site-settings';
import { AD_PLATFORMS } from '@game-register/site-settings/ad-clicks';
import { channelLabel, isListedChannel } from '../channels/rules';
import type { ChannelSettingsGetter } from '../channels/site-channels';
import { usesRedis, type RedisConfig, type ServerConfig } from '../config/config';
import { regOutcome } from '../metrics/answers';
import type { PrometheusMetrics } from '../metrics/prometheus-metrics';
import database from '../plugins/database';
import { openDatabase } from '../db/open-database';
import { readingOf } from '../api/reading/reading';
import { createAdsMetrics, NO_ADS_METRICS } from './ads-metrics';
import { startDelivery } from './delivery';
import { conversionOf, logged, siteHostsOf } from './event';
import { libsqlOutbox } from './libsql-outbox';
import { openedOnFirstEvent, type Outbox } from './outbox';
import { redisOutbox } from './redis-outbox';

export interface AdReportsOptions {
  config: Pick<ServerConfig, 'ads' | 'databasePath' | 'port'> & { redis: RedisConfig };
  channels: ChannelSettingsGetter;
  now?: () => number;
}

const anyPlatformOn = (ads: AdsSettings) => AD_PLATFORMS.some((platform) => ads[platform].enabled);

export interface AdReports {
  /**
   * One of the /api pipeline's records (an onSend hook, api/pipeline.ts): reg answered `y` with an ad
   * click (the request's reading read it) becomes a conversion in the outbox before the answer leaves.
   */
  record(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
}

/**
 * Registrations reported to the ad platforms, set up on the /api scope: the durable outbox (Redis, the
 * database, or one opened on the first conversion) and the delivery loop that sends what it holds; the
 * pipeline registers `record` among its records, so it sees the embedded API's and the proxy's answers alike.
 */
export async function openAdReports(fastify: FastifyInstance, { config, channels, now = Date.now }: AdReportsOptions): Promise<AdReports> {
  const settings = () => (fastify.hasDecorator('site') ? fastify.site.settings().ads : undefined) ?? DEFAULT_SITE_SETTINGS.ads;
  let outbox: Outbox;
  let closeLateDatabase = () => {};
  if (usesRedis(config.redis)) {
    outbox = redisOutbox(fastify.redis, fastify.redisPrefix, `${hostname()}:${config.port}`, fastify.redisReplicated);
  } else if (fastify.hasDecorator('sql') || anyPlatformOn(settings())) {
    if (!fastify.hasDecorator('sql')) await fastify.register(database, { path: config.databasePath });
    outbox = libsqlOutbox(fastify.sql);
  } else {
    // Proxy mode with every platform off: no database until a SIGHUP turns one on and a conversion comes.
    outbox = openedOnFirstEvent(() => {
      const db = openDatabase(config.databasePath);
      closeLateDatabase = () => db.close();
      return libsqlOutbox(db);
    });
  }
  const registry = (fastify.metrics as Partial<PrometheusMetrics>).registry;
  const metrics = registry ? createAdsMetrics(registry) : NO_ADS_METRICS;
  metrics.watchPending(() => outbox.pending(), now);

  let delivery: ReturnType<typeof startDelivery> | null = null;
  fastify.addHook('onReady', async () => {
    delivery = startDelivery({ outbox, config: config.ads, metrics, log: fastify.log.child({ part: 'ads' }), now });
  });
  fastify.addHook('onClose', async () => {
    await delivery?.stop();
    closeLateDatabase();
  });

  return {
    async record(request, reply, payload) {
      const registration = readingOf(request);
      if (registration?.call !== 'reg' || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
      if (regOutcome(reply.statusCode, payload).outcome !== 'registered') return payload;
      const listed = channels();
      const label = channelLabel(registration.channel, listed);
      const clicks = registration.adClicks;
      if (clicks === null) {
        metrics.notReported(label, 'no_click');
        return payload;
      }
      const channel = clicks.landingChannel !== null && isListedChannel(clicks.landingChannel, listed) ? clicks.landingChannel : label;
      const ads = settings();
      const event = conversionOf(clicks, ads, channel, now(), siteHostsOf(ads, request.hostname));
      if (typeof event === 'string') {
        metrics.notReported(channel, event);
        return payload;
      }
      try {
        if (await outbox.add(event, now())) {
          metrics.enqueued(event.platform, channel);
          delivery?.wake();
        } else {
          metrics.duplicate(event.platform);
        }
      } catch (error) {
        // The account exists whatever happens here: the visitor gets the answer, the loss is counted and logged.
        metrics.outboxWriteFailed();
        request.log.error({ err: { message: (error as Error).message }, ...logged(event) }, 'ad conversion not written to the outbox');
      }
      return payload;
    },
  };
}
