import { PIECE_BLEED } from './constants';
import { paintCoverImage, paintGap, paintGeneratedPicture, paintPiece, type PaintContext, type PaintSource } from './draw';
import type { PuzzleLayout } from './geometry';
import type { PuzzlePlan } from './puzzle';
import type { RandomSource } from './random';

/** A 2D context that can also be scaled: a browser canvas or @napi-rs/canvas both fit. */
export type PuzzleContext = PaintContext & {
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
};

/** A canvas to paint on: its context and its backing size in device pixels. */
export interface PuzzleSurface {
  context: PuzzleContext;
  width: number;
  height: number;
}

/** The board is also the piece's source: the piece is cut from it before the gap is painted. */
export interface BoardSurface extends PuzzleSurface {
  canvas: PaintSource;
}

/** A loaded image with its natural size, or a picture generated from a random source. */
export type PuzzlePicture = { image: PaintSource; width: number; height: number } | { random: RandomSource };

/** Backing sizes of the board and of the piece's column at `scale` device pixels per canvas unit. */
export function puzzleCanvasSizes(layout: PuzzleLayout, scale: number) {
  const height = Math.round(layout.height * scale);
  return {
    board: { width: Math.round(layout.width * scale), height },
    piece: { width: Math.round((layout.pieceSize + 2 * PIECE_BLEED) * scale), height },
  };
}

/**
 * The whole puzzle, the one painting sequence of the widget and the server: both canvases scaled to canvas
 * units, the picture on the board, the piece cut from it before the gap is painted, then the gap.
 * `pixelRatio` (device pixels per canvas unit) sizes the shadows.
 */
export function paintPuzzle(
  board: BoardSurface,
  piece: PuzzleSurface,
  picture: PuzzlePicture,
  plan: PuzzlePlan,
  layout: PuzzleLayout,
  pixelRatio: number,
) {
  const boardScale = board.width / layout.width;
  board.context.setTransform(boardScale, 0, 0, board.height / layout.height, 0, 0);
  piece.context.setTransform(piece.width / (layout.pieceSize + 2 * PIECE_BLEED), 0, 0, piece.height / layout.height, 0, 0);
  if ('image' in picture) paintCoverImage(board.context, picture.image, picture.width, picture.height, layout.width, layout.height);
  else paintGeneratedPicture(board.context, picture.random, layout.width, layout.height);
  paintPiece(piece.context, board.canvas, boardScale, plan, layout, pixelRatio);
  paintGap(board.context, plan, layout, pixelRatio);
}
