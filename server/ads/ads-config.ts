import type { AdPlatform } from '../../src/lib/ad-clicks';

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

type Read = (name: string) => string | undefined;
type Integer = (name: string, fallback: number, min: number, max: number) => number;

function endpoint(read: Read, name: string, fallback: string, problems: string[]): string {
  const value = read(name);
  if (value === undefined) return fallback;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
    problems.push(`${name} must be a scheme and host such as https://relay.example.com:8443 (the platform's path is kept), got "${value}"`);
    return fallback;
  }
  return url.origin;
}

/** ADS_*: tokens, endpoints, and the delivery's timing. */
export function readAdsConfig(read: Read, integer: Integer, problems: string[]): AdsConfig {
  return {
    tokens: { tencent: read('ADS_TENCENT_TOKEN') ?? null, baidu: read('ADS_BAIDU_TOKEN') ?? null },
    endpoints: {
      tencent: endpoint(read, 'ADS_ENDPOINT_TENCENT', DOCUMENTED_ENDPOINTS.tencent, problems),
      oceanengine: endpoint(read, 'ADS_ENDPOINT_OCEANENGINE', DOCUMENTED_ENDPOINTS.oceanengine, problems),
      baidu: endpoint(read, 'ADS_ENDPOINT_BAIDU', DOCUMENTED_ENDPOINTS.baidu, problems),
      kuaishou: endpoint(read, 'ADS_ENDPOINT_KUAISHOU', DOCUMENTED_ENDPOINTS.kuaishou, problems),
    },
    timeoutMs: integer('ADS_TIMEOUT_MS', 5000, 100, 60_000),
    retryBaseMs: integer('ADS_RETRY_BASE_MS', 30_000, 10, 3_600_000),
    maxAgeMs: integer('ADS_MAX_AGE_HOURS', 72, 1, 720) * 3_600_000,
    pollMs: integer('ADS_POLL_MS', 1000, 10, 60_000),
    concurrency: integer('ADS_CONCURRENCY', 16, 1, 256),
  };
}
