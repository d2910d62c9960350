import { availableParallelism } from 'node:os';
import { WORK_DEFAULTS } from '@game-register/gateway/policy';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults: loopback:8080, the embedded API on ./data/app.db, dist/ and downloads/', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      databasePath: '/srv/app/data/app.db',
      apiTarget: null,
      apiTimeoutMs: 4000,
      trustProxy: false,
      logLevel: 'info',
      distDir: '/srv/app/dist',
      downloadsDir: '/srv/app/downloads',
      cspImgHosts: [],
    });
    expect(config.rateLimit).toEqual({ windowMs: 60_000, checksPerWindow: 120, regPerWindow: 20 });
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig(
      {
        HOST: '0.0.0.0',
        PORT: '9000',
        DATABASE_PATH: ':memory:',
        API_TARGET: 'http://10.0.0.5:9000/game',
        API_TIMEOUT_MS: '3000',
        TRUST_PROXY: '10.0.0.0/8, loopback',
        LOG_LEVEL: 'WARN',
        RATE_LIMIT_WINDOW_SECONDS: '10',
        RATE_LIMIT_CHECKS: '5',
        RATE_LIMIT_REG: '2',
        DIST_DIR: 'dist-e2e',
        DOWNLOADS_DIR: '/var/downloads',
        CSP_IMG_HOSTS: 'https://cdn.example.com https://*.img.example.com',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      databasePath: ':memory:',
      apiTimeoutMs: 3000,
      trustProxy: ['10.0.0.0/8', 'loopback'],
      logLevel: 'warn',
      rateLimit: { windowMs: 10_000, checksPerWindow: 5, regPerWindow: 2 },
      distDir: '/srv/app/dist-e2e',
      downloadsDir: '/var/downloads',
      cspImgHosts: ['https://cdn.example.com', 'https://*.img.example.com'],
    });
    expect(config.apiTarget?.href).toBe('http://10.0.0.5:9000/game');
  });

  it.each([
    ['false', false],
    ['0', false],
    ['2', 2],
    ['127.0.0.1,::1', ['127.0.0.1', '::1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['PORT', 'abc', /PORT must be an integer from 0 to 65535, got "abc"/],
    ['PORT', '70000', /PORT must be an integer/],
    ['API_TARGET', 'not a url', /API_TARGET must be an http\(s\) URL/],
    ['API_TARGET', 'ftp://backend', /API_TARGET must be an http\(s\) URL/],
    ['API_TARGET', 'http://backend/?x=1', /without query/],
    [
      'TRUST_PROXY',
      'yes please',
      /TRUST_PROXY must be the proxy's addresses or CIDR ranges .*loopback.* or a hop count .*, or false; got "yes please"/,
    ],
    ['TRUST_PROXY', '10.0.0.0/99', /TRUST_PROXY/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    ['RATE_LIMIT_CHECKS', '0', /RATE_LIMIT_CHECKS must be an integer from 1/],
    ['RATE_LIMIT_REG', '-5', /RATE_LIMIT_REG must be an integer/],
    ['API_TIMEOUT_MS', '1.5', /API_TIMEOUT_MS must be an integer/],
    ['CSP_IMG_HOSTS', "'unsafe-inline'", /CSP_IMG_HOSTS entries must be origins/],
    ['CSP_IMG_HOSTS', '*', /CSP_IMG_HOSTS/],
    ['CAPTCHA_MODE', 'on', /CAPTCHA_MODE must be off or strict/],
    ['CAPTCHA_SECRET', 'short', /CAPTCHA_SECRET must be at least 32 characters/],
    ['CAPTCHA_TEST_SEED', 'abc', /CAPTCHA_TEST_SEED is a test hook/],
  ])('rejects %s=%s with a message naming it', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each(['true', 'TRUE', ' true '])('refuses TRUST_PROXY=%s (any client would name its own address), naming the safe forms', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([
      `TRUST_PROXY must be the proxy's addresses or CIDR ranges (10.0.0.5, 10.0.0.0/8), loopback, linklocal or uniquelocal, comma separated, ` +
        `or a hop count (1: the one proxy in front, when nothing else can reach this server), or false; never true (any client could name its own address), got "${value.trim()}"`,
    ]);
  });

  it('lists every bad value at once in one readable message', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(
      /^Invalid server configuration:\n {2}- PORT must be .*\n {2}- LOG_LEVEL must be/,
    );
  });

  it('keeps the puzzle in the browser unless CAPTCHA_MODE=strict, and reads its secret', () => {
    expect(loadConfig({}).captcha).toEqual({
      mode: 'off',
      secret: null,
      testSeed: null,
      testClockSpeed: 1,
      holdout: 0.02,
      drawThreads: Math.max(1, availableParallelism() - 1),
      drawQueue: 64,
      stockSize: 300,
      work: { puzzle: 10_000, accessible: 80_000 },
      networkChallenges: 300,
      level: 'adaptive',
    });
    expect(loadConfig({ CAPTCHA_WORK_COST: '20000', CAPTCHA_ACCESSIBLE: 'off' }).captcha.work).toEqual({
      puzzle: 20_000,
      accessible: null,
    });
    expect(problemsOf({ CAPTCHA_WORK_COST: 'lots' })).toEqual([expect.stringMatching(/^CAPTCHA_WORK_COST must be an integer/)]);
    // Difficulty levels from the evidence, or one pinned for everyone.
    expect(loadConfig({ CAPTCHA_LEVEL: '2' }).captcha.level).toBe(2);
    expect(problemsOf({ CAPTCHA_LEVEL: '4' })).toEqual([expect.stringMatching(/^CAPTCHA_LEVEL must be adaptive, or a level from 0 to 3/)]);
    const secret = 'k'.repeat(32);
    expect(loadConfig({ CAPTCHA_MODE: 'Strict', CAPTCHA_SECRET: secret, CAPTCHA_TEST_SEED: '42', NODE_ENV: 'test' }).captcha).toMatchObject(
      { mode: 'strict', secret, testSeed: 42 },
    );
  });

  it.each([['production'], [undefined], ['development']])('refuses the captcha test seed when NODE_ENV is %s', (nodeEnv) => {
    expect(problemsOf({ CAPTCHA_TEST_SEED: '42', NODE_ENV: nodeEnv })).toEqual([
      'CAPTCHA_TEST_SEED is a test hook, honoured only when NODE_ENV=test',
    ]);
  });

  it('still checks the seed under NODE_ENV=test', () => {
    expect(problemsOf({ CAPTCHA_TEST_SEED: 'abc', NODE_ENV: 'test' })).toEqual(['CAPTCHA_TEST_SEED must be an integer, got "abc"']);
  });

  it('runs strict mode’s clock CAPTCHA_TEST_CLOCK_SPEED times as fast, a test hook like the seed', () => {
    expect(loadConfig({ CAPTCHA_TEST_CLOCK_SPEED: '30', NODE_ENV: 'test' }).captcha.testClockSpeed).toBe(30);
    expect(loadConfig({ CAPTCHA_TEST_CLOCK_SPEED: '1.5', NODE_ENV: 'test' }).captcha.testClockSpeed).toBe(1.5);
    expect(problemsOf({ CAPTCHA_TEST_CLOCK_SPEED: '0.5', NODE_ENV: 'test' })).toEqual([
      'CAPTCHA_TEST_CLOCK_SPEED must be a number from 1 (real time) to 1000, got "0.5"',
    ]);
    expect(problemsOf({ CAPTCHA_TEST_CLOCK_SPEED: 'fast', NODE_ENV: 'test' })).toEqual([
      'CAPTCHA_TEST_CLOCK_SPEED must be a number from 1 (real time) to 1000, got "fast"',
    ]);
    for (const nodeEnv of ['production', undefined, 'development']) {
      expect(problemsOf({ CAPTCHA_TEST_CLOCK_SPEED: '30', NODE_ENV: nodeEnv })).toEqual([
        'CAPTCHA_TEST_CLOCK_SPEED is a test hook, honoured only when NODE_ENV=test',
      ]);
    }
    expect(problemsOf({ CAPTCHA_TEST_SEED: '42', CAPTCHA_TEST_CLOCK_SPEED: 'x', NODE_ENV: 'production' })).toEqual([
      'CAPTCHA_TEST_SEED is a test hook, honoured only when NODE_ENV=test',
      'CAPTCHA_TEST_CLOCK_SPEED is a test hook, honoured only when NODE_ENV=test',
    ]);
  });

  it('gives CAPTCHA_HOLDOUT of the level-0 challenges the guarded picture (0: none)', () => {
    expect(loadConfig({ CAPTCHA_HOLDOUT: '0' }).captcha.holdout).toBe(0);
    expect(loadConfig({ CAPTCHA_HOLDOUT: '0.1' }).captcha.holdout).toBe(0.1);
    expect(loadConfig({ CAPTCHA_HOLDOUT: '.05' }).captcha.holdout).toBe(0.05);
    expect(loadConfig({ CAPTCHA_HOLDOUT: '0.5' }).captcha.holdout).toBe(0.5);
    expect(problemsOf({ CAPTCHA_HOLDOUT: '0.6' })).toEqual([
      'CAPTCHA_HOLDOUT must be a share from 0 to 0.5 such as 0.02 (0: off), got "0.6"',
    ]);
    expect(problemsOf({ CAPTCHA_HOLDOUT: '2%' })).toEqual([
      'CAPTCHA_HOLDOUT must be a share from 0 to 0.5 such as 0.02 (0: off), got "2%"',
    ]);
    expect(problemsOf({ CAPTCHA_HOLDOUT: '-0.1' })).toEqual([
      'CAPTCHA_HOLDOUT must be a share from 0 to 0.5 such as 0.02 (0: off), got "-0.1"',
    ]);
  });

  it('shares state through Redis only when REDIS_URL is set, under REDIS_PREFIX (greg: by default)', () => {
    expect(loadConfig({}).redis).toEqual({ url: null, sentinel: null, prefix: 'greg:' });
    expect(loadConfig({ REDIS_URL: 'redis://:pw@10.0.0.7:6379/2', REDIS_PREFIX: 'shop-a:' }).redis).toEqual({
      url: 'redis://:pw@10.0.0.7:6379/2',
      sentinel: null,
      prefix: 'shop-a:',
    });
  });

  it('finds Redis through REDIS_SENTINELS and REDIS_SENTINEL_MASTER, with their passwords', () => {
    const env = {
      REDIS_SENTINELS: '10.0.0.7:26379, 10.0.0.8:26379,redis-c.internal:26380',
      REDIS_SENTINEL_MASTER: 'mymaster',
      REDIS_SENTINEL_PASSWORD: 's3nt',
      REDIS_PASSWORD: 'r3dis',
    };
    expect(loadConfig(env).redis).toEqual({
      url: null,
      sentinel: {
        sentinels: [
          { host: '10.0.0.7', port: 26379 },
          { host: '10.0.0.8', port: 26379 },
          { host: 'redis-c.internal', port: 26380 },
        ],
        master: 'mymaster',
        sentinelPassword: 's3nt',
        password: 'r3dis',
      },
      prefix: 'greg:',
    });
    expect(loadConfig({ REDIS_SENTINELS: '10.0.0.7:26379', REDIS_SENTINEL_MASTER: 'm' }).redis.sentinel).toMatchObject({
      sentinelPassword: null,
      password: null,
    });
  });

  it('refuses REDIS_URL with REDIS_SENTINELS, sentinels without a master, and their passwords alone, never echoing a password', () => {
    expect(problemsOf({ REDIS_URL: 'redis://10.0.0.7:6379', REDIS_SENTINELS: '10.0.0.7:26379', REDIS_SENTINEL_MASTER: 'm' })).toEqual([
      'REDIS_URL and REDIS_SENTINELS are both set: set REDIS_URL for one Redis, or REDIS_SENTINELS and REDIS_SENTINEL_MASTER for Redis behind Sentinel, not both',
    ]);
    expect(problemsOf({ REDIS_SENTINELS: '10.0.0.7:26379' })).toEqual([
      'REDIS_SENTINELS is set but REDIS_SENTINEL_MASTER is not: name the master the sentinels monitor (sentinel monitor <name> ...)',
    ]);
    const alone = problemsOf({ REDIS_URL: 'redis://10.0.0.7:6379', REDIS_PASSWORD: 'hunter2', REDIS_SENTINEL_MASTER: 'm' });
    expect(alone).toEqual([
      'REDIS_SENTINEL_MASTER, REDIS_PASSWORD are set but REDIS_SENTINELS is not (with REDIS_URL, the URL carries the password)',
    ]);
    expect(problemsOf({ REDIS_SENTINELS: '10.0.0.7', REDIS_SENTINEL_MASTER: 'm', REDIS_SENTINEL_PASSWORD: 'hunter2' })).toEqual([
      'REDIS_SENTINELS must be sentinels as host:port, comma separated, such as 10.0.0.7:26379,10.0.0.8:26379,10.0.0.9:26379, got "10.0.0.7"',
    ]);
    expect(problemsOf({ REDIS_SENTINELS: '10.0.0.7:70000', REDIS_SENTINEL_MASTER: 'm' })).toEqual([
      'REDIS_SENTINELS ports must be from 1 to 65535, got 10.0.0.7:70000',
    ]);
  });

  it('refuses a REDIS_URL that is not redis:// without echoing it (it may hold a password), and a bad prefix', () => {
    const problems = problemsOf({ REDIS_URL: 'http://user:hunter2@example.com', REDIS_PREFIX: 'a b' });
    expect(problems).toEqual([
      'REDIS_PREFIX must be 1 to 64 letters, digits or _ : . - { }, got "a b"',
      'REDIS_URL must be a redis:// or rediss:// URL such as redis://10.0.0.7:6379/0',
    ]);
    expect(problems.join('')).not.toContain('hunter2');
  });

  it('limits the challenges per network and minute to CAPTCHA_NETWORK_CHALLENGES', () => {
    expect(loadConfig({ CAPTCHA_NETWORK_CHALLENGES: '5000' }).captcha.networkChallenges).toBe(5000);
    expect(problemsOf({ CAPTCHA_NETWORK_CHALLENGES: '0' })).toEqual([
      'CAPTCHA_NETWORK_CHALLENGES must be an integer from 1 to 1000000000, got "0"',
    ]);
  });

  it('draws puzzles on CAPTCHA_DRAW_THREADS threads (0: on the main thread) with a bounded CAPTCHA_DRAW_QUEUE', () => {
    expect(loadConfig({ CAPTCHA_DRAW_THREADS: '0', CAPTCHA_DRAW_QUEUE: '5' }).captcha).toMatchObject({ drawThreads: 0, drawQueue: 5 });
    expect(problemsOf({ CAPTCHA_DRAW_THREADS: 'many', CAPTCHA_DRAW_QUEUE: '-1' })).toEqual([
      'CAPTCHA_DRAW_THREADS must be an integer from 0 to 64, got "many"',
      'CAPTCHA_DRAW_QUEUE must be an integer from 0 to 100000, got "-1"',
    ]);
  });

  it('keeps CAPTCHA_STOCK puzzles ready per pixel ratio (0: none)', () => {
    expect(loadConfig({ CAPTCHA_STOCK: '0' }).captcha.stockSize).toBe(0);
    expect(loadConfig({ CAPTCHA_STOCK: '50' }).captcha.stockSize).toBe(50);
    expect(problemsOf({ CAPTCHA_STOCK: 'lots' })).toEqual(['CAPTCHA_STOCK must be an integer from 0 to 10000, got "lots"']);
  });
});

describe('the proof-of-work settings', () => {
  const settings = (env: Record<string, string>) => {
    try {
      return { settings: loadConfig(env, '/srv/app').captcha.work, problems: [] as string[] };
    } catch (error) {
      if (error instanceof ConfigError) return { settings: null, problems: error.problems };
      throw error;
    }
  };

  it('default to the benchmarked costs, with the accessible path on', () => {
    expect(settings({})).toEqual({ settings: { puzzle: WORK_DEFAULTS.puzzle, accessible: WORK_DEFAULTS.accessible }, problems: [] });
  });

  it('take an operator’s costs, and CAPTCHA_ACCESSIBLE=off turns the path off', () => {
    expect(settings({ CAPTCHA_WORK_COST: '5000', CAPTCHA_ACCESSIBLE_WORK_COST: '300000' }).settings).toEqual({
      puzzle: 5000,
      accessible: 300000,
    });
    expect(settings({ CAPTCHA_ACCESSIBLE: 'OFF' }).settings?.accessible).toBeNull();
  });

  it.each([
    [{ CAPTCHA_WORK_COST: 'lots' }, 'CAPTCHA_WORK_COST must be an integer'],
    [{ CAPTCHA_WORK_COST: '10' }, 'CAPTCHA_WORK_COST must be an integer from 1000'],
    [{ CAPTCHA_ACCESSIBLE_WORK_COST: '99999999999' }, 'CAPTCHA_ACCESSIBLE_WORK_COST must be an integer'],
    [{ CAPTCHA_ACCESSIBLE: 'maybe' }, 'CAPTCHA_ACCESSIBLE must be on or off'],
    [{ CAPTCHA_WORK_COST: '200000', CAPTCHA_ACCESSIBLE_WORK_COST: '100000' }, 'must not be below CAPTCHA_WORK_COST'],
  ])('explain a bad value %o', (env, message) => {
    const { problems } = settings(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });
});
