import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { AdPlatform } from '@game-register/site-settings/ad-clicks';
import type { ServerEnv } from './config-schema';

/** The gateway's side of the ad reports, from the environment (docs/ad-platforms.md). */
export interface AdsConfig {
  /** Secrets, from the environment only: never in the site settings, the page or a log. */
  tokens: {
    tencent: string | null;
    /** Baidu gives one token per ad account: `baiduByChannel` names the channels whose ads run on another account. */
    baidu: string | null;
    baiduByChannel: Readonly<Record<string, string>>;
  };
  /** Ocean Engine: the RSA key that signs each report (鉴权 on), and its 联调 mode (X-Debug-Mode: 1). */
  oceanengine: { signing: { privateKey: KeyObject; credential: 'primary' | 'backup' } | null; debug: boolean };
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
  kuaishou: 'http://ad.partner.gifshow.com', // plain http, as Kuaishou's own text and its SDKs name it
};

type AdsEnv = Pick<
  ServerEnv,
  | 'ADS_TENCENT_TOKEN'
  | 'ADS_BAIDU_TOKEN'
  | 'ADS_BAIDU_TOKENS'
  | 'ADS_OCEANENGINE_PRIVATE_KEY'
  | 'ADS_OCEANENGINE_CREDENTIAL'
  | 'ADS_OCEANENGINE_DEBUG'
  | 'ADS_ENDPOINT_TENCENT'
  | 'ADS_ENDPOINT_OCEANENGINE'
  | 'ADS_ENDPOINT_BAIDU'
  | 'ADS_ENDPOINT_KUAISHOU'
  | 'ADS_TIMEOUT_MS'
  | 'ADS_RETRY_BASE_MS'
  | 'ADS_MAX_AGE_HOURS'
  | 'ADS_POLL_MS'
  | 'ADS_CONCURRENCY'
>;

/** A relay's origin (the schema checked its form: a scheme and a host, nothing else), or the documented one. */
const endpoint = (value: string | undefined, fallback: string) => (value === undefined ? fallback : new URL(value).origin);

/** CH7=token7,CH9=token9 (the schema checked the form) as a map. */
const channelTokens = (value: string | undefined) =>
  Object.fromEntries(
    (value ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

/** The PEM as the environment holds it (`\n` for line breaks where it cannot hold them), or why it is no RSA private key. */
function signingKey(pem: string | undefined, problems: string[]): KeyObject | null {
  if (pem === undefined) return null;
  try {
    const key = createPrivateKey(pem.replaceAll('\\n', '\n'));
    if (key.asymmetricKeyType === 'rsa') return key;
  } catch {
    // said below, without the key
  }
  problems.push(
    'ADS_OCEANENGINE_PRIVATE_KEY must be an RSA private key in PEM (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----)',
  );
  return null;
}

/** ADS_*: tokens, keys, endpoints, and the delivery's timing, as the server's schema read them (config-schema.ts). */
export function readAdsConfig(env: AdsEnv, problems: string[] = []): AdsConfig {
  const privateKey = signingKey(env.ADS_OCEANENGINE_PRIVATE_KEY, problems);
  return {
    tokens: {
      tencent: env.ADS_TENCENT_TOKEN ?? null,
      baidu: env.ADS_BAIDU_TOKEN ?? null,
      baiduByChannel: channelTokens(env.ADS_BAIDU_TOKENS),
    },
    oceanengine: {
      signing: privateKey === null ? null : { privateKey, credential: env.ADS_OCEANENGINE_CREDENTIAL },
      debug: env.ADS_OCEANENGINE_DEBUG === 'on',
    },
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
