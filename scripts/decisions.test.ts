// The decisions, one a file in docs/decisions/: each short (at most 40 lines), opening with its title and a status
// (accepted with its date, or replaced by a decision that exists), each listed in the index (docs/decisions/README.md),
// which lists no file that is not there. And nothing in the repository points at the one long file they came from.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, sourceFiles } from './source-files';

const DIR = join(ROOT, 'docs', 'decisions');
const MOST_LINES = 40;
const DATE = String.raw`\d{4}-\d\d-\d\d`;
const STATUS = new RegExp(String.raw`^Status: (?:accepted, ${DATE}|replaced by \[[^\]]+\]\(([\w-]+\.md)\), ${DATE})$`);

const decisions = () =>
  readdirSync(DIR)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort();
const linesOf = (name: string) => readFileSync(join(DIR, name), 'utf8').replace(/\n$/, '').split('\n');

/** What is wrong with one decision file's shape: its length, its title line, its status line and what it names. */
export function shapeProblems(name: string, lines: string[], exists: (file: string) => boolean): string[] {
  const problems: string[] = [];
  if (lines.length > MOST_LINES) problems.push(`${name}: ${lines.length} lines (at most ${MOST_LINES})`);
  if (!/^# \S/.test(lines[0] ?? '')) problems.push(`${name}: the first line is not "# <Title>"`);
  const status = STATUS.exec(lines[2] ?? '');
  if (lines[1] !== '' || !status)
    problems.push(`${name}: the third line is not "Status: accepted, <date>" or "Status: replaced by [..](..), <date>"`);
  const replacedBy = status?.[1];
  if (replacedBy && (replacedBy === name || !exists(replacedBy)))
    problems.push(`${name}: replaced by ${replacedBy}, which is not a decision`);
  return problems;
}

/** The files the index links to, in its order. */
export const indexed = (index: string) => [...index.matchAll(/\]\(([\w-]+\.md)\)/g)].map(([, file]) => file!);

describe('docs/decisions/', () => {
  it('tells a decision out of shape: too long, no status, replaced by nothing', () => {
    const exists = (file: string) => file === 'b.md';
    expect(shapeProblems('a.md', ['# A', '', 'Status: accepted, 2026-11-29', '', 'Why.'], exists)).toEqual([]);
    expect(shapeProblems('a.md', ['# A', '', 'Status: replaced by [B](b.md), 2026-11-29'], exists)).toEqual([]);
    expect(shapeProblems('a.md', ['# A', '', 'Status: replaced by [C](c.md), 2026-11-29'], exists)).toHaveLength(1);
    expect(shapeProblems('a.md', ['# A', '', 'Accepted.'], exists)).toHaveLength(1);
    expect(shapeProblems('a.md', ['# A', '', 'Status: accepted, 2026-11-29', ...Array<string>(38).fill('x')], exists)).toHaveLength(1);
    expect(indexed('- 2026-11-29 [A](a.md): replaced by [b](b.md)\n- [B](b.md): accepted')).toEqual(['a.md', 'b.md', 'b.md']);
  });

  it(`each decision is at most ${MOST_LINES} lines, with its title and a status line`, () => {
    const names = decisions();
    expect(names.length).toBeGreaterThan(50);
    const exists = (file: string) => existsSync(join(DIR, file));
    expect(names.flatMap((name) => shapeProblems(name, linesOf(name), exists))).toEqual([]);
  });

  it('the index lists every decision, with its status, and no file that is not there', () => {
    const index = readFileSync(join(DIR, 'README.md'), 'utf8');
    const listed = new Set(indexed(index));
    const names = decisions();
    expect(names.filter((name) => !listed.has(name)).map((name) => `not in the index: ${name}`)).toEqual([]);
    expect([...listed].filter((name) => !existsSync(join(DIR, name))).map((name) => `no such file: ${name}`)).toEqual([]);
    const replaced = names.filter((name) => linesOf(name)[2]!.startsWith('Status: replaced by'));
    const rowOf = (name: string) => index.split('\n').find((line) => line.includes(`](${name})`)) ?? '';
    expect(replaced.filter((name) => !rowOf(name).includes('replaced by'))).toEqual([]);
  });

  it('nothing in the repository points at the old single file of decisions', () => {
    const old = ['decisions', 'md'].join('.');
    const pointing = sourceFiles()
      .filter((path) => !/\.(png|jpe?g|webp|gif|ico|woff2?|gz|br|tgz)$/.test(path))
      .filter((path) => readFileSync(join(ROOT, path), 'utf8').includes(old));
    expect(pointing).toEqual([]);
  });
});
