// The looking test (issue 50): can a person tell, at a phone's size, where the piece fits?
//   npm run bench:eye -- sheets [--design=NAME] [--levels=0,1,2,3] [--count=40] [--from=0] [--out=DIR] [--key=FILE]
//     Writes one PNG sheet per puzzle (eye-sheets.ts) into DIR/level-N/ and the key (right label per sheet, with
//     seed, level, design) to FILE, which must lie outside DIR: readers get DIR alone.
//   npm run bench:eye -- figure: docs/images/guarded-picture.jpg redrawn (eye-figure.ts).
//   npm run bench:eye -- score --picks=FILE --key=FILE [--out=bench-results/eye.json]
//     Reads the picks (one "level-N/III LABEL" per line, # starts a comment), scores each within the level's
//     tolerance, prints the first-pick rate per level and writes a small JSON result.
// The reading rules: each sheet looked at once, at its phone size, by eye; no pixel tools; the picks written down
// before `score` is run. A program exact to the pixel is an attacker, not a person.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { PASS_TOLERANCE } from '@game-register/puzzle-captcha/protocol';
import { writeGuardedFigure } from './eye-figure';
import { drawSheet, type Level, type SheetKey } from './eye-sheets';

/** Issue 50's goals: a looking reader's first pick right on the guarded picture (levels 2-3) and on the plain one. */
export const EYE_GOALS = { guarded: 0.9, plain: 0.98 };

function option(name: string, fallback: string): string {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found === undefined ? fallback : found.slice(name.length + 3);
}

async function writeSheets() {
  const design = option('design', 'served');
  const levels = option('levels', '0,1,2,3').split(',').map(Number) as Level[];
  const [count, from] = [Number(option('count', '40')), Number(option('from', '0'))];
  const out = resolve(option('out', 'bench-results/eye/sheets'));
  const keyFile = resolve(option('key', 'bench-results/eye/key.json'));
  if (!relative(out, keyFile).startsWith('..')) throw new Error(`the key (${keyFile}) must lie outside the sheets' folder (${out})`);
  const keys: SheetKey[] = [];
  for (const level of levels) {
    mkdirSync(join(out, `level-${level}`), { recursive: true });
    for (let index = from; index < from + count; index += 1) {
      const { png, key } = await drawSheet(level, index, design);
      writeFileSync(join(out, `${key.sheet}.png`), png);
      keys.push(key);
    }
  }
  mkdirSync(dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, `${JSON.stringify({ design, tolerance: PASS_TOLERANCE, sheets: keys }, null, 1)}\n`);
  console.log(
    `[bench:eye] design "${design}": ${keys.length} sheets (levels ${levels.join(', ')}, seeds ${from}-${from + count - 1}) in ${out}; key in ${keyFile}`,
  );
}

/** The picks file: "level-N/III LABEL" per line; blank lines and # comments skipped. */
export function parsePicks(text: string): Map<string, string> {
  const picks = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const [sheet, label] = line.split(/\s+/);
    if (sheet === undefined || label === undefined || !/^[A-P]$/i.test(label))
      throw new Error(`a pick is "level-N/III LABEL": ${JSON.stringify(raw)}`);
    picks.set(sheet.replace(/\.png$/, ''), label.toUpperCase());
  }
  return picks;
}

/** Each pick within the tolerance of the answer (the gateway's judgement), counted per level. */
export function scorePicks(picks: Map<string, string>, keys: readonly SheetKey[], tolerance = PASS_TOLERANCE) {
  const levels = new Map<number, { level: number; picture: string; picked: number; right: number; missed: string[] }>();
  for (const key of keys) {
    const label = picks.get(key.sheet);
    if (label === undefined) continue;
    const tally = levels.get(key.level) ?? { level: key.level, picture: key.picture, picked: 0, right: 0, missed: [] };
    const panel = key.panels.find((p) => p.label === label);
    tally.picked += 1;
    if (panel !== undefined && Math.abs(panel.offsetX - key.answer) < tolerance) tally.right += 1;
    else
      tally.missed.push(
        `${key.sheet} ${label} (right ${key.right}, ${panel === undefined ? 'no such panel' : `${panel.offsetX - key.answer} units off`})`,
      );
    levels.set(key.level, tally);
  }
  return [...levels.values()]
    .sort((a, b) => a.level - b.level)
    .map((tally) => ({ ...tally, rate: tally.right / Math.max(1, tally.picked) }));
}

function score() {
  const picksFile = option('picks', '');
  const keyFile = option('key', 'bench-results/eye/key.json');
  if (picksFile === '') throw new Error('score needs --picks=FILE');
  const key = JSON.parse(readFileSync(keyFile, 'utf8')) as { design: string; tolerance: number; sheets: SheetKey[] };
  const picks = parsePicks(readFileSync(picksFile, 'utf8'));
  const unknown = [...picks.keys()].filter((sheet) => !key.sheets.some((k) => k.sheet === sheet));
  if (unknown.length > 0) throw new Error(`picks for sheets the key does not hold: ${unknown.join(', ')}`);
  const levels = scorePicks(picks, key.sheets, key.tolerance);
  console.log(`[bench:eye] design "${key.design}", picks ${picksFile}, tolerance ${key.tolerance} units`);
  for (const tally of levels) {
    const goal = tally.picture === 'guarded' ? EYE_GOALS.guarded : EYE_GOALS.plain;
    console.log(
      `  level ${tally.level} (${tally.picture}): ${tally.right}/${tally.picked} first picks right, ${(100 * tally.rate).toFixed(0)}% (goal ${100 * goal}%) ${tally.rate >= goal ? 'PASS' : 'MISS'}`,
    );
    for (const miss of tally.missed) console.log(`    missed ${miss}`);
  }
  const out = option('out', 'bench-results/eye.json');
  mkdirSync(dirname(resolve(out)), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), design: key.design, picks: picksFile, tolerance: key.tolerance, levels }, null, 2)}\n`,
  );
}

const mode = process.argv[2];
if (mode === 'sheets') await writeSheets();
else if (mode === 'score') score();
else if (mode === 'figure') await writeGuardedFigure(option('out', 'docs/images/guarded-picture.jpg'));
else {
  console.error(
    'usage: npm run bench:eye -- sheets [--design=NAME] [--levels=0,1,2,3] [--count=40] [--from=0] [--out=DIR] [--key=FILE]\n       npm run bench:eye -- score --picks=FILE [--key=FILE] [--out=FILE]\n       npm run bench:eye -- figure [--out=FILE]',
  );
  process.exitCode = 1;
}
