import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { MAX_PIXEL_RATIO } from '@game-register/puzzle-captcha/core';
import { paintGuardedPuzzle, planGuard, puzzleCanvasSizes, type PaintSource, type ScalingContext } from '@game-register/puzzle-captcha/core';
import { clamp, createLayout, type PuzzleLayout } from '@game-register/puzzle-captcha/core';
import { planPuzzle, type PuzzlePlan } from '@game-register/puzzle-captcha/core';
import type { RandomSource } from '@game-register/puzzle-captcha/core';

/** The widget's default layout: 310 x 160 canvas units, a 59-unit piece, a 50-unit handle. */
export const CHALLENGE_LAYOUT: PuzzleLayout = createLayout({});
export const WEBP_QUALITY = 80;

export interface ChallengePictures {
  plan: PuzzlePlan;
  /** The picture with the gap painted in. */
  background: Buffer;
  /** The piece's column (PIECE_BLEED + piece size + PIECE_BLEED wide, full height), like the widget's piece canvas. */
  piece: Buffer;
  mimeType: 'image/webp';
}

export function clampPixelRatio(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? clamp(value, 1, MAX_PIXEL_RATIO) : 1;
}

// @napi-rs/canvas implements the same 2D context API; its types are its own, hence the casts.
const surface = (canvas: Canvas) => ({ context: canvas.getContext('2d') as unknown as ScalingContext, width: canvas.width, height: canvas.height });

/**
 * One puzzle with a generated picture at `pixelRatio` device pixels per canvas unit, painted with the
 * core's guarded sequence (decoy gaps, varied shading, grain, a piece smaller than its gap: core/guard.ts)
 * from the widget's own shapes and picture generator.
 */
export function paintChallenge(random: RandomSource, pixelRatio: number, layout = CHALLENGE_LAYOUT) {
  const plan = planPuzzle(random, layout, 0, -1);
  const sizes = puzzleCanvasSizes(layout, pixelRatio);
  const board = createCanvas(sizes.board.width, sizes.board.height);
  const piece = createCanvas(sizes.piece.width, sizes.piece.height);
  const guard = planGuard(random, plan, layout);
  paintGuardedPuzzle({ ...surface(board), canvas: board as unknown as PaintSource }, surface(piece), random, plan, guard, layout, pixelRatio);
  return { plan, guard, board, piece };
}

/** paintChallenge, encoded (WebP, off the main thread). */
export async function drawChallenge(random: RandomSource, pixelRatio: number, layout = CHALLENGE_LAYOUT): Promise<ChallengePictures> {
  const { plan, board, piece } = paintChallenge(random, pixelRatio, layout);
  const [background, pieceImage] = await Promise.all([board.encode('webp', WEBP_QUALITY), piece.encode('webp', WEBP_QUALITY)]);
  // The canvases must outlive their encoding on the thread pool (collected mid-encode, the process
  // crashes), so they are read once more after it.
  if (board.width === 0 || piece.width === 0) throw new Error('a challenge canvas is empty');
  return { plan, background, piece: pieceImage, mimeType: 'image/webp' };
}
