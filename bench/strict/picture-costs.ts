// Where a strict-mode challenge's CPU goes, on one thread, from the server's sources: painting (the core's
// guarded picture on @napi-rs/canvas, on canvases painted before as a draw thread does), each encoder setting
// for the picture and the piece with its bytes (each after the first read of the painted canvas, so a little
// cheaper than in a draw), and the answer's picture fields (base64 in JSON) as sent and
// as a compressing proxy would send them. Before: Skia's JPEG q80 and PNG; now: as pictures.ts sets it (Skia's
// JPEG at a quality by ratio; at 3x the piece as WebP by libvips through sharp). CPU time counts every thread
// of the process (libvips encodes on libuv's threads).
// Run: npm run bench:pictures [-- --draws=40 --shots]
// --shots also writes bench-results/pictures-390@3x.png: before, now and a lossless reference, one above the
// other, as a phone 390 px wide at device scale 3 shows them (look at it).
import type { Canvas } from '@napi-rs/canvas';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  challengeCanvases,
  cryptoRandom,
  encodeChallenge,
  imageMimeType,
  paintChallenge,
  pictureFieldsJson,
} from '@game-register/gateway/internals';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import sharp from 'sharp';
import { CHROMIUM_PATH } from '../../scripts/ensure-chromium';

type Canvases = ReturnType<typeof challengeCanvases>;

const { values: options } = parseArgs({
  options: { draws: { type: 'string', default: '40' }, shots: { type: 'boolean', default: false } },
});
const DRAWS = Number(options.draws);
const WARM_UP = 5;

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
const median = (values: number[]) => quantile(values, 0.5);
/** CPU time (ms) of `work` on this process (all its threads), not the wall clock: other jobs do not count. */
async function timed<T>(work: () => T | Promise<T>): Promise<[number, T]> {
  const started = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(started);
  return [(used.user + used.system) / 1000, result];
}

const vips = (canvas: Canvas) =>
  sharp(canvas.data(), { raw: { width: canvas.width, height: canvas.height, channels: 4, premultiplied: true } });
const before = (c: Canvases) => ({ background: c.board.encodeSync('jpeg', 80), piece: c.piece.encodeSync('png') });
const ENCODINGS: [string, (c: Canvases) => Buffer | Promise<Buffer>][] = [
  ...[80, 60, 45, 40].map((quality): [string, (c: Canvases) => Buffer] => [
    `picture JPEG q${quality} (Skia)`,
    (c) => c.board.encodeSync('jpeg', quality),
  ]),
  ['picture WebP q80 (Skia: no speed knob)', (c) => c.board.encodeSync('webp', 80)],
  ...[
    [50, 0],
    [55, 0],
    [60, 0],
    [55, 1],
  ].map(([quality, effort]): [string, (c: Canvases) => Promise<Buffer>] => [
    `picture WebP q${quality} effort ${effort} (sharp)`,
    (c) => vips(c.board).webp({ quality, effort }).toBuffer(),
  ]),
  ['picture JPEG q50 (sharp)', (c) => vips(c.board).jpeg({ quality: 50 }).toBuffer()],
  ['picture AVIF q50 effort 0 (sharp; not in iOS 14-15)', (c) => vips(c.board).avif({ quality: 50, effort: 0 }).toBuffer()],
  ['piece PNG (Skia)', (c) => c.piece.encodeSync('png')],
  ['piece WebP q80 (Skia)', (c) => c.piece.encodeSync('webp', 80)],
  ['piece WebP q80 effort 1, lossless alpha (sharp)', (c) => vips(c.piece).webp({ quality: 80, effort: 1 }).toBuffer()],
  ...[
    [80, 0, 50],
    [80, 1, 50],
    [70, 1, 50],
    [70, 1, 75],
  ].map(([quality, effort, alphaQuality]): [string, (c: Canvases) => Promise<Buffer>] => [
    `piece WebP q${quality} effort ${effort} alphaQuality ${alphaQuality} (sharp)`,
    (c) => vips(c.piece).webp({ quality, effort, alphaQuality }).toBuffer(),
  ]),
];
/** The answer's two picture fields as the draw thread serialises them (before: JPEG and PNG data URLs). */
const fields = (mime: [string, string], { background, piece }: { background: Buffer; piece: Buffer }) =>
  Buffer.from(
    `"background":"data:${mime[0]};base64,${background.toString('base64')}","piece":"data:${mime[1]};base64,${piece.toString('base64')}"`,
  );

const rows: Record<string, number | string>[] = [];
for (const ratio of [1, 2, 3]) {
  const canvases = challengeCanvases(ratio);
  const times: Record<string, number[]> = {};
  const bytes: Record<string, number[]> = {};
  const note = (name: string, ms: number, size?: number) => {
    (times[name] ??= []).push(ms);
    if (size !== undefined) (bytes[name] ??= []).push(size);
  };
  for (let draw = 0; draw < WARM_UP + DRAWS; draw += 1) {
    // Reading one pixel makes Skia finish the painting before the clock stops.
    const [paintMs] = await timed(
      () => (paintChallenge(cryptoRandom, ratio, undefined, canvases), canvases.board.getContext('2d').getImageData(0, 0, 1, 1)),
    );
    const results: [string, number, number?][] = [['paint (the guarded picture)', paintMs]];
    for (const [name, encode] of ENCODINGS) {
      const [ms, image] = await timed(() => encode(canvases));
      results.push([name, ms, image.length]);
    }
    // Before and now, each as a draw thread runs it (paint the same picture, encode, base64 into the answer's
    // JSON), in turns: Skia's first read of a canvas after painting costs more than the ones after it.
    const whole = (which: 'before' | 'now') =>
      timed(async (): Promise<Uint8Array> => {
        paintChallenge(seededRandom(draw), ratio, undefined, canvases);
        if (which === 'before') return fields(['image/jpeg', 'image/png'], before(canvases));
        const encoded = await encodeChallenge(canvases, ratio);
        return pictureFieldsJson(encoded.background, encoded.piece);
      });
    const order = draw % 2 === 0 ? (['before', 'now'] as const) : (['now', 'before'] as const);
    const [first, second] = [await whole(order[0]), await whole(order[1])];
    const [[beforeMs, beforeFields], [nowMs, nowFields]] = order[0] === 'before' ? [first, second] : [second, first];
    results.push(
      ['challenge before (paint + encode + base64)', beforeMs, beforeFields.length],
      ['challenge now (paint + encode + base64)', nowMs, nowFields.length],
    );
    results.push(['fields gzip -6 before', 0, gzipSync(beforeFields).length], ['fields gzip -6 now', 0, gzipSync(nowFields).length]);
    results.push(['fields brotli -11 now', 0, brotliCompressSync(nowFields).length]);
    // The widget's own puzzle on the same canvases: what the guard's grain, decoys and veil add is the difference.
    const [plainMs] = await timed(
      () => (paintChallenge(cryptoRandom, ratio, undefined, canvases, 'plain'), canvases.board.getContext('2d').getImageData(0, 0, 1, 1)),
    );
    results.push(["paint without grain, decoys and veil (the widget's plain puzzle)", plainMs]);
    if (draw >= WARM_UP) for (const [name, ms, size] of results) note(name, ms, size);
  }
  for (const name of Object.keys(times)) {
    const size = bytes[name];
    rows.push({
      'pixel ratio': ratio,
      step: name,
      'median CPU ms': Number(median(times[name]!).toFixed(2)),
      'median bytes': size ? median(size) : '',
      'p90 bytes': size ? quantile(size, 0.9) : '',
      'max bytes': size ? Math.max(...size) : '',
    });
  }
}
console.log(
  `[bench:pictures] medians of ${DRAWS} draws per ratio, CPU ms of the process; bytes of each picture, and of the answer's picture fields (base64 in JSON)`,
);
console.table(rows);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/picture-costs.json', `${JSON.stringify({ date: new Date().toISOString(), draws: DRAWS, rows }, null, 2)}\n`);

if (options.shots) {
  const canvases = paintChallenge(seededRandom(42), 3);
  const dir = mkdtempSync(join(tmpdir(), 'bench-pictures-'));
  const url = (mime: string, image: Buffer) => `data:${mime};base64,${image.toString('base64')}`;
  const puzzle = (label: string, background: string, piece: string) =>
    `<p>${label}</p><div class="p"><img class="b" src="${background}"><img class="c" src="${piece}"></div>`;
  const [old, now] = [before(canvases), await encodeChallenge(canvases, 3)];
  const page = `<!doctype html><meta name="viewport" content="width=device-width"><style>
    body{margin:0;padding:8px 40px;font:12px sans-serif}.p{position:relative;width:310px;height:160px}
    .p img{position:absolute;top:0;height:160px}.b{left:0;width:310px}.c{left:90px;width:75px}</style>
    ${puzzle('JPEG q80 + PNG (before)', url('image/jpeg', old.background), url('image/png', old.piece))}
    ${puzzle('JPEG q40 + WebP (now)', url(imageMimeType(now.background), now.background), url(imageMimeType(now.piece), now.piece))}
    ${puzzle('PNG, lossless (reference)', url('image/png', canvases.board.encodeSync('png')), url('image/png', old.piece))}`;
  writeFileSync(join(dir, 'page.html'), page);
  const shot = resolve('bench-results/pictures-390@3x.png');
  execFileSync(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--force-device-scale-factor=3',
      '--window-size=390,640',
      `--screenshot=${shot}`,
      `file://${join(dir, 'page.html')}`,
    ],
    { stdio: 'ignore' },
  );
  rmSync(dir, { recursive: true, force: true });
  console.log(`[bench:pictures] ${shot}`);
}
