import { createCanvas, type Canvas } from '@napi-rs/canvas';
import sharp, { type WebpOptions } from 'sharp';
import { MAX_PIXEL_RATIO } from '@game-register/puzzle-captcha/core';
import {
  paintGuardedPuzzle,
  paintPuzzle,
  planGuard,
  puzzleCanvasSizes,
  type PaintSource,
  type ScalingContext,
} from '@game-register/puzzle-captcha/core';
import type { PictureKind } from '../core/rules/events';
import { clamp, createLayout, type PuzzleLayout } from '@game-register/puzzle-captcha/core';
import { planPuzzle, type PuzzlePlan } from '@game-register/puzzle-captcha/core';
import type { RandomSource } from '@game-register/puzzle-captcha/core';

/** The widget's default layout: 310 x 160 canvas units, a 59-unit piece, a 50-unit handle. */
export const CHALLENGE_LAYOUT: PuzzleLayout = createLayout({});
/**
 * How the pictures are encoded at each pixel ratio (npm run bench:pictures; docs/decisions/challenge-pictures-jpeg-q40-and-webp-piece.md).
 * The opaque picture as JPEG by Skia, on the calling thread, at a quality that falls as the pixels get denser (a 3x
 * screen shows no artefact at 40; libvips' WebP saved under a tenth of its bytes for twice its CPU). The
 * piece, which needs transparency, as PNG by Skia, or at 3x as lossy WebP by libvips (sharp, PIECE_WEBP):
 * under half the PNG's bytes there, for about its CPU; below 3x a call to sharp costs more than it saves.
 */
export const PICTURE_FORMATS: Readonly<Record<number, { jpegQuality: number; pieceAsWebp: boolean }>> = {
  1: { jpegQuality: 80, pieceAsWebp: false },
  2: { jpegQuality: 60, pieceAsWebp: false },
  3: { jpegQuality: 40, pieceAsWebp: true },
};
/** Its alpha's levels quantised no further than keeps the piece's faint shadow smooth (75: 56 levels). */
export const PIECE_WEBP: Readonly<WebpOptions> = { quality: 70, alphaQuality: 75, effort: 1 };

/** The MIME type of a picture encoded here, from its first bytes. */
export function imageMimeType(image: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' {
  const head = Buffer.from(image.subarray(0, 12));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(1, 4).toString('latin1') === 'PNG') return 'image/png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  throw new Error('not a JPEG, PNG or WebP picture');
}

// One libvips thread per encode, so the draw pool's size still bounds the CPU that puzzles take; no cache of
// operations (every picture is new).
sharp.concurrency(1);
sharp.cache(false);

export interface ChallengePictures {
  plan: PuzzlePlan;
  /** The picture with the gap painted in (PICTURE_FORMATS). */
  background: Buffer;
  /** The piece's column (PIECE_BLEED + piece size + PIECE_BLEED wide, full height), like the widget's piece canvas. */
  piece: Buffer;
}

/** The two canvases of one pixel ratio; a draw thread keeps one pair per ratio and paints over it every time. */
export interface ChallengeCanvases {
  board: Canvas;
  piece: Canvas;
}

export function clampPixelRatio(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? clamp(value, 1, MAX_PIXEL_RATIO) : 1;
}

/** The ratio a challenge is drawn at: the asked one rounded up to a whole number (1, 2 or 3), never less sharp. */
export const challengePixelRatio = (value: unknown): number => Math.ceil(clampPixelRatio(value));

export function challengeCanvases(pixelRatio: number, layout = CHALLENGE_LAYOUT): ChallengeCanvases {
  const sizes = puzzleCanvasSizes(layout, pixelRatio);
  return { board: createCanvas(sizes.board.width, sizes.board.height), piece: createCanvas(sizes.piece.width, sizes.piece.height) };
}

/**
 * Straight (not premultiplied) RGBA from Skia's premultiplied pixels, in place. Only a piece's rim is partly
 * transparent, so this skips the rest; libvips' own step converts every pixel to floats and back.
 */
export function unpremultiply(pixels: Uint8Array): Uint8Array {
  for (let alpha = 3; alpha < pixels.length; alpha += 4) {
    const a = pixels[alpha]!;
    if (a === 0 || a === 255) continue;
    for (let channel = alpha - 3; channel < alpha; channel += 1) pixels[channel] = Math.min(255, Math.round((pixels[channel]! * 255) / a));
  }
  return pixels;
}

const formatsFor = (pixelRatio: number) => PICTURE_FORMATS[pixelRatio] ?? PICTURE_FORMATS[1]!;

/** The piece as PIECE_WEBP says, on one of libuv's threads (libvips). */
function encodePieceAsWebp(piece: Canvas): Promise<Buffer> {
  const raw = { width: piece.width, height: piece.height, channels: 4 } as const;
  // data() is a copy of the canvas's pixels, so it can be changed in place.
  return sharp(unpremultiply(piece.data()), { raw }).webp(PIECE_WEBP).toBuffer();
}

/**
 * Both pictures encoded as PICTURE_FORMATS says, on the calling thread (a draw thread's), but for a WebP
 * piece, awaited on one of libuv's threads: a draw thread keeps at most one encode running elsewhere.
 */
export async function encodeChallenge({ board, piece }: ChallengeCanvases, pixelRatio: number) {
  const formats = formatsFor(pixelRatio);
  const background = board.encodeSync('jpeg', formats.jpegQuality);
  return { background, piece: formats.pieceAsWebp ? await encodePieceAsWebp(piece) : piece.encodeSync('png') };
}

// @napi-rs/canvas implements the same 2D context API; its types are its own, hence the casts.
const surface = (canvas: Canvas) => ({
  context: canvas.getContext('2d') as unknown as ScalingContext,
  width: canvas.width,
  height: canvas.height,
});

/**
 * One puzzle with a generated picture at `pixelRatio` device pixels per canvas unit, from the widget's own
 * shapes and picture generator: plain (the widget's own painting, one gap) for levels 0-1, or with the core's
 * guarded sequence (gaps of the piece's shape filling its row in the picture's own colours, ghost outlines,
 * shapes and grain across the row: core/guard.ts) for 2-3.
 */
export function paintChallenge(
  random: RandomSource,
  pixelRatio: number,
  layout = CHALLENGE_LAYOUT,
  { board, piece } = challengeCanvases(pixelRatio, layout),
  picture: PictureKind = 'guarded',
) {
  const plan = planPuzzle(random, layout, 0, -1);
  // Canvases painted before start blank, with a fresh state (an earlier draw that threw may have left a save()).
  board.getContext('2d').reset();
  piece.getContext('2d').reset();
  const boardSurface = { ...surface(board), canvas: board as unknown as PaintSource };
  if (picture === 'plain') {
    paintPuzzle(boardSurface, surface(piece), { random }, plan, layout, pixelRatio);
    return { plan, guard: null, board, piece };
  }
  const guard = planGuard(random, plan, layout);
  paintGuardedPuzzle(boardSurface, surface(piece), random, plan, guard, layout, pixelRatio);
  return { plan, guard, board, piece };
}

/** paintChallenge, encoded on libuv's threads (the main thread's way, CAPTCHA_DRAW_THREADS=0). */
export async function drawChallenge(
  random: RandomSource,
  pixelRatio: number,
  layout = CHALLENGE_LAYOUT,
  picture: PictureKind = 'guarded',
): Promise<ChallengePictures> {
  const { plan, board, piece } = paintChallenge(random, pixelRatio, layout, undefined, picture);
  const formats = formatsFor(pixelRatio);
  const [background, pieceImage] = await Promise.all([
    board.encode('jpeg', formats.jpegQuality),
    formats.pieceAsWebp ? encodePieceAsWebp(piece) : piece.encode('png'),
  ]);
  // The canvases must outlive their encoding on the thread pool (collected mid-encode, the process
  // crashes), so they are read once more after it.
  if (board.width === 0 || piece.width === 0) throw new Error('a challenge canvas is empty');
  return { plan, background, piece: pieceImage };
}
