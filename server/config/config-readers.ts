// The readers of the settings that take more than the schema's checks: the backend's address, the cookies
// passed on to it, the proxies trusted with X-Forwarded-For, Redis behind Sentinel. Each adds what is wrong to \`problems\` (config.ts).
import { isIP } from 'node:net';
import { readServerEnv, TRUST_PROXY_FORMS } from './config-schema';

/** Who may set X-Forwarded-For: nobody, a hop count, or the addresses of trusted proxies (never every hop). */
export type TrustProxy = false | number | string[];

export interface SentinelConfig {
  sentinels: { host: string; port: number }[];
  /** The name the sentinels monitor the primary by (REDIS_SENTINEL_MASTER). */
  master: string;
  sentinelPassword: string | null;
  /** The Redis servers' own password (REDIS_PASSWORD). */
  password: string | null;
}

const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * API_FORWARD_COOKIES: the cookies the backend needs, by name (comma or space separated), each a cookie name.
 * That none names a field of the API's calls is the /api wing's to judge, as it starts (api/reading/cookie-names.ts).
 */
export function parseForwardCookies(value: string | undefined, problems: string[]): string[] {
  const names = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const name of names) if (!COOKIE_NAME.test(name)) problems.push(`API_FORWARD_COOKIES entries must be cookie names, got "${name}"`);
  return names;
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** REDIS_SENTINELS with its master's name and passwords; one way to Redis only (REDIS_URL or the sentinels). */
export function readSentinelConfig(
  v: ReturnType<typeof readServerEnv>['values'],
  given: boolean,
  problems: string[],
): SentinelConfig | null {
  if (v.REDIS_SENTINELS === undefined) {
    if (given) return null; // refused by its rule already
    const strays = (['REDIS_SENTINEL_MASTER', 'REDIS_SENTINEL_PASSWORD', 'REDIS_PASSWORD'] as const).filter(
      (name) => v[name] !== undefined,
    );
    if (strays.length > 0)
      problems.push(
        `${strays.join(', ')} ${strays.length === 1 ? 'is' : 'are'} set but REDIS_SENTINELS is not (with REDIS_URL, the URL ` +
          `carries the password)`,
      );
    return null;
  }
  if (v.REDIS_URL !== undefined) {
    problems.push(
      'REDIS_URL and REDIS_SENTINELS are both set: set REDIS_URL for one Redis, or REDIS_SENTINELS and REDIS_SENTINEL_MASTER ' +
        'for Redis behind Sentinel, not both',
    );
    return null;
  }
  if (v.REDIS_SENTINEL_MASTER === undefined) {
    problems.push(
      'REDIS_SENTINELS is set but REDIS_SENTINEL_MASTER is not: name the master the sentinels monitor (sentinel monitor <name> ...)',
    );
    return null;
  }
  const sentinels = v.REDIS_SENTINELS.split(',').map((entry) => {
    const [host = '', port = ''] = entry.trim().split(':');
    return { host, port: Number(port) };
  });
  const badPorts = sentinels.filter(({ port }) => port < 1 || port > 65535);
  if (badPorts.length > 0)
    problems.push(`REDIS_SENTINELS ports must be from 1 to 65535, got ${badPorts.map(({ host, port }) => `${host}:${port}`).join(', ')}`);
  return {
    sentinels,
    master: v.REDIS_SENTINEL_MASTER,
    sentinelPassword: v.REDIS_SENTINEL_PASSWORD ?? null,
    password: v.REDIS_PASSWORD ?? null,
  };
}

export function parseApiTarget(value: string | undefined, problems: string[]): URL | null {
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`API_TARGET must be an http(s) URL such as http://10.0.0.5:9000, got "${value}"`);
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    problems.push(`API_TARGET must be an http(s) URL without query, fragment or credentials, got "${value}"`);
    return null;
  }
  return url;
}

export function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  // `true` is refused by the schema (config-schema.ts), and reaches here unset.
  if (value === undefined || value.toLowerCase() === 'false' || /^0+$/.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    problems.push(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}, or false; got "${bad.join(', ')}"`);
    return false;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
