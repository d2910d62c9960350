// The type of the module list, for the TypeScript that reads it (the list is plain JS for Stryker's config).
export interface MutatedModule {
  name: string;
  /** What Stryker mutates: paths from the repository's root, `*` within one segment, `!` to leave out. */
  files: readonly string[];
  /** The test files that guard it, which are all that Vitest runs under Stryker. */
  tests: readonly string[];
}
export declare const MUTATED_MODULES: readonly MutatedModule[];
