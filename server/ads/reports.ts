import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEFAULT_SITE_SETTINGS, type AdsSettings } from '@game-register/site-settings';
import { AD_PLATFORMS } from '@game-register/site-settings/ad-clicks';
import { channelLabel, isListedChannel } from '../channels/rules';
import type { ChannelSettingsGetter } from '../channels/site-channels';
import { usesRedis, type RedisConfig, type ServerConfig } from '../config/config';
import type { PrometheusMetrics } from '../metrics/prometheus-metrics';
import database from '../plugins/database';
import { openDatabase } from '../db/open-database';
import { createAdsMetrics, NO_ADS_METRICS } from './ads-metrics';
import { startDelivery } from './delivery';
import { conversionOf, logged, siteHostsOf, type Conversion } from './event';
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
   * A registration the backend accepted (handed by one of the /api pipeline's records, before the answer
   * leaves): with an ad click, a conversion in the outbox; without, or not to report, counted as not reported.
   */
  registered(conversion: Conversion, log: FastifyBaseLogger): Promise<void>;
}

/**
 * Registrations reported to the ad platforms, set up on the /api scope: the durable outbox (Redis, the
 * database, or one opened on the first conversion) and the delivery loop that sends what it holds; the /api
 * wing hands it every registration the backend accepted (`registered`), the embedded API's and the proxy's alike.
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
    async registered(conversion, log) {
      const listed = channels();
      const label = channelLabel(conversion.channel, listed);
      const clicks = conversion.clicks;
      if (clicks === null) {
        metrics.notReported(label, 'no_click');
        return;
      }
      const channel = clicks.landingChannel !== null && isListedChannel(clicks.landingChannel, listed) ? clicks.landingChannel : label;
      const ads = settings();
      const event = conversionOf(clicks, ads, channel, now(), siteHostsOf(ads, conversion.host));
      if (typeof event === 'string') {
        metrics.notReported(channel, event);
        return;
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
        log.error({ err: { message: (error as Error).message }, ...logged(event) }, 'ad conversion not written to the outbox');
      }
    },
  };
}
