// No import circles: no module of ours reaches itself again through its imports, type-only imports included
// (scripts/source-imports.ts reads them as TypeScript resolves them). Why a test and not import-x/no-cycle, madge or
// dependency-cruiser: docs/decisions/layout-testing-benches-no-circles.md.
import { circles, importGraph, importsOf, sourceFiles } from './source-imports';

describe('the imports', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('resolves relative, type-only and package imports to our files', () => {
    const files = new Set(sourceFiles());
    expect(importsOf('server/config/config.ts', files)).toEqual(
      expect.arrayContaining(['server/config/config-schema.ts', 'packages/gateway/src/policy-entry.ts']),
    );
  });

  it('form no circle', { timeout: 60_000 }, () => {
    expect(circles(importGraph(sourceFiles()))).toEqual([]);
  });
});
