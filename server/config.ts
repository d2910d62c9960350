import { isIP } from 'node:net';
import { DRAW_DEFAULTS, DRAW_LIMITS, NETWORK_CHALLENGE_LIMIT, readWorkSettings, SECRET_MIN_LENGTH as MIN_SECRET_LENGTH, STOCK_DEFAULT as DEFAULT_CHALLENGE_STOCK, STOCK_MAX, type WorkSettings } from '@game-register/gateway/policy';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { SiteSettingsSources } from './site/read-settings';
import { parseForwardCookies } from './api-reading/cookie-names';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fastify's trustProxy: off, every hop, a hop count, or the addresses of trusted proxies. */
export type TrustProxy = boolean | number | string[];

export interface ServerConfig {
  host: string;
  port: number;
  /** An absolute file path, or ':memory:'. */
  databasePath: string;
  /** The game backend that /api is proxied to; null serves the embedded reference API. */
  apiTarget: URL | null;
  /** How long the proxy waits for the backend before answering 504. */
  apiTimeoutMs: number;
  /** Cookies the proxy passes on to the backend, by name (API_FORWARD_COOKIES); none by default. */
  apiForwardCookies: string[];
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  rateLimit: { windowMs: number; checksPerWindow: number; regPerWindow: number };
  distDir: string;
  downloadsDir: string;
  /** Extra origins allowed in the CSP's img-src (puzzle pictures, QR codes on a CDN). */
  cspImgHosts: string[];
  captcha: CaptchaConfig;
  /** Prometheus metrics on their own listener; null: off. */
  metrics: { port: number; host: string } | null;
  /** Shared state for many instances (strict mode's store, the rate limits); url null: each instance on its own. */
  redis: RedisConfig;
  /** Where the site settings come from (SITE_CONFIG and the SITE_* variables): read by server/site/, at start and on SIGHUP. */
  site: SiteSettingsSources;
}

export interface RedisConfig {
  /** redis:// or rediss:// URL (credentials allowed, never logged); null: no Redis. */
  url: string | null;
  /** Every key starts with it, so two deployments can share one Redis. */
  prefix: string;
}

export interface CaptchaConfig {
  /** `off`: the browser judges the puzzle (docs/behaviour.md). `strict`: challenges, verify, and reg needs a pass token. */
  mode: 'off' | 'strict';
  /** HMAC key of the pass tokens; null: generated once and kept in the database. */
  secret: string | null;
  /** Test-only: every challenge is drawn from this seed. Honoured only when NODE_ENV=test. */
  testSeed: number | null;
  /** Worker threads that draw the puzzles (CAPTCHA_DRAW_THREADS); 0 draws on the main thread. */
  drawThreads: number;
  /** Draws that may wait for a thread (CAPTCHA_DRAW_QUEUE); beyond it, challenge answers 503 at once. */
  drawQueue: number;
  /** Puzzles drawn ahead and kept ready per pixel ratio (CAPTCHA_STOCK); 0: each drawn when asked for. */
  stockSize: number;
  /** Proof of work: the counters a puzzle's task and the accessible path's task are drawn below; accessible null: off. */
  work: WorkSettings;
  /** Challenges (both paths) one /24 or /48 network may fetch per minute (CAPTCHA_NETWORK_CHALLENGES). */
  networkChallenges: number;
}


type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const CSP_SOURCE = /^(https?:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/** Reads and validates the server's settings from the environment; throws one ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
      return fallback;
    }
    return parsed;
  };

  const host = read('HOST') ?? '127.0.0.1';
  const port = integer('PORT', 8080, 0, 65535);
  const databasePath = read('DATABASE_PATH') ?? './data/app.db';
  const apiTarget = parseApiTarget(read('API_TARGET'), problems);
  const apiTimeoutMs = integer('API_TIMEOUT_MS', 4000, 100, 60_000);
  const apiForwardCookies = parseForwardCookies(read('API_FORWARD_COOKIES'), problems);
  const trustProxy = parseTrustProxy(read('TRUST_PROXY'), problems);

  const logLevel = (read('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const rateLimit = {
    windowMs: integer('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
    checksPerWindow: integer('RATE_LIMIT_CHECKS', 120, 1, 1_000_000_000),
    regPerWindow: integer('RATE_LIMIT_REG', 20, 1, 1_000_000_000),
  };

  const cspImgHosts = (read('CSP_IMG_HOSTS') ?? '').split(/[\s,]+/).filter(Boolean);
  for (const source of cspImgHosts) {
    if (!CSP_SOURCE.test(source)) {
      problems.push(`CSP_IMG_HOSTS entries must be origins such as https://cdn.example.com, got "${source}"`);
    }
  }

  const captcha = {
    ...parseCaptcha(read, env.NODE_ENV, problems),
    drawThreads: integer('CAPTCHA_DRAW_THREADS', Math.max(1, availableParallelism() - 1), 0, DRAW_LIMITS.maxThreads),
    drawQueue: integer('CAPTCHA_DRAW_QUEUE', DRAW_DEFAULTS.queue, 0, DRAW_LIMITS.maxQueue),
    stockSize: integer('CAPTCHA_STOCK', DEFAULT_CHALLENGE_STOCK, 0, STOCK_MAX),
    work: readWorkSettings(read, problems),
    networkChallenges: integer('CAPTCHA_NETWORK_CHALLENGES', NETWORK_CHALLENGE_LIMIT.max, 1, 1_000_000_000),
  };
  const redis = parseRedis(read, problems);

  // Metrics never share the public port: their own listener, on loopback unless METRICS_HOST says otherwise.
  const metricsPort = read('METRICS_PORT') === undefined ? null : integer('METRICS_PORT', 0, 0, 65535);
  const metricsHost = read('METRICS_HOST') ?? '127.0.0.1';
  if (metricsPort !== null && metricsPort === port && metricsPort !== 0) problems.push(`METRICS_PORT must differ from PORT (${port})`);
  if (read('METRICS_HOST') !== undefined && metricsPort === null) problems.push('METRICS_HOST is set but METRICS_PORT is not: metrics are off');

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    host,
    port,
    databasePath: databasePath === ':memory:' ? databasePath : resolve(cwd, databasePath),
    apiTarget,
    apiTimeoutMs,
    apiForwardCookies,
    trustProxy,
    logLevel: logLevel as LogLevel,
    rateLimit,
    distDir: resolve(cwd, read('DIST_DIR') ?? 'dist'),
    downloadsDir: resolve(cwd, read('DOWNLOADS_DIR') ?? 'downloads'),
    cspImgHosts,
    captcha,
    metrics: metricsPort === null ? null : { port: metricsPort, host: metricsHost },
    redis,
    site: {
      configPath: read('SITE_CONFIG') === undefined ? null : resolve(cwd, read('SITE_CONFIG')!),
      env: Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('SITE_') && name !== 'SITE_CONFIG')),
      cwd,
    },
  };
}

const REDIS_PREFIX = /^[\w:.{}-]{1,64}$/;

function parseRedis(read: (name: string) => string | undefined, problems: string[]): RedisConfig {
  const prefix = read('REDIS_PREFIX') ?? 'greg:';
  if (!REDIS_PREFIX.test(prefix)) problems.push(`REDIS_PREFIX must be 1 to 64 letters, digits or _ : . - { }, got "${prefix}"`);
  const url = read('REDIS_URL') ?? null;
  if (url === null) return { url, prefix };
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') || !parsed.hostname) {
    problems.push('REDIS_URL must be a redis:// or rediss:// URL such as redis://10.0.0.7:6379/0'); // the value may hold a password: not echoed
    return { url: null, prefix };
  }
  return { url, prefix };
}

function parseCaptcha(read: (name: string) => string | undefined, nodeEnv: string | undefined, problems: string[]): Omit<CaptchaConfig, 'drawThreads' | 'drawQueue' | 'stockSize' | 'work' | 'networkChallenges'> {
  const mode = (read('CAPTCHA_MODE') ?? 'off').toLowerCase();
  if (mode !== 'off' && mode !== 'strict') problems.push(`CAPTCHA_MODE must be off or strict, got "${mode}"`);
  const secret = read('CAPTCHA_SECRET') ?? null;
  if (secret !== null && secret.length < MIN_SECRET_LENGTH) {
    problems.push(`CAPTCHA_SECRET must be at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`);
  }
  const seed = read('CAPTCHA_TEST_SEED');
  let testSeed: number | null = null;
  if (seed !== undefined) {
    // A production server started without NODE_ENV must not take it either: opt in explicitly.
    if (nodeEnv !== 'test') problems.push('CAPTCHA_TEST_SEED is a test hook, honoured only when NODE_ENV=test');
    else if (!/^\d{1,9}$/.test(seed)) problems.push(`CAPTCHA_TEST_SEED must be an integer, got "${seed}"`);
    else testSeed = Number(seed);
  }
  return { mode: mode === 'strict' ? 'strict' : 'off', secret, testSeed };
}

function parseApiTarget(value: string | undefined, problems: string[]): URL | null {
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

function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be true, false, a hop count, or a comma-separated list of addresses, CIDR ranges, ` +
        `loopback, linklocal or uniquelocal; got "${bad.join(', ')}"`,
    );
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
