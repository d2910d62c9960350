// Vitest as Stryker runs it (npm run test:mutation): only the test files that guard the mutated modules
// (scripts/mutation-modules.json), which are all server or gateway code.
import { defineConfig, mergeConfig } from 'vitest/config';
import { MUTATED_MODULES } from './scripts/mutation-modules';
import base from './vite.config';

export default mergeConfig(
  { ...base, test: { ...base.test, projects: undefined } },
  defineConfig({
    test: {
      name: 'server',
      environment: 'node',
      include: MUTATED_MODULES.flatMap((module) => module.tests),
      // The gateway's store tests read the run's redis-server from inject('redisUrl'), as in vite.config.ts.
      globalSetup: ['testing/redis/provide-redis.ts'],
      globals: true,
      testTimeout: 20_000,
      // A delivery mutant that stops the loop fails when testing/ads/wait-for.ts's wait runs out: 2 s, not 5.
      env: { WAIT_FOR_LONGEST_MS: '2000' },
    },
  }),
);
