import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { MAX_PIXEL_RATIO } from '@game-register/puzzle-captcha/core';
import { paintGuardedPuzzle, planGuard, puzzleCanvasSizes, type PaintSource, type ScalingContext } from '@game-register/puzzle-captcha/core';
import { clamp, createLayout, type PuzzleLayout } from '@game-register/puzzle-captcha/core';
import { planPuzzle, type PuzzlePlan } from '@game-register/puzzle-captcha/core';
import type { RandomSource } from '@game-register/puzzle-captcha/core';

/** The widget's default layout: 310 x 160 canvas units, a 59-unit piece, a 50-unit handle. */
export const CHALLENGE_LAYOUT: PuzzleLayout = createLayout({});
/**
 * How the pictures are encoded (npm run bench:pictures): the opaque picture as JPEG, the
 * piece (it needs transparency) as PNG. Skia's WebP took about four times as long for about half the bytes.
 */
export const PICTURE_FORMATS = { background: { format: 'jpeg', quality: 80, mimeType: 'image/jpeg' }, piece: { format: 'png', mimeType: 'image/png' } } as const;

export interface ChallengePictures {
  plan: PuzzlePlan;
  /** The picture with the gap painted in (PICTURE_FORMATS.background). */
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

/** Both pictures encoded as PICTURE_FORMATS says, on the calling thread. */
export function encodeChallenge({ board, piece }: ChallengeCanvases) {
  const { background: backgroundFormat } = PICTURE_FORMATS;
  return { background: board.encodeSync(backgroundFormat.format, backgroundFormat.quality), piece: piece.encodeSync(PICTURE_FORMATS.piece.format) };
}

// @napi-rs/canvas implements the same 2D context API; its types are its own, hence the casts.
const surface = (canvas: Canvas) => ({ context: canvas.getContext('2d') as unknown as ScalingContext, width: canvas.width, height: canvas.height });

/**
 * One puzzle with a generated picture at `pixelRatio` device pixels per canvas unit, painted with the
 * core's guarded sequence (decoy gaps, varied shading, grain, a piece smaller than its gap: core/guard.ts)
 * from the widget's own shapes and picture generator.
 */
export function paintChallenge(random: RandomSource, pixelRatio: number, layout = CHALLENGE_LAYOUT, { board, piece } = challengeCanvases(pixelRatio, layout)) {
  const plan = planPuzzle(random, layout, 0, -1);
  // Canvases painted before start blank, with a fresh state (an earlier draw that threw may have left a save()).
  board.getContext('2d').reset();
  piece.getContext('2d').reset();
  const guard = planGuard(random, plan, layout);
  paintGuardedPuzzle({ ...surface(board), canvas: board as unknown as PaintSource }, surface(piece), random, plan, guard, layout, pixelRatio);
  return { plan, guard, board, piece };
}

/** paintChallenge, encoded (on libuv's threads: the main thread's way, CAPTCHA_DRAW_THREADS=0). */
export async function drawChallenge(random: RandomSource, pixelRatio: number, layout = CHALLENGE_LAYOUT): Promise<ChallengePictures> {
  const { plan, board, piece } = paintChallenge(random, pixelRatio, layout);
  const { background: backgroundFormat } = PICTURE_FORMATS;
  const [background, pieceImage] = await Promise.all([board.encode(backgroundFormat.format, backgroundFormat.quality), piece.encode(PICTURE_FORMATS.piece.format)]);
  // The canvases must outlive their encoding on the thread pool (collected mid-encode, the process
  // crashes), so they are read once more after it.
  if (board.width === 0 || piece.width === 0) throw new Error('a challenge canvas is empty');
  return { plan, background, piece: pieceImage };
}
