// One width: Prettier lays out the code at 140 columns (npm run format; npm run format:check in check:static), and
// what it cannot break (a comment, a string, a template) is held here: no production line is wider. Characters
// are counted as an editor counts them (a Chinese character is one).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './source-files';
import { productionFiles } from './source-imports';

const WIDTH = 140;
const CODE = /\.(ts|tsx|mts|mjs|js|css)$/;

export function wideLines(text: string, width = WIDTH): number[] {
  return text.split('\n').flatMap((line, i) => ([...line].length > width ? [i + 1] : []));
}

describe('line width', () => {
  it('finds a line past the width, counting characters, not bytes', () => {
    expect(wideLines(['a'.repeat(140), 'b'.repeat(141), '验'.repeat(140)].join('\n'))).toEqual([2]);
  });

  it(`no production line is wider than ${WIDTH} characters`, () => {
    const files = productionFiles(CODE);
    expect(files).toEqual(expect.arrayContaining(['server/app.ts', 'src/styles/global.css', 'packages/gateway/src/index.ts']));
    const wide = files.flatMap((path) => wideLines(readFileSync(join(ROOT, path), 'utf8')).map((line) => `${path}:${line}`));
    expect(wide).toEqual([]);
  });
});
