// Where a strict-mode challenge's CPU goes, on one thread, from the server's sources: painting (the core's
// guarded picture on @napi-rs/canvas, on canvases painted before as a draw thread does), each encoder setting
// for the picture and the piece with its bytes, and base64. The encoders compared are Skia's, as the server
// has them: WebP q80 (before), JPEG q75-q90, PNG. Run: npm run bench:pictures [-- --draws=40 --shots]
// --shots also writes bench-results/pictures-390@3x.png: WebP q80 and what is served now, one above the
// other, as a phone 390 px wide at device scale 3 shows them (look at it).
import { paintPuzzle, planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import type { Canvas } from '@napi-rs/canvas';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_PATH } from '../scripts/ensure-chromium.mjs';
import { CHALLENGE_LAYOUT, challengeCanvases, cryptoRandom, encodeChallenge, paintChallenge } from '@game-register/gateway/testing';
import { median } from './stats';

const { values: options } = parseArgs({ options: { draws: { type: 'string', default: '40' }, shots: { type: 'boolean', default: false } } });
const DRAWS = Number(options.draws);
const WARM_UP = 5;

type Canvases = ReturnType<typeof challengeCanvases>;

/** The widget's own puzzle on the same canvases: what the guard's grain, decoys and veil add is the difference. */
function paintPlain(ratio: number, { board, piece }: Canvases) {
  board.getContext('2d').reset();
  piece.getContext('2d').reset();
  const surface = (canvas: Canvas) => ({ context: canvas.getContext('2d'), width: canvas.width, height: canvas.height });
  const plan = planPuzzle(cryptoRandom, CHALLENGE_LAYOUT, 0, -1);
  paintPuzzle({ ...surface(board), canvas: board }, surface(piece), { random: cryptoRandom }, plan, CHALLENGE_LAYOUT, ratio);
}

/** CPU time (ms) of `work` on this process, not the wall clock: other jobs on the machine do not count. */
const timed = <T>(work: () => T): [number, T] => {
  const started = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(started);
  return [(used.user + used.system) / 1000, result];
};

const ENCODINGS: [string, (c: Canvases) => Buffer][] = [
  ['picture WebP q80 (before)', (c) => c.board.encodeSync('webp', 80)],
  ['picture JPEG q75', (c) => c.board.encodeSync('jpeg', 75)],
  ['picture JPEG q80 (now)', (c) => c.board.encodeSync('jpeg', 80)],
  ['picture JPEG q90', (c) => c.board.encodeSync('jpeg', 90)],
  ['piece WebP q80 (before)', (c) => c.piece.encodeSync('webp', 80)],
  ['piece PNG (now)', (c) => c.piece.encodeSync('png')],
];

const rows: Record<string, string | number>[] = [];
for (const ratio of [1, 2, 3]) {
  const canvases = challengeCanvases(ratio);
  const times: Record<string, number[]> = {};
  const bytes: Record<string, number[]> = {};
  const keep = (record: Record<string, number[]>, name: string, value: number) => (record[name] ??= []).push(value);
  const of = (record: Record<string, number[]>, name: string) => median(record[name] ?? []);
  for (let draw = 0; draw < WARM_UP + DRAWS; draw += 1) {
    // Reading one pixel makes Skia finish the painting before the clock stops.
    const [paintMs] = timed(() => (paintChallenge(cryptoRandom, ratio, undefined, canvases), canvases.board.getContext('2d').getImageData(0, 0, 1, 1)));
    if (draw >= WARM_UP) keep(times, 'paint', paintMs);
    for (const [name, encode] of ENCODINGS) {
      const [ms, image] = timed(() => encode(canvases));
      if (draw < WARM_UP) continue;
      keep(times, name, ms);
      keep(bytes, name, image.length);
    }
    const encoded = encodeChallenge(canvases);
    const [base64Ms] = timed(() => encoded.background.toString('base64') + encoded.piece.toString('base64'));
    const [plainMs] = timed(() => (paintPlain(ratio, canvases), canvases.board.getContext('2d').getImageData(0, 0, 1, 1)));
    if (draw >= WARM_UP) keep(times, 'base64', base64Ms);
    if (draw >= WARM_UP) keep(times, 'plain', plainMs);
  }
  const row = (name: string, ms: number, size: number | '' = '') => rows.push({ 'pixel ratio': ratio, step: name, 'median CPU ms': Number(ms.toFixed(2)), 'median bytes': size === '' ? '' : Math.round(size) });
  row('paint (the guarded picture)', of(times, 'paint'));
  row('paint without grain, decoys and veil (the widget\'s plain puzzle)', of(times, 'plain'));
  for (const [name] of ENCODINGS) row(name, of(times, name), of(bytes, name));
  row('base64 of both (now)', of(times, 'base64'));
  const before = of(times, 'paint') + of(times, 'picture WebP q80 (before)') + of(times, 'piece WebP q80 (before)');
  const now = of(times, 'paint') + of(times, 'picture JPEG q80 (now)') + of(times, 'piece PNG (now)');
  row('challenge before (paint + WebP + WebP)', before, of(bytes, 'picture WebP q80 (before)') + of(bytes, 'piece WebP q80 (before)'));
  row('challenge now (paint + JPEG + PNG)', now, of(bytes, 'picture JPEG q80 (now)') + of(bytes, 'piece PNG (now)'));
}
console.log(`[bench:pictures] medians of ${DRAWS} draws per ratio on one thread, CPU ms (before and now alternate draw by draw)`);
console.table(rows);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/picture-costs.json', `${JSON.stringify({ date: new Date().toISOString(), draws: DRAWS, rows }, null, 2)}\n`);

if (options.shots) {
  const canvases = paintChallenge(seededRandom(42), 3);
  const dir = mkdtempSync(join(tmpdir(), 'bench-pictures-'));
  const url = (mime: string, image: Buffer) => `data:${mime};base64,${image.toString('base64')}`;
  const puzzle = (label: string, background: string, piece: string) =>
    `<p>${label}</p><div class="p"><img class="b" src="${background}"><img class="c" src="${piece}"></div>`;
  const now = encodeChallenge(canvases);
  const page = `<!doctype html><meta name="viewport" content="width=device-width"><style>
    body{margin:0;padding:8px 40px;font:12px sans-serif}.p{position:relative;width:310px;height:160px}
    .p img{position:absolute;top:0;height:160px}.b{left:0;width:310px}.c{left:90px;width:75px}</style>
    ${puzzle('WebP q80 + WebP q80 (before)', url('image/webp', canvases.board.encodeSync('webp', 80)), url('image/webp', canvases.piece.encodeSync('webp', 80)))}
    ${puzzle('JPEG q80 + PNG (now)', url('image/jpeg', now.background), url('image/png', now.piece))}
    ${puzzle('PNG, lossless (reference)', url('image/png', canvases.board.encodeSync('png')), url('image/png', now.piece))}`;
  writeFileSync(join(dir, 'page.html'), page);
  const shot = resolve('bench-results/pictures-390@3x.png');
  execFileSync(CHROMIUM_PATH, ['--headless=new', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--force-device-scale-factor=3', '--window-size=390,640', `--screenshot=${shot}`, `file://${join(dir, 'page.html')}`], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
  console.log(`[bench:pictures] ${shot}`);
}
