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
      globals: true,
      testTimeout: 20_000,
      // Stryker runs the covering test files again for every mutant, in one worker; isolated, each run loaded
      // their dependencies (typebox, ioredis, pino) anew: a read-target.test.ts run took 3 to 7 s, 2.3 to 3 s
      // without (load average 25). The mutated files switch mutants at run time (static ones are ignored),
      // so a module kept loaded still runs the mutant in force.
      isolate: false,
    },
  }),
);
