import { resolve } from 'node:path';
import { WORK_DEFAULTS, type WorkSettings } from '@game-register/gateway/policy';
import type { Level } from '@game-register/gateway';
import { ConfigError } from './config-error';
import { LOG_LEVELS, readServerEnv } from './config-schema';
import {
  parseApiTarget,
  parseForwardCookies,
  parseTrustProxy,
  readSentinelConfig,
  type SentinelConfig,
  type TrustProxy,
} from './config-readers';
import { readAdsConfig, type AdsConfig } from './ads-config';

export { LOG_LEVELS };
export type { SentinelConfig, TrustProxy };
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where a deployment's settings come from: the file SITE_CONFIG names and the SITE_* variables, read at start. */
export interface SiteSettingsSources {
  /** Absolute path of the settings file, or null. */
  configPath: string | null;
  /** The SITE_* variables (anything else is ignored). */
  env: Record<string, string | undefined>;
  /** What a relative logo path in a variable is taken from (a file's is taken from the file's folder). */
  cwd: string;
}

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
  /** Registrations reported to the ad platforms: tokens, endpoints, delivery timing (ADS_*). */
  ads: AdsConfig;
  /**
   * The ledger of registrations (server/ledger/): how long an entry is kept, and the bearer token its view needs (null:
   * the view is off).
   */
  ledger: LedgerConfig;
}

export interface LedgerConfig {
  retentionDays: number;
  token: string | null;
}

export interface RedisConfig {
  /** redis:// or rediss:// URL (credentials allowed, never logged); null: no Redis, or Redis through sentinels. */
  url: string | null;
  /** Redis found through its sentinels (REDIS_SENTINELS), which follow its failovers; never set with `url`. */
  sentinel?: SentinelConfig | null;
  /** Every key starts with it, so two deployments can share one Redis. */
  prefix: string;
}

/** Whether the instance keeps its shared state in Redis (REDIS_URL or REDIS_SENTINELS). */
export const usesRedis = (redis: RedisConfig): boolean => redis.url !== null || Boolean(redis.sentinel);

export interface CaptchaConfig {
  /** `off`: the browser judges the puzzle (docs/behaviour.md). `strict`: challenges, verify, and reg needs a pass token. */
  mode: 'off' | 'strict';
  /** HMAC key of the pass tokens; null: generated once and kept in the database. */
  secret: string | null;
  /** Test-only: every challenge is drawn from this seed. Honoured only when NODE_ENV=test. */
  testSeed: number | null;
  /**
   * Test-only (CAPTCHA_TEST_CLOCK_SPEED): strict mode's clock runs this many times as fast (1: real time). Honoured
   * only when NODE_ENV=test.
   */
  testClockSpeed: number;
  /** The share of level-0 challenges given the guarded picture, to measure what it costs people (CAPTCHA_HOLDOUT; 0: off). */
  holdout: number;
  /** Worker threads that draw the puzzles (CAPTCHA_DRAW_THREADS); 0 draws on the main thread. */
  drawThreads: number;
  /** Draws that may wait for a thread (CAPTCHA_DRAW_QUEUE); beyond it, challenge answers 503 at once. */
  drawQueue: number;
  /** Puzzles drawn ahead and kept ready per pixel ratio (CAPTCHA_STOCK); 0: each drawn when asked for. */
  stockSize: number;
  /** Proof of work: the counters a puzzle's task and the accessible path's task are drawn below; accessible null: off. */
  work: WorkSettings;
  /**
   * Answers with work done (both paths) that the puzzles one /24, /48 or cloud AS fetched may come back with per minute;
   * past it, the network's fetches are refused (CAPTCHA_NETWORK_CHALLENGES). Bare fetches count per address instead.
   */
  networkChallenges: number;
  /** CAPTCHA_LEVEL: each challenge's difficulty level from the evidence (`adaptive`), or one level pinned for everyone, without quotas. */
  level: 'adaptive' | Level;
}

type Env = Record<string, string | undefined>;
export { ConfigError };

const CSP_SOURCE = /^(https?:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
// Honoured only when NODE_ENV=test: a production server started without NODE_ENV must opt in explicitly.
const TEST_HOOKS = ['CAPTCHA_TEST_SEED', 'CAPTCHA_TEST_CLOCK_SPEED'] as const;

/**
 * Reads and validates the server's settings from the environment (one schema: config-schema.ts); throws one
 * ConfigError listing every bad value, each naming its variable.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const read = readServerEnv(env);
  const { values: v } = read;
  const refusedHooks = env.NODE_ENV === 'test' ? [] : TEST_HOOKS.filter((name) => env[name]?.trim());
  const problems = [
    ...read.problems.filter((problem) => !refusedHooks.some((name) => problem.startsWith(`${name} `))),
    ...refusedHooks.map((name) => `${name} is a test hook, honoured only when NODE_ENV=test`),
  ];

  const apiTarget = parseApiTarget(v.API_TARGET, problems);
  const apiForwardCookies = parseForwardCookies(v.API_FORWARD_COOKIES, problems);
  const trustProxy = parseTrustProxy(v.TRUST_PROXY, problems);
  const cspImgHosts = (v.CSP_IMG_HOSTS ?? '').split(/[\s,]+/).filter(Boolean);
  for (const source of cspImgHosts) {
    if (!CSP_SOURCE.test(source)) problems.push(`CSP_IMG_HOSTS entries must be origins such as https://cdn.example.com, got "${source}"`);
  }
  const work = {
    puzzle: v.CAPTCHA_WORK_COST,
    accessible:
      v.CAPTCHA_ACCESSIBLE === 'off' ? null : (v.CAPTCHA_ACCESSIBLE_WORK_COST ?? Math.max(WORK_DEFAULTS.accessible, v.CAPTCHA_WORK_COST)),
  };
  if (work.accessible !== null && work.accessible < work.puzzle) {
    problems.push(
      `CAPTCHA_ACCESSIBLE_WORK_COST (${work.accessible}) must not be below CAPTCHA_WORK_COST (${work.puzzle}): the path ` +
        `without the picture would be the cheaper one`,
    );
  }
  const sentinel = readSentinelConfig(v, Boolean(env.REDIS_SENTINELS?.trim()), problems);
  const ads = readAdsConfig(v, problems);
  // Metrics never share the public port: their own listener, on loopback unless METRICS_HOST says otherwise.
  const metricsPort = v.METRICS_PORT ?? null;
  if (metricsPort !== null && metricsPort === v.PORT && metricsPort !== 0) problems.push(`METRICS_PORT must differ from PORT (${v.PORT})`);
  if (v.METRICS_HOST !== undefined && metricsPort === null) problems.push('METRICS_HOST is set but METRICS_PORT is not: metrics are off');
  if (v.LEDGER_TOKEN !== undefined && metricsPort === null)
    problems.push('LEDGER_TOKEN is set but METRICS_PORT is not: the ledger is read on the metrics listener only');

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    host: v.HOST,
    port: v.PORT,
    databasePath: v.DATABASE_PATH === ':memory:' ? v.DATABASE_PATH : resolve(cwd, v.DATABASE_PATH),
    apiTarget,
    apiTimeoutMs: v.API_TIMEOUT_MS,
    apiForwardCookies,
    trustProxy,
    logLevel: v.LOG_LEVEL,
    rateLimit: { windowMs: v.RATE_LIMIT_WINDOW_SECONDS * 1000, checksPerWindow: v.RATE_LIMIT_CHECKS, regPerWindow: v.RATE_LIMIT_REG },
    distDir: resolve(cwd, v.DIST_DIR),
    downloadsDir: resolve(cwd, v.DOWNLOADS_DIR),
    cspImgHosts,
    captcha: {
      mode: v.CAPTCHA_MODE,
      secret: v.CAPTCHA_SECRET ?? null,
      testSeed: v.CAPTCHA_TEST_SEED ?? null,
      testClockSpeed: v.CAPTCHA_TEST_CLOCK_SPEED,
      holdout: v.CAPTCHA_HOLDOUT,
      drawThreads: v.CAPTCHA_DRAW_THREADS,
      drawQueue: v.CAPTCHA_DRAW_QUEUE,
      stockSize: v.CAPTCHA_STOCK,
      work,
      networkChallenges: v.CAPTCHA_NETWORK_CHALLENGES,
      level: v.CAPTCHA_LEVEL === 'adaptive' ? 'adaptive' : (Number(v.CAPTCHA_LEVEL) as Level),
    },
    metrics: metricsPort === null ? null : { port: metricsPort, host: v.METRICS_HOST ?? '127.0.0.1' },
    redis: { url: v.REDIS_URL ?? null, sentinel, prefix: v.REDIS_PREFIX },
    ads,
    ledger: { retentionDays: v.LEDGER_RETENTION_DAYS, token: v.LEDGER_TOKEN ?? null },
    site: {
      configPath: v.SITE_CONFIG === undefined ? null : resolve(cwd, v.SITE_CONFIG),
      env: Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('SITE_') && name !== 'SITE_CONFIG')),
      cwd,
    },
  };
}
