// No deep ternaries: a conditional expression in production code holds at most one more inside it (`a ? b : c ? d
// : e`); a third level is a lookup, an if/else or a small function, which a reader follows without counting colons.
// Nesting is counted within one function: a ternary in a callback that stands in another's branch starts again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './source-files';
import { productionFiles } from './source-imports';

const MAX_DEPTH = 2;
const CODE = /\.(ts|tsx|mts|mjs|js)$/;

/** The lines (1-based) where a ternary stands deeper than `max` conditional expressions in one function. */
export function deepTernaries(text: string, fileName = 'file.ts', max = MAX_DEPTH): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node, depth: number) => {
    const inner = ts.isFunctionLike(node) ? 0 : ts.isConditionalExpression(node) ? depth + 1 : depth;
    if (ts.isConditionalExpression(node) && inner > max) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, 0);
  return lines;
}

describe('ternary depth', () => {
  it('counts conditional expressions inside each other, starting again in a function', () => {
    expect(deepTernaries('const a = x ? 1 : y ? 2 : 3;')).toEqual([]);
    expect(deepTernaries('const a = x\n  ? 1\n  : y\n    ? 2\n    : z\n      ? 3\n      : 4;')).toEqual([5]);
    expect(deepTernaries('const a = x ? f(y ? (z ? 1 : 2) : 3) : 4;')).toEqual([1]);
    expect(deepTernaries('const a = x ? [1].map((v) => (v ? (w ? 1 : 2) : 3)) : y ? 4 : 5;')).toEqual([]);
    expect(deepTernaries('const C = () => <i>{x ? (y ? <b /> : z ? <u /> : null) : null}</i>;', 'c.tsx')).toEqual([1]);
  });

  it(`no production ternary is nested deeper than ${MAX_DEPTH}`, () => {
    const files = productionFiles(CODE);
    expect(files).toEqual(expect.arrayContaining(['server/app.ts', 'src/main.tsx', 'packages/gateway/src/index.ts']));
    const deep = files.flatMap((path) => deepTernaries(readFileSync(join(ROOT, path), 'utf8'), path).map((line) => `${path}:${line}`));
    expect(deep).toEqual([]);
  });
});
