import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { AD_PLATFORMS, type AdPlatform } from '@game-register/site-settings/ad-clicks';
import { METRIC_PREFIX } from '../metrics/prometheus-metrics';
import type { PendingGroup } from './outbox';

/** What the ad reports tell the operator (docs/ad-platforms.md); a no-op when metrics are off. */
export interface AdsMetrics {
  /** A registration answered `y` with no usable click id (or one the settings do not report: reason). */
  notReported(channel: string, reason: string): void;
  enqueued(platform: AdPlatform, channel: string): void;
  duplicate(platform: AdPlatform): void;
  outboxWriteFailed(): void;
  reported(platform: AdPlatform, channel: string, lagSeconds: number): void;
  failed(platform: AdPlatform, channel: string, reason: string): void;
  givenUp(platform: AdPlatform, channel: string, reason: string): void;
  requestTime(platform: AdPlatform, seconds: number): void;
  /** Where the outbox's pending events are read at scrape time. */
  watchPending(read: () => Promise<PendingGroup[]>, now: () => number): void;
}

export const NO_ADS_METRICS: AdsMetrics = {
  notReported() {},
  enqueued() {},
  duplicate() {},
  outboxWriteFailed() {},
  reported() {},
  failed() {},
  givenUp() {},
  requestTime() {},
  watchPending() {},
};

/** The ad metrics on the server's registry; labels are platforms, channel labels and fixed reasons only. */
export function createAdsMetrics(registry: Registry): AdsMetrics {
  const name = (suffix: string) => `${METRIC_PREFIX}ads_${suffix}`;
  const registers = [registry];
  const notReported = new Counter({
    name: name('registrations_not_reported_total'),
    help:
      'Registrations answered y that made no ad report: no_click (no click id), platform_off, no_consent, ' +
      "no_landing_url, foreign_landing (a landing URL on a host not the site's own).",
    labelNames: ['channel', 'reason'] as const,
    registers,
  });
  const enqueued = new Counter({
    name: name('enqueued_total'),
    help: 'Conversions written to the outbox.',
    labelNames: ['platform', 'channel'] as const,
    registers,
  });
  const duplicates = new Counter({
    name: name('duplicates_total'),
    help: 'Registrations whose click was already reported (not written again).',
    labelNames: ['platform'] as const,
    registers,
  });
  const writeFailures = new Counter({
    name: name('outbox_write_failures_total'),
    help: 'Conversions the outbox could not take (the visitor got the answer; the report is lost).',
    registers,
  });
  const reported = new Counter({
    name: name('reported_total'),
    help: 'Conversions the platform accepted.',
    labelNames: ['platform', 'channel'] as const,
    registers,
  });
  const failed = new Counter({
    name: name('failed_total'),
    help: "Sends that will be tried again, by reason (auth: a token missing or refused; token_expired: Tencent's expired).",
    labelNames: ['platform', 'channel', 'reason'] as const,
    registers,
  });
  const givenUp = new Counter({
    name: name('given_up_total'),
    help: 'Conversions kept aside unreported, by reason.',
    labelNames: ['platform', 'channel', 'reason'] as const,
    registers,
  });
  const lag = new Histogram({
    name: name('report_lag_seconds'),
    help: 'From the registration to the platform accepting its report.',
    labelNames: ['platform'] as const,
    buckets: [1, 5, 30, 120, 600, 3600, 21600, 86400],
    registers,
  });
  const requestTime = new Histogram({
    name: name('request_duration_seconds'),
    help: 'Time for a platform to answer one report.',
    labelNames: ['platform'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  let readPending: (() => Promise<PendingGroup[]>) | null = null;
  let clock: () => number = Date.now;
  // Both gauges come from one read of the outbox per scrape (the registry collects metrics concurrently).
  let reading: Promise<PendingGroup[] | null> | null = null;
  const readOnce = () => {
    if (!readPending) return Promise.resolve(null);
    reading ??= readPending()
      .catch(() => null)
      .finally(() => void (reading = null));
    return reading;
  };
  new Gauge({
    name: name('pending'),
    help: 'Conversions in the outbox not yet reported.',
    labelNames: ['platform', 'channel'] as const,
    registers,
    async collect() {
      const groups = await readOnce();
      if (groups === null) return; // outbox away: the last values stay
      this.reset();
      for (const group of groups) this.set({ platform: group.platform, channel: group.channel }, group.pending);
    },
  });
  new Gauge({
    name: name('oldest_pending_age_seconds'),
    help: 'Age of the oldest conversion not yet reported (0: none).',
    labelNames: ['platform'] as const,
    registers,
    async collect() {
      const groups = await readOnce();
      if (groups === null) return;
      const ages = new Map<AdPlatform, number>(AD_PLATFORMS.map((platform) => [platform, 0]));
      for (const group of groups)
        ages.set(group.platform, Math.max(ages.get(group.platform) ?? 0, (clock() - group.oldestCreatedAt) / 1000));
      for (const [platform, age] of ages) this.set({ platform }, age);
    },
  });
  return {
    notReported: (channel, reason) => notReported.inc({ channel, reason }),
    enqueued: (platform, channel) => enqueued.inc({ platform, channel }),
    duplicate: (platform) => duplicates.inc({ platform }),
    outboxWriteFailed: () => writeFailures.inc(),
    reported(platform, channel, lagSeconds) {
      reported.inc({ platform, channel });
      lag.observe({ platform }, lagSeconds);
    },
    failed: (platform, channel, reason) => failed.inc({ platform, channel, reason }),
    givenUp: (platform, channel, reason) => givenUp.inc({ platform, channel, reason }),
    requestTime: (platform, seconds) => requestTime.observe({ platform }, seconds),
    watchPending(read, now) {
      readPending = read;
      clock = now;
    },
  };
}
