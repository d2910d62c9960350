// The imports of our source files as TypeScript reads and resolves them (ts.preProcessFile, bundler resolution,
// the packages from source through the game-register-source condition), type-only imports included: a type
// import is an edge of the design even when the compiler erases it. Two tests read the graph: no module reaches
// itself again (scripts/import-cycles.test.ts), and no folder is reached into from below (scripts/folder-arrows.test.ts).
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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
export function sourceFiles(): string[] {
  return repositoryFiles().filter(
    (path) =>
      FOLDERS.some((folder) => path.startsWith(`${folder}/`)) &&
      SOURCE.test(path) &&
      !path.includes('/dist/') &&
      !path.includes('node_modules/'),
  );
}

/** Production files: tests, test kits (testing/ folders) and fixtures aside. */
export const isProduction = (path: string) => !/\.test\.tsx?$/.test(path) && !/(^|\/)testing\//.test(path);

const PRODUCTION_FOLDERS = ['src/', 'server/', 'packages/', 'playground/'];

/** The production files whose names match `kind`: the app, the server, the packages, the playground and the root's configs. */
export const productionFiles = (kind: RegExp): string[] =>
  repositoryFiles().filter(
    (path) =>
      (PRODUCTION_FOLDERS.some((folder) => path.startsWith(folder)) || !path.includes('/')) && kind.test(path) && isProduction(path),
  );

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

/** The import graph of the given files: each file to the files of that list it imports. */
export function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((path) => [path, importsOf(path, known)]));
}

/** The strongly connected groups of more than one node, or of one that points at itself (Tarjan's algorithm). */
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

/** One arrow between folders, with the file imports that draw it. */
export interface FolderArrow {
  from: string;
  to: string;
  imports: string[];
}

/**
 * The folder arrows that run back up. Folders are read as layers, each importing only from those under it; an
 * arrow (a file in one folder importing a file in another) runs back up when it points from a lower layer to a
 * higher one. Of all the orders the folders could be laid in, the one with the fewest such arrows is taken (the
 * minimum feedback arc set, exact: a circle of folders is small), so the count is what no reordering can remove.
 * Each folder is a node of its own (a subfolder is not part of its parent): a file in `server/ads/` importing
 * `server/logger.ts` would be an arrow from `server/ads` to `server`.
 */
export function folderArrowsBackUp(graph: Map<string, string[]>): FolderArrow[] {
  const arrows = new Map<string, FolderArrow>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = dirname(file);
      const to = dirname(target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      const arrow = arrows.get(key) ?? { from, to, imports: [] };
      arrow.imports.push(`${file} -> ${target}`);
      arrows.set(key, arrow);
    }
  }
  const folders = new Map<string, string[]>();
  for (const { from, to } of arrows.values()) folders.set(from, [...(folders.get(from) ?? []), to]);
  const backUp: FolderArrow[] = [];
  for (const group of circles(folders)) {
    const order = bestOrder(group, (from, to) => arrows.has(`${from} -> ${to}`));
    const rank = new Map(order.map((folder, i) => [folder, i]));
    for (const arrow of arrows.values()) {
      if (rank.has(arrow.from) && rank.has(arrow.to) && rank.get(arrow.from)! > rank.get(arrow.to)!) backUp.push(arrow);
    }
  }
  return backUp.sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`));
}

/** The order of the nodes (top first) with the fewest arrows from a lower node to a higher one: dynamic programming over subsets. */
function bestOrder(nodes: string[], points: (from: string, to: string) => boolean): string[] {
  if (nodes.length > 20) throw new Error(`a circle of ${nodes.length} folders: too many to order exactly`);
  const size = 1 << nodes.length;
  const cost = new Array<number>(size).fill(Infinity);
  const last = new Array<number>(size).fill(-1);
  cost[0] = 0;
  for (let placed = 0; placed < size; placed += 1) {
    if (cost[placed] === Infinity) continue;
    for (let next = 0; next < nodes.length; next += 1) {
      if (placed & (1 << next)) continue;
      // `next` goes under every node placed so far: each of its arrows to them runs back up.
      let up = 0;
      for (let above = 0; above < nodes.length; above += 1) if (placed & (1 << above) && points(nodes[next]!, nodes[above]!)) up += 1;
      const to = placed | (1 << next);
      if (cost[placed]! + up < cost[to]!) {
        cost[to] = cost[placed]! + up;
        last[to] = next;
      }
    }
  }
  const order: string[] = [];
  for (let set = size - 1; set > 0; set &= ~(1 << last[set]!)) order.unshift(nodes[last[set]!]!);
  return order;
}
