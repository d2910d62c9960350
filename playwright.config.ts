import { defineConfig, devices } from '@playwright/test';
import type { Engine } from './e2e/engines/driver';
import { CHROMIUM_ARGS } from './scripts/ensure-chromium';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

const port = Number(process.env.E2E_PORT || 4173);
const baseURL = `http://127.0.0.1:${port}`;
// The captcha playground (e2e/captcha.spec.ts) is built and served on its own port; scripts/e2e.ts sets
// E2E_PLAYGROUND_PORT=off when only other specs run. The tests read the port from the environment.
process.env.E2E_PLAYGROUND_PORT ||= String(port + 1);
const playgroundPort = process.env.E2E_PLAYGROUND_PORT;
const playgroundDir = resolve(process.env.PLAYGROUND_DIR || `build/playground-${playgroundPort}`);
// Strict mode (e2e/register-strict.spec.ts, the journeys): the same build served with CAPTCHA_MODE=strict and a
// pinned puzzle (CAPTCHA_TEST_SEED); the pages follow the server's mode. 'off' when not needed.
process.env.E2E_STRICT_PORT ||= String(port + 2);
const strictPort = process.env.E2E_STRICT_PORT;
process.env.E2E_STRICT_SEED ||= '20240607';
// The packed package in a scratch app (e2e/package-consumer.spec.ts, scripts/package-consumer.ts); 'off' when not needed.
process.env.E2E_CONSUMER_PORT ||= String(port + 3);
const consumerPort = process.env.E2E_CONSUMER_PORT;
// Channels from the ad link (e2e/channels.spec.ts): the same build with channels listed in the site settings, in proxy mode in
// front of a recording backend, metrics on (e2e/channel-stack.ts); 'off' when not needed.
process.env.E2E_CHANNELS_PORT ||= String(port + 4);
process.env.E2E_CHANNELS_BACKEND_PORT ||= String(port + 5);
process.env.E2E_CHANNELS_METRICS_PORT ||= String(port + 6);
process.env.E2E_CHANNELS ||= 'CH7,CH8,CH9,CH10';
const channelsPort = process.env.E2E_CHANNELS_PORT;
// Ad reports (e2e/ads.spec.ts): the same build reporting to the fake ad platforms (e2e/ads-stack.ts); 'off' when not needed.
process.env.E2E_ADS_PORT ||= String(port + 7);
process.env.E2E_ADS_FAKE_PORT ||= String(port + 8);
const adsPort = process.env.E2E_ADS_PORT;

// The journeys written once for every engine (e2e/journeys.spec.ts): Chromium runs them in the phone project,
// WebKit and Firefox in their own projects, through the `driver` fixture (e2e/engines/); scripts/e2e.ts sets
// E2E_ENGINES=off when only other specs run.
const JOURNEYS = /journeys\.spec\.ts$/;
const otherEngines: Engine[] = process.env.E2E_ENGINES === 'off' ? [] : ['webkit', 'firefox'];

export default defineConfig<{ engine: Engine }>({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Three workers even on a 2-core machine (Playwright's own default there is one): the specs mostly wait on
  // their browsers and servers, so they overlap (docs/testing.md, "Browser engines"); E2E_WORKERS sets another number.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : Math.max(3, Math.floor(availableParallelism() / 2)),
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'phone',
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['iPhone 13'].userAgent,
      },
    },
    {
      name: 'desktop',
      // Specs that set their own user agent per test, or test the server's channels, run once, in the phone project;
      // so does the guarded picture's (its flows at level 0 run in both).
      testIgnore: [JOURNEYS, /register\.spec\.ts$/, /channels\.spec\.ts$/, /ads\.spec\.ts$/, /register-guarded\.spec\.ts$/],
      use: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    },
    ...otherEngines.map((engine) => ({ name: engine, testMatch: JOURNEYS, use: { engine } })),
  ],
  webServer: [
    {
      // The product's own server (built by npm run build, rebuilt here if server/ changed), with a fresh
      // in-memory database per run and the rate limits out of the way.
      command: 'node --import tsx scripts/start.ts',
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DIST_DIR: process.env.DIST_DIR || 'dist',
        DATABASE_PATH: ':memory:',
        RATE_LIMIT_CHECKS: '1000000',
        RATE_LIMIT_REG: '1000000',
        LOG_LEVEL: 'warn',
      },
      url: baseURL,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    ...(strictPort === 'off'
      ? []
      : [
          {
            // The same build as the default server: the page follows the server's CAPTCHA_MODE (site settings).
            command: 'node --import tsx scripts/start.ts',
            env: {
              HOST: '127.0.0.1',
              PORT: strictPort,
              DIST_DIR: process.env.DIST_DIR || 'dist',
              DATABASE_PATH: ':memory:',
              RATE_LIMIT_CHECKS: '1000000',
              RATE_LIMIT_REG: '1000000',
              LOG_LEVEL: 'warn',
              CAPTCHA_MODE: 'strict',
              CAPTCHA_TEST_SEED: process.env.E2E_STRICT_SEED,
              // Level 0 for every visitor: the journeys all come from 127.0.0.1, which adaptive levels would
              // soon treat as one busy network (e2e/register-guarded.spec.ts pins level 2).
              CAPTCHA_LEVEL: '0',
              // A small stock: enough for the journeys, without hundreds of draws at start beside the tests.
              CAPTCHA_STOCK: '8',
              NODE_ENV: 'test', // the only setting under which the server takes a test seed
            },
            url: `http://127.0.0.1:${strictPort}/register`,
            reuseExistingServer: false,
            timeout: 60_000,
          },
        ]),
    ...(channelsPort === 'off'
      ? []
      : [
          {
            // The same build as the default server, its channels listed in the server's site settings.
            command: 'node --import tsx e2e/channel-stack.ts',
            env: { CHANNELS_DIST_DIR: process.env.DIST_DIR || 'dist' },
            url: `http://127.0.0.1:${channelsPort}/register`,
            reuseExistingServer: false,
            timeout: 60_000,
          },
        ]),
    ...(adsPort === 'off'
      ? []
      : [
          {
            // The same build, reporting registrations to the fake ad platforms.
            command: 'node --import tsx e2e/ads-stack.ts',
            env: { ADS_DIST_DIR: process.env.DIST_DIR || 'dist' },
            url: `http://127.0.0.1:${adsPort}/register`,
            reuseExistingServer: false,
            timeout: 60_000,
          },
        ]),
    // scripts/e2e.ts starts it itself (E2E_CONSUMER_STARTED) so the other specs need not wait for its build.
    ...(consumerPort === 'off' || process.env.E2E_CONSUMER_STARTED
      ? []
      : [
          {
            command: 'node --import tsx scripts/package-consumer.ts',
            url: `http://127.0.0.1:${consumerPort}/`,
            reuseExistingServer: false,
            timeout: 240_000, // packs (building the package), installs, type-checks and builds a scratch app
          },
        ]),
    ...(playgroundPort === 'off'
      ? []
      : [
          {
            command:
              `node_modules/.bin/vite build -c vite.playground.config.ts --logLevel warn --outDir ${playgroundDir} && ` +
              `node_modules/.bin/vite preview -c vite.playground.config.ts --host 127.0.0.1 --port ${playgroundPort} ` +
              `--strictPort --outDir ${playgroundDir}`,
            url: `http://127.0.0.1:${playgroundPort}/captcha.html`,
            reuseExistingServer: false,
            timeout: 60_000,
          },
        ]),
  ],
});
