import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { MAX_PIXEL_RATIO, PIECE_BLEED } from '@game-register/puzzle-captcha/core';
import { paintGap, paintGeneratedPicture, paintPiece, type PaintContext } from '@game-register/puzzle-captcha/core';
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

// @napi-rs/canvas's context satisfies the core's PaintContext as it is.
const paintContext = (canvas: Canvas): PaintContext => canvas.getContext('2d');

/**
 * One puzzle painted by the widget's own core (the same order as its paintBoard: plan, picture, piece cut
 * before the gap is painted), at `pixelRatio` device pixels per canvas unit.
 */
export function paintChallenge(random: RandomSource, pixelRatio: number, layout = CHALLENGE_LAYOUT) {
  const plan = planPuzzle(random, layout, 0, -1);
  const column = layout.pieceSize + 2 * PIECE_BLEED;
  const board = createCanvas(Math.round(layout.width * pixelRatio), Math.round(layout.height * pixelRatio));
  const piece = createCanvas(Math.round(column * pixelRatio), board.height);
  const boardContext = paintContext(board);
  const pieceContext = paintContext(piece);
  const boardScale = board.width / layout.width;
  board.getContext('2d').setTransform(boardScale, 0, 0, board.height / layout.height, 0, 0);
  piece.getContext('2d').setTransform(piece.width / column, 0, 0, piece.height / layout.height, 0, 0);
  paintGeneratedPicture(boardContext, random, layout.width, layout.height);
  paintPiece(pieceContext, board, boardScale, plan, layout, pixelRatio);
  paintGap(boardContext, plan, layout, pixelRatio);
  return { plan, board, piece };
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
