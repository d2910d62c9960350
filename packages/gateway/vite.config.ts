import { fileURLToPath } from 'node:url';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const dependencies = [
  '@game-register/puzzle-captcha',
  '@napi-rs/canvas',
  'altcha-lib',
  'fastify',
  'fastify-plugin',
  'ioredis',
  'libsql',
  'piscina',
  'typebox',
  'vitest',
  'tsx',
];

/**
 * The package for consumers outside this repository: Node ESM entries beside their .d.ts (tsc -p
 * tsconfig.build.json writes those), every dependency left to the host. The draw thread's entry sits in the
 * same folder as the chunk that starts it (draw-pool.ts finds draw-worker.js beside itself).
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      input: {
        index: source('index.ts'),
        policy: source('policy-entry.ts'),
        answers: source('http/answers.ts'),
        'testing/index': source('testing/index.ts'),
        'draw-worker': source('drawing/draw-worker.ts'),
      },
      external: [...builtinModules, /^node:/, ...dependencies.map((name) => new RegExp(`^${name}($|/)`))],
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
