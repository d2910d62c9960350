import { MAX_PIXEL_RATIO } from '../core/constants';
import type { PuzzleLayout } from '../core/geometry';
import { paintPuzzle, puzzleCanvasSizes } from '../core/paint-puzzle';
import type { PuzzlePlan } from '../core/puzzle';
import type { RandomSource } from '../core/random';

/** The widget's canvases: painting only, on the elements it renders. */
export interface BoardElements {
  stage: HTMLElement;
  board: HTMLCanvasElement;
  piece: HTMLCanvasElement;
}

/** A loaded image, or null for a generated picture. */
export type Picture = HTMLImageElement | null;

export function pixelRatio(): number {
  return Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
}

/** Device pixels per canvas unit: the displayed size times the device pixel ratio. */
export function deviceScale(stage: HTMLElement, layout: PuzzleLayout): number {
  const cssWidth = stage.clientWidth || layout.width; // layout size: an opening animation's scale must not count
  return (cssWidth / layout.width) * pixelRatio();
}

/** Backing stores of the board's displayed size times the device pixel ratio. */
export function sizeCanvases({ stage, board, piece }: BoardElements, layout: PuzzleLayout) {
  const scale = deviceScale(stage, layout);
  const sizes = puzzleCanvasSizes(layout, scale);
  board.width = sizes.board.width;
  board.height = sizes.board.height;
  piece.width = sizes.piece.width;
  piece.height = sizes.piece.height;
  return scale;
}

/** A puzzle of the browser's own: the core's paintPuzzle on the widget's canvases, in canvas units. */
export function paintBoard(elements: BoardElements, picture: Picture, plan: PuzzlePlan, layout: PuzzleLayout, random: RandomSource) {
  const scale = sizeCanvases(elements, layout);
  const { board, piece } = elements;
  const boardContext = board.getContext('2d');
  const pieceContext = piece.getContext('2d');
  if (!boardContext || !pieceContext) return;
  paintPuzzle(
    { context: boardContext, canvas: board, width: board.width, height: board.height },
    { context: pieceContext, width: piece.width, height: piece.height },
    picture ? { image: picture, width: picture.naturalWidth, height: picture.naturalHeight } : { random },
    plan,
    layout,
    scale,
  );
}

export function clearBoard({ board, piece }: BoardElements) {
  board.getContext('2d')?.clearRect(0, 0, board.width, board.height);
  piece.getContext('2d')?.clearRect(0, 0, piece.width, piece.height);
}
