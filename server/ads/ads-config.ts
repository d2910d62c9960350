import type { AdPlatform } from '@game-register/site-settings/ad-clicks';
import type { ServerEnv } from '../config-schema';

/** The gateway's side of the ad reports, from the environment (README, "Ad platforms"). */
export interface AdsConfig {
  /** Secrets, from the environment only: never in the site settings, the page or a log. */
  tokens: { tencent: string | null; baidu: string | null };
  /** Scheme and host of each platform (ADS_ENDPOINT_*); the documented path is kept. */
  endpoints: Record<AdPlatform, string>;
  /** How long one report may wait for the platform's answer. */
  timeoutMs: number;
  /** First retry delay; each next one doubles (with jitter) up to 6 hours. */
  retryBaseMs: number;
  /** An event not reported by then is kept aside (given up) with its reason. */
  maxAgeMs: number;
  /** How often the outbox is looked at when nothing wakes it. */
  pollMs: number;
  /** Reports sent at once by one instance. */
  concurrency: number;
}

export const DOCUMENTED_ENDPOINTS: Readonly<Record<AdPlatform, string>> = {
  tencent: 'https://api.e.qq.com',
  oceanengine: 'https://analytics.oceanengine.com',
  baidu: 'https://ocpc.baidu.com',
  kuaishou: 'https://ad.partner.gifshow.com',
};

type AdsEnv = Pick<ServerEnv, 'ADS_TENCENT_TOKEN' | 'ADS_BAIDU_TOKEN' | 'ADS_ENDPOINT_TENCENT' | 'ADS_ENDPOINT_OCEANENGINE' | 'ADS_ENDPOINT_BAIDU' | 'ADS_ENDPOINT_KUAISHOU' | 'ADS_TIMEOUT_MS' | 'ADS_RETRY_BASE_MS' | 'ADS_MAX_AGE_HOURS' | 'ADS_POLL_MS' | 'ADS_CONCURRENCY'>;

/** A relay's origin (the schema checked its form: a scheme and a host, nothing else), or the documented one. */
const endpoint = (value: string | undefined, fallback: string) => (value === undefined ? fallback : new URL(value).origin);

/** ADS_*: tokens, endpoints, and the delivery's timing, as the server's schema read them (config-schema.ts). */
export function readAdsConfig(env: AdsEnv): AdsConfig {
  return {
    tokens: { tencent: env.ADS_TENCENT_TOKEN ?? null, baidu: env.ADS_BAIDU_TOKEN ?? null },
    endpoints: {
      tencent: endpoint(env.ADS_ENDPOINT_TENCENT, DOCUMENTED_ENDPOINTS.tencent),
      oceanengine: endpoint(env.ADS_ENDPOINT_OCEANENGINE, DOCUMENTED_ENDPOINTS.oceanengine),
      baidu: endpoint(env.ADS_ENDPOINT_BAIDU, DOCUMENTED_ENDPOINTS.baidu),
      kuaishou: endpoint(env.ADS_ENDPOINT_KUAISHOU, DOCUMENTED_ENDPOINTS.kuaishou),
    },
    timeoutMs: env.ADS_TIMEOUT_MS,
    retryBaseMs: env.ADS_RETRY_BASE_MS,
    maxAgeMs: env.ADS_MAX_AGE_HOURS * 3_600_000,
    pollMs: env.ADS_POLL_MS,
    concurrency: env.ADS_CONCURRENCY,
  };
}
