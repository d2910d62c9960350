// The repository's files as a source archive holds them: the tree walked, less what .gitignore leaves out
// (node_modules/, dist/, build/...). Tests that read the tree list it here, never through git: a release
// tarball or a copied folder has no .git, and `npm test` must pass there (scripts/source-archive.test.ts
// runs each test that imports this module in such a copy, and checks the walk against git's own list in a
// checkout).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ignore from 'ignore';

export const ROOT = resolve(import.meta.dirname, '..');

/** Every file of the repository under root, relative to it and sorted: what git would list as tracked or new. */
export function sourceFiles(root = ROOT): string[] {
  const ignored = ignore()
    .add(readFileSync(join(root, '.gitignore'), 'utf8'))
    .add('.git');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = relative(root, join(dir, entry.name));
      // Either form, so that a symlinked node_modules/ is left out like a real one.
      if (ignored.ignores(path) || ignored.ignores(`${path}/`)) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.isFile()) files.push(path);
    }
  };
  walk(root);
  return files.sort();
}
