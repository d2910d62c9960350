// The modules under mutation testing, read from scripts/mutation-modules.json (JSON so that Stryker's plain-JS
// config reads the same list): what Stryker mutates and the test files that guard each.
import { readFileSync } from 'node:fs';

export interface MutatedModule {
  name: string;
  /** Why its test list is what it is, where that needs saying. */
  note?: string;
  /** What Stryker mutates: paths from the repository's root, `*` within one segment, `!` to leave out. */
  files: readonly string[];
  /** The test files that guard it, which are all that Vitest runs under Stryker. */
  tests: readonly string[];
}

export const MUTATED_MODULES: readonly MutatedModule[] = (
  JSON.parse(readFileSync(new URL('./mutation-modules.json', import.meta.url), 'utf8')) as { modules: MutatedModule[] }
).modules;
