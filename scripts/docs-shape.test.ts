// The docs' shape held to the code: docs/architecture.md stays a short read (at most 300 lines), and the layout
// in docs/development.md (one line a folder) is the tree: every folder it names is there, and every top-level
// folder, every folder of a folder it opens (src/, server/, each package's src/ among them) is named.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, sourceFiles } from './source-files';

const ARCHITECTURE_MOST_LINES = 300;
/** Folders the layout must open: all of their folders named, whether or not it lists any. */
const MUST_OPEN = ['', 'src/', 'server/', 'packages/'];

/** The folders of the layout block under "## Layout of the code", as paths from the root ("server/api/"). */
export function layoutFolders(markdown: string): string[] {
  const section = markdown.split(/^## Layout of the code$/m)[1] ?? '';
  const block = /^```\n([\s\S]*?)^```/m.exec(section)?.[1] ?? '';
  const parents: string[] = [];
  const folders: string[] = [];
  for (const line of block.split('\n').filter((text) => text.trim() !== '')) {
    const entry = /^( *)(\S+\/)(?: {2,}\S|$)/.exec(line);
    if (!entry) throw new Error(`not "<folder>/  <what it is>": ${line}`);
    const depth = entry[1]!.length / 2;
    if (!Number.isInteger(depth) || depth > parents.length) throw new Error(`indented oddly: ${line}`);
    parents.length = depth;
    const path = (parents[depth - 1] ?? '') + entry[2]!;
    parents.push(path);
    folders.push(path);
  }
  return folders;
}

/** Every folder holding a file of the tree, each prefix included: "a/b/c.ts" gives "a/" and "a/b/". */
export function treeFolders(files: string[]): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    parts.forEach((_, i) => folders.add(parts.slice(0, i + 1).join('/') + '/'));
  }
  return folders;
}

/** What the layout gets wrong against the tree: folders it names that are not there, and folders it leaves out. */
export function layoutProblems(named: string[], tree: Set<string>): string[] {
  const withPrefixes = new Set(named.flatMap((path) => [...treeFolders([path + 'x'])]));
  const parentOf = (path: string) => path.replace(/[^/]+\/$/, '');
  const opened = new Set([...MUST_OPEN, ...[...withPrefixes].map(parentOf)]);
  const packageSources = [...tree].filter((path) => /^packages\/[^/]+\/src\/$/.test(path));
  return [
    ...named.filter((path) => !tree.has(path)).map((path) => `named but not in the tree: ${path}`),
    ...[...tree]
      .filter((path) => opened.has(parentOf(path)) || packageSources.includes(parentOf(path)))
      .filter((path) => !withPrefixes.has(path))
      .map((path) => `in the tree but not named: ${path}`),
  ];
}

describe('the docs, shaped for their readers', () => {
  it(`docs/architecture.md is at most ${ARCHITECTURE_MOST_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8')
      .trimEnd()
      .split('\n').length;
    expect(lines).toBeLessThanOrEqual(ARCHITECTURE_MOST_LINES);
  });

  it('reads a layout block and tells what it gets wrong', () => {
    const markdown = ['## Layout of the code', '', '```', 'src/  the app', '  app/  routes', 'gone/  moved', '```'].join('\n');
    const named = layoutFolders(markdown);
    expect(named).toEqual(['src/', 'src/app/', 'gone/']);
    const tree = treeFolders(['src/app/a.ts', 'src/lib/b.ts', 'server/api/c.ts', 'packages/p/src/core/d.ts', 'README.md']);
    expect(layoutProblems(named, tree).sort()).toEqual([
      'in the tree but not named: packages/',
      'in the tree but not named: packages/p/',
      'in the tree but not named: packages/p/src/core/',
      'in the tree but not named: server/',
      'in the tree but not named: server/api/',
      'in the tree but not named: src/lib/',
      'named but not in the tree: gone/',
    ]);
  });

  it("docs/development.md's layout is the tree's", () => {
    const named = layoutFolders(readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8'));
    expect(named).toEqual(expect.arrayContaining(['src/', 'server/', 'server/api/', 'packages/gateway/src/core/']));
    expect(layoutProblems(named, treeFolders(sourceFiles()))).toEqual([]);
  });
});
