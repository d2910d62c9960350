import { availableParallelism } from 'node:os';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  DRAW_DEFAULTS,
  DRAW_LIMITS,
  HOLDOUT_LIMITS,
  NETWORK_ANSWER_LIMIT,
  SECRET_MIN_LENGTH,
  STOCK_DEFAULT,
  STOCK_MAX,
  WORK_DEFAULTS,
  WORK_LIMITS,
} from '@game-register/gateway/policy';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const integer = (minimum: number, maximum: number, fallback?: number) =>
  Type.Integer({
    minimum,
    maximum,
    ...(fallback === undefined ? {} : { default: fallback }),
    description: `an integer from ${minimum} to ${maximum}`,
  });
const oneOf = <T extends readonly string[]>(values: T, fallback: T[number], description = `one of ${values.join(', ')}`) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { default: fallback, description },
  );
/** A platform's scheme and host (a relay's, a test's); its documented path is kept. */
const origin = () =>
  Type.String({
    pattern: '^https?://[^/?#@\\s]+/?$',
    description: "a scheme and host such as https://relay.example.com:8443 (the platform's path is kept)",
  });
/** What TRUST_PROXY may be, as a refusal names it. */
export const TRUST_PROXY_FORMS =
  "the proxy's addresses or CIDR ranges (10.0.0.5, 10.0.0.0/8), loopback, linklocal or uniquelocal, comma separated, " +
  'or a hop count (1: the one proxy in front, when nothing else can reach this server)';
const text = (description: string, fallback?: string) =>
  Type.String({ minLength: 1, description, ...(fallback === undefined ? {} : { default: fallback }) });

/**
 * Every environment variable the server reads, by its name: its rule (said the way an operator reads it in a
 * refusal), its default. `loadConfig` (config.ts) turns the values into the server's settings. The site
 * settings (SITE_*) have their own schema (site/settings-schema.ts).
 */
export const ServerEnv = Type.Object({
  HOST: text('an address to listen on', '127.0.0.1'),
  PORT: integer(0, 65535, 8080),
  DATABASE_PATH: text('a file path or :memory:', './data/app.db'),
  API_TARGET: Type.Optional(text('an http(s) URL such as http://10.0.0.5:9000')),
  API_TIMEOUT_MS: integer(100, 60_000, 4000),
  API_FORWARD_COOKIES: Type.Optional(text('cookie names, comma separated')),
  // Never `true`: every hop trusted lets any client name its own address, and with it its rate limits and lock.
  TRUST_PROXY: Type.Optional(
    Type.String({
      minLength: 1,
      pattern: '^(?![Tt][Rr][Uu][Ee]$)',
      description: `${TRUST_PROXY_FORMS}, or false; never true (any client could name its own address)`,
    }),
  ),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  RATE_LIMIT_WINDOW_SECONDS: integer(1, 86_400, 60),
  RATE_LIMIT_CHECKS: integer(1, 1_000_000_000, 120),
  RATE_LIMIT_REG: integer(1, 1_000_000_000, 20),
  DIST_DIR: text('a folder', 'dist'),
  DOWNLOADS_DIR: text('a folder', 'downloads'),
  CSP_IMG_HOSTS: Type.Optional(text('origins such as https://cdn.example.com, space or comma separated')),
  CAPTCHA_MODE: oneOf(['off', 'strict'] as const, 'off', 'off or strict'),
  CAPTCHA_SECRET: Type.Optional(
    Type.String({
      minLength: SECRET_MIN_LENGTH,
      secret: true,
      description: `at least ${SECRET_MIN_LENGTH} characters (e.g. openssl rand -hex 32)`,
    }),
  ),
  CAPTCHA_TEST_SEED: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999, description: 'an integer' })),
  CAPTCHA_TEST_CLOCK_SPEED: Type.Number({ minimum: 1, maximum: 1000, default: 1, description: 'a number from 1 (real time) to 1000' }),
  CAPTCHA_DRAW_THREADS: integer(0, DRAW_LIMITS.maxThreads, Math.max(DRAW_DEFAULTS.threads, availableParallelism() - 1)),
  CAPTCHA_DRAW_QUEUE: integer(0, DRAW_LIMITS.maxQueue, DRAW_DEFAULTS.queue),
  CAPTCHA_STOCK: integer(0, STOCK_MAX, STOCK_DEFAULT),
  CAPTCHA_NETWORK_CHALLENGES: integer(1, 1_000_000_000, NETWORK_ANSWER_LIMIT.max),
  CAPTCHA_WORK_COST: integer(WORK_LIMITS.min, WORK_LIMITS.max, WORK_DEFAULTS.puzzle),
  CAPTCHA_ACCESSIBLE_WORK_COST: Type.Optional(integer(WORK_LIMITS.min, WORK_LIMITS.max)),
  CAPTCHA_ACCESSIBLE: oneOf(['on', 'off'] as const, 'on', 'on or off'),
  CAPTCHA_LEVEL: oneOf(['adaptive', '0', '1', '2', '3'] as const, 'adaptive', 'adaptive, or a level from 0 to 3 pinned for every visitor'),
  CAPTCHA_HOLDOUT: Type.Number({
    minimum: 0,
    maximum: HOLDOUT_LIMITS.max,
    default: HOLDOUT_LIMITS.default,
    description: `a share from 0 to ${HOLDOUT_LIMITS.max} such as ${HOLDOUT_LIMITS.default} (0: off)`,
  }),
  METRICS_PORT: Type.Optional(integer(0, 65535)),
  METRICS_HOST: Type.Optional(text('an address to listen on')),
  LEDGER_RETENTION_DAYS: integer(1, 3650, 30),
  LEDGER_TOKEN: Type.Optional(
    Type.String({
      minLength: 24,
      secret: true,
      description: 'at least 24 characters (e.g. openssl rand -hex 32): the bearer token of the ledger on the metrics listener',
    }),
  ),
  REDIS_PREFIX: Type.String({ pattern: '^[\\w:.{}-]{1,64}$', default: 'greg:', description: '1 to 64 letters, digits or _ : . - { }' }),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: '^rediss?://[^/?#]*[^/?#:@][^?#]*$',
      secret: true,
      description: 'a redis:// or rediss:// URL such as redis://10.0.0.7:6379/0',
    }),
  ),
  REDIS_SENTINELS: Type.Optional(
    Type.String({
      pattern: '^\\s*[\\w.-]+:\\d{1,5}\\s*(,\\s*[\\w.-]+:\\d{1,5}\\s*)*$',
      description: 'sentinels as host:port, comma separated, such as 10.0.0.7:26379,10.0.0.8:26379,10.0.0.9:26379',
    }),
  ),
  REDIS_SENTINEL_MASTER: Type.Optional(
    Type.String({ pattern: '^[\\w.-]{1,64}$', description: "the master's name the sentinels monitor, such as mymaster" }),
  ),
  REDIS_SENTINEL_PASSWORD: Type.Optional(
    Type.String({ minLength: 1, secret: true, description: "the sentinels' password (their requirepass)" }),
  ),
  REDIS_PASSWORD: Type.Optional(
    Type.String({
      minLength: 1,
      secret: true,
      description: 'the password of the Redis servers behind the sentinels (with REDIS_URL, the URL carries it)',
    }),
  ),
  SITE_CONFIG: Type.Optional(text('the path of a JSON file')),
  ADS_TENCENT_TOKEN: Type.Optional(Type.String({ minLength: 1, secret: true, description: "the Tencent Marketing API's access token" })),
  ADS_BAIDU_TOKEN: Type.Optional(Type.String({ minLength: 1, secret: true, description: "the Baidu oCPC API's token" })),
  ADS_BAIDU_TOKENS: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]{1,32}=[^\\s,]+([\\s,]+[A-Za-z0-9_-]{1,32}=[^\\s,]+)*$',
      secret: true,
      description: 'channel=token pairs, comma separated, such as CH7=token7,CH9=token9',
    }),
  ),
  ADS_OCEANENGINE_PRIVATE_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      secret: true,
      description: 'an RSA private key in PEM (line breaks written as \\n where the environment cannot hold them)',
    }),
  ),
  ADS_OCEANENGINE_CREDENTIAL: oneOf(['primary', 'backup'] as const, 'primary', 'primary or backup (the label of the key pair in 事件管理)'),
  ADS_OCEANENGINE_DEBUG: oneOf(['on', 'off'] as const, 'off', 'on or off'),
  ADS_ENDPOINT_TENCENT: Type.Optional(origin()),
  ADS_ENDPOINT_OCEANENGINE: Type.Optional(origin()),
  ADS_ENDPOINT_BAIDU: Type.Optional(origin()),
  ADS_ENDPOINT_KUAISHOU: Type.Optional(origin()),
  ADS_TIMEOUT_MS: integer(100, 60_000, 5000),
  ADS_RETRY_BASE_MS: integer(10, 3_600_000, 30_000),
  ADS_MAX_AGE_HOURS: integer(1, 720, 72),
  ADS_POLL_MS: integer(10, 60_000, 1000),
  ADS_CONCURRENCY: integer(1, 256, 16),
});

export type ServerEnv = Static<typeof ServerEnv>;

/** The variables' value as the schema types it: a number from its digits (and point), everything else as written. */
function typed(schema: TSchema & { type?: string; secret?: boolean }, raw: string, name: string): unknown {
  if (schema.type === 'integer') return /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  if (schema.type === 'number') return /^(\d{1,10}(\.\d{0,10})?|\.\d{1,10})$/.test(raw) ? Number(raw) : raw;
  return name === 'LOG_LEVEL' || name === 'CAPTCHA_MODE' || name === 'CAPTCHA_ACCESSIBLE' ? raw.toLowerCase() : raw;
}

/**
 * Reads every variable of the schema: trimmed, empty as unset, typed, checked one by one, each refusal
 * naming the variable, its rule and the value (never the value of a secret). Unset values take the default.
 */
export function readServerEnv(env: Record<string, string | undefined>): { values: ServerEnv; problems: string[] } {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(ServerEnv.properties)) {
    const property = schema as TSchema & { description?: string; secret?: boolean; default?: unknown };
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') {
      if (property.default !== undefined) values[name] = property.default;
      continue;
    }
    const value = typed(property, raw, name);
    if (Value.Check(property, value)) values[name] = value;
    else problems.push(`${name} must be ${property.description ?? 'valid'}${property.secret ? '' : `, got "${raw}"`}`);
  }
  return { values: values as ServerEnv, problems };
}
