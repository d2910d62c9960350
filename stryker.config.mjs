// Mutation testing (npm run test:mutation): Stryker changes the code of the modules where a silent change
// costs most and runs the tests that cover each change; a mutant that no test notices is a hole in the tests.
// The modules, and why each is in, are in docs/decisions.md ("Mutation testing").
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';

const MUTATED_MODULES = JSON.parse(readFileSync(new URL('./scripts/mutation-modules.json', import.meta.url), 'utf8')).modules;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: MUTATED_MODULES.flatMap((module) => module.files),
  // In place: the workspace packages resolve through node_modules' links to the real folders, so a sandbox
  // copy would mutate files that no test loads. Stryker puts every file back when it ends or is interrupted.
  inPlace: true,
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: 'reports/mutation/.stryker-tmp',
  cleanTempDir: 'always',
  timeoutMS: 10_000,
  ignoreStatic: true,
  // Vitest strips types without checking them: no need to write @ts-nocheck into the files.
  disableTypeChecks: false,
};
