// No import circles: no module of ours reaches itself again through its imports, type-only imports included
// (a type import is an edge of the design even when the compiler erases it). TypeScript itself reads each
// file's imports (ts.preProcessFile) and resolves them as the projects do (bundler resolution, the packages
// from source through the game-register-source condition). Why a test and not import-x/no-cycle, madge or
// dependency-cruiser: docs/decisions.md, "Layout: test doubles in testing/, benches by question, no circles".
import { readFileSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT, sourceFiles as repositoryFiles } from './source-files';

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const FOLDERS = ['src', 'server', 'packages', 'scripts', 'bench', 'e2e', 'testing', 'playground'];

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['game-register-source'],
  allowJs: true,
  resolveJsonModule: false,
};

/** Our source files (tracked and new, as a source archive holds them), relative to the root. */
function sourceFiles(): string[] {
  return repositoryFiles().filter((path) => FOLDERS.some((folder) => path.startsWith(`${folder}/`)) && SOURCE.test(path) && !path.includes('/dist/') && !path.includes('node_modules/'));
}

/** The files a module imports (static, type-only, re-exports, dynamic with a literal), as root-relative paths of ours. */
export function importsOf(path: string, known: Set<string>): string[] {
  const file = join(ROOT, path);
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set<string>();
  for (const { fileName } of importedFiles) {
    const name = fileName.startsWith('@/') ? join(ROOT, 'src', fileName.slice(2)) : fileName;
    const resolved = ts.resolveModuleName(name, file, OPTIONS, ts.sys).resolvedModule?.resolvedFileName;
    if (!resolved) continue;
    const target = relative(ROOT, realpathSync(resolved));
    if (known.has(target)) targets.add(target);
  }
  return [...targets];
}

/** The strongly connected groups of more than one module, or of one that imports itself (Tarjan's algorithm). */
export function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the imports', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']], ['e', ['e']]]);
    expect(circles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('resolves relative, type-only and package imports to our files', () => {
    const files = new Set(sourceFiles());
    expect(importsOf('server/config.ts', files)).toEqual(expect.arrayContaining(['server/config-schema.ts', 'packages/gateway/src/policy-entry.ts']));
  });

  it('form no circle', { timeout: 60_000 }, () => {
    const files = sourceFiles();
    const known = new Set(files);
    const graph = new Map(files.map((path) => [path, importsOf(path, known)]));
    expect(circles(graph)).toEqual([]);
  });
});
