// Mutation testing (npm run test:mutation): Stryker changes the code of the modules where a silent change
// costs most and runs the tests that cover each change; a mutant that no test notices is a hole in the tests.
// The modules, and why each is in, are in docs/decisions/mutation-testing.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { URL } from 'node:url';

const MUTATED_MODULES = JSON.parse(readFileSync(new URL('./scripts/mutation-modules.json', import.meta.url), 'utf8')).modules;
const MUTATED = MUTATED_MODULES.flatMap((module) => module.files);

// The TypeScript checker compiles each mutant (in groups) to drop those that cannot build; it cost three times
// the CPU of the tests (16 of 21 CPU minutes in a run of the delivery module). It compiles only the mutated files
// and what they import: no test files, and no project references (which put it in build mode). A mutant
// changes code inside its own file, so its compile errors show there. Written from the module list, so the
// two cannot drift apart.
const CHECKER_TSCONFIG = 'reports/mutation/tsconfig.checker.json';
mkdirSync(new URL('./reports/mutation/', import.meta.url), { recursive: true });
writeFileSync(
  new URL(`./${CHECKER_TSCONFIG}`, import.meta.url),
  JSON.stringify(
    {
      extends: '../../tsconfig.server.json',
      compilerOptions: { incremental: false, composite: false },
      include: MUTATED.filter((pattern) => !pattern.startsWith('!')).map((pattern) => `../../${pattern}`),
      exclude: MUTATED.filter((pattern) => pattern.startsWith('!')).map((pattern) => `../../${pattern.slice(1)}`),
    },
    null,
    2,
  ),
);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // The published TypeScript checker on TypeScript's watch program (stryker.checker.mjs says why),
  // registered under the same name; listed in place of the default (every @stryker-mutator/* package).
  plugins: ['@stryker-mutator/vitest-runner', './stryker.checker.mjs'],
  checkers: ['typescript'],
  tsconfigFile: CHECKER_TSCONFIG,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: MUTATED,
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
