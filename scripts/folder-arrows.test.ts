// Folders as layers: each imports from the folders under it, and the arrows that run back up (a lower folder
// importing from a higher one, in the order with the fewest of them) are few and named. Production files only:
// a test may reach anywhere it needs to.
import { folderArrowsBackUp, importGraph, isProduction, sourceFiles, type FolderArrow } from './source-imports';

/**
 * How many arrows each part may have running back up: the server's layout (the /api wing at the top, the client
 * address and the settings decided at the root and handed down: none), and the gateway's core
 * (rules under flows under the adapters: none).
 */
const LIMITS = { 'server/': 0, 'packages/gateway/src/': 0 };

/** The /api wing: nothing below reaches into it; only the composition root registers it. */
const WING = 'server/api/';
const WING_ROOT = 'server/app.ts';

const graphOf = (prefix: string) => importGraph(sourceFiles().filter((path) => path.startsWith(prefix) && isProduction(path)));
const said = (arrows: FolderArrow[]) => arrows.map(({ from, to, imports }) => `${from} -> ${to} (${imports.join(', ')})`);

describe('folder arrows', () => {
  it('counts the fewest arrows no order of the folders can lay downwards', () => {
    // a/ and b/ import each other, b/ imports c/ and c/ imports a/: laid b, c, a (d under all), only a -> b
    // runs back up; any other order has two.
    const graph = new Map([
      ['a/1.ts', ['b/1.ts', 'd/1.ts']],
      ['b/1.ts', ['a/2.ts', 'c/1.ts']],
      ['c/1.ts', ['a/1.ts', 'd/1.ts']],
      ['a/2.ts', []],
      ['d/1.ts', []],
    ]);
    const arrows = folderArrowsBackUp(graph);
    expect(arrows).toHaveLength(1);
    expect(arrows[0]).toEqual({ from: 'a', to: 'b', imports: ['a/1.ts -> b/1.ts'] });
  });

  it('reads a subfolder as a folder of its own, and an import of its parent as an arrow', () => {
    const graph = new Map([
      ['s/app.ts', ['s/x/one.ts']],
      ['s/x/one.ts', ['s/config.ts']],
      ['s/config.ts', []],
    ]);
    expect(said(folderArrowsBackUp(graph))).toEqual(['s/x -> s (s/x/one.ts -> s/config.ts)']);
  });

  it(`nothing outside ${WING} imports it but ${WING_ROOT}`, { timeout: 60_000 }, () => {
    const reachingIn = [...graphOf('server/')].flatMap(([file, targets]) =>
      file.startsWith(WING) || file === WING_ROOT
        ? []
        : targets.filter((target) => target.startsWith(WING)).map((target) => `${file} -> ${target}`),
    );
    expect(reachingIn).toEqual([]);
  });

  for (const [prefix, limit] of Object.entries(LIMITS)) {
    it(`${prefix}: at most ${limit} running back up`, { timeout: 60_000 }, () => {
      const arrows = folderArrowsBackUp(graphOf(prefix));
      expect(arrows.length, said(arrows).join('\n')).toBeLessThanOrEqual(limit);
    });
  }
});
