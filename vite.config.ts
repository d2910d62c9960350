import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Inside this repository the puzzle package resolves to its TypeScript sources (its exports map's
 * `game-register-source` condition); outside it, to its built dist/.
 */
// also in server/vite.config.ts, vite.playground.config.ts, the tsconfigs, scripts/e2e.ts,
// packages/gateway/src/drawing/draw-pool.ts
const PACKAGE_SOURCES = 'game-register-source';

/** The puzzle package's chunks by where their entry lives, the first match naming it (most specific first). */
const PUZZLE_CHUNKS: [string, string][] = [
  ['/packages/puzzle-captcha/src/work/', 'assets/captcha-work-[hash].js'],
  ['/packages/puzzle-captcha/src/react/server-mode', 'assets/captcha-server-[hash].js'],
  ['/packages/puzzle-captcha/', 'assets/captcha-[hash].js'],
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    conditions: [PACKAGE_SOURCES, ...defaultClientConditions],
  },
  // Node's own conditions, without Vite's `module`: a dependency whose `module` build only a bundler can load
  // (extension-less imports, as in @opentelemetry/api, which prom-client imports) is then loaded as Node would.
  ssr: { resolve: { conditions: [PACKAGE_SOURCES, ...defaultServerConditions.filter((condition) => condition !== 'module')] } },
  build: {
    target: 'es2020',
    sourcemap: false,
    assetsInlineLimit: 4096,
    manifest: true, // scripts/prerender.ts reads it to link each route's own CSS
    rolldownOptions: {
      output: {
        // The puzzle package's entry is src/index.ts; name its lazy chunk after what it is, not "src". Its own
        // lazy chunks for server mode only are captcha-server (react/server-mode.ts, with its views and stylesheet) and captcha-work (the
        // proof-of-work wrapper).
        chunkFileNames: (chunk) => PUZZLE_CHUNKS.find(([part]) => chunk.facadeModuleId?.includes(part))?.[1] ?? 'assets/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.originalFileNames.some((name) => name.includes('packages/puzzle-captcha/'))
            ? 'assets/captcha-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    host: '127.0.0.1',
  },
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. Most test files wait on Redis,
    // Prometheus, servers and scrypt, so three keep both cores busy (the unit stage: 199 s -> 125 s, measured).
    maxWorkers: Math.max(3, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          // jsdom files need no native module: threads start faster than the default child processes.
          pool: 'threads',
          include: ['src/**/*.test.{ts,tsx}', 'packages/puzzle-captcha/src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          globals: true,
          css: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'testing/**/*.test.ts', 'scripts/**/*.test.ts', 'packages/site-settings/src/**/*.test.ts'],
          globals: true,
          // Real Redis, real Prometheus, draw threads and scrypt: integration tests that a loaded 2-core CI
          // machine can slow past the default 5 s without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // The gateway package's own tests: they import nothing outside the package, so the one redis-server
          // its store tests need is started here and handed to them (inject('redisUrl')).
          name: 'gateway',
          environment: 'node',
          include: ['packages/gateway/src/**/*.test.ts'],
          globalSetup: ['testing/redis/provide-redis.ts'],
          globals: true,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
