import { IMAGE_TIMEOUT_MS, MAX_PIXEL_RATIO, PIECE_BLEED } from '../core/constants';
import { paintCoverImage, paintGap, paintGeneratedPicture, paintPiece } from '../core/draw';
import type { PuzzleLayout } from '../core/geometry';
import type { PuzzlePlan } from '../core/puzzle';
import type { RandomSource } from '../core/random';
import type { ChallengeSource, ServerChallenge } from './types';

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
function deviceScale(stage: HTMLElement, layout: PuzzleLayout): number {
  const cssWidth = stage.clientWidth || layout.width; // layout size: an opening animation's scale must not count
  return (cssWidth / layout.width) * pixelRatio();
}

/** Backing stores of the displayed size times the device pixel ratio; drawing stays in canvas units. */
export function paintBoard({ stage, board, piece }: BoardElements, picture: Picture, plan: PuzzlePlan, layout: PuzzleLayout, random: RandomSource) {
  const scale = deviceScale(stage, layout);
  board.width = Math.round(layout.width * scale);
  board.height = Math.round(layout.height * scale);
  piece.width = Math.round((layout.pieceSize + 2 * PIECE_BLEED) * scale);
  piece.height = board.height;
  const boardContext = board.getContext('2d');
  const pieceContext = piece.getContext('2d');
  if (!boardContext || !pieceContext) return;
  const boardScale = board.width / layout.width;
  boardContext.setTransform(boardScale, 0, 0, board.height / layout.height, 0, 0);
  pieceContext.setTransform(piece.width / (layout.pieceSize + 2 * PIECE_BLEED), 0, 0, piece.height / layout.height, 0, 0);
  if (picture) paintCoverImage(boardContext, picture, picture.naturalWidth, picture.naturalHeight, layout.width, layout.height);
  else paintGeneratedPicture(boardContext, random, layout.width, layout.height);
  paintPiece(pieceContext, board, boardScale, plan, layout, scale); // cut before the gap is painted
  paintGap(boardContext, plan, layout, scale);
}

/** A server's puzzle: its two pictures drawn to fill the board and the piece column. */
export function paintServerBoard({ stage, board, piece }: BoardElements, background: HTMLImageElement, pieceImage: HTMLImageElement, layout: PuzzleLayout) {
  const scale = deviceScale(stage, layout);
  const column = layout.pieceSize + 2 * PIECE_BLEED;
  board.width = Math.round(layout.width * scale);
  board.height = Math.round(layout.height * scale);
  piece.width = Math.round(column * scale);
  piece.height = board.height;
  board.getContext('2d')?.drawImage(background, 0, 0, board.width, board.height);
  piece.getContext('2d')?.drawImage(pieceImage, 0, 0, piece.width, piece.height);
}

function fitsLayout(value: unknown, layout: PuzzleLayout): value is ServerChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { id, background, piece, width, height, pieceSize } = value as Record<string, unknown>;
  return typeof id === 'string' && id !== '' && typeof background === 'string' && typeof piece === 'string' &&
    width === layout.width && height === layout.height && pieceSize === layout.pieceSize;
}

/** Asks for a puzzle at the board's scale, loads and draws its pictures; resolves with its id. */
export async function loadServerPuzzle(challenge: ChallengeSource, elements: BoardElements, layout: PuzzleLayout, signal: AbortSignal): Promise<string> {
  const scale = Math.min(Math.max(deviceScale(elements.stage, layout), 1), MAX_PIXEL_RATIO);
  const puzzle: unknown = await withTimeout(challenge({ pixelRatio: Math.round(scale * 100) / 100 }), IMAGE_TIMEOUT_MS);
  if (!fitsLayout(puzzle, layout)) throw new Error('the challenge does not fit this layout');
  const [background, pieceImage] = await Promise.all([
    loadImage(puzzle.background, IMAGE_TIMEOUT_MS, signal),
    loadImage(puzzle.piece, IMAGE_TIMEOUT_MS, signal),
  ]);
  if (signal.aborted) throw new Error('aborted');
  paintServerBoard(elements, background, pieceImage, layout);
  return puzzle.id;
}

/** The promise, or a rejection after `ms`: a server that never answers must not hold the widget. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function clearBoard({ board, piece }: BoardElements) {
  board.getContext('2d')?.clearRect(0, 0, board.width, board.height);
  piece.getContext('2d')?.clearRect(0, 0, piece.width, piece.height);
}

/** Resolves with a decoded image; rejects on error, on timeout, or for a cross-origin picture without CORS. */
export function loadImage(url: string, timeoutMs: number, signal: AbortSignal): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const finish = (error?: Error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      image.onload = null;
      image.onerror = null;
      if (error) reject(error);
      else if (image.naturalWidth > 0 && image.naturalHeight > 0) resolve(image);
      else reject(new Error('empty image'));
    };
    const abort = () => {
      finish(new Error('aborted'));
      image.src = '';
    };
    const timer = setTimeout(() => finish(new Error('timeout')), timeoutMs);
    signal.addEventListener('abort', abort);
    // Asking for CORS makes a picture that would taint the canvas fail to load instead.
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => {
      if (typeof image.decode === 'function') image.decode().then(() => finish(), () => finish(new Error('decode')));
      else finish();
    };
    image.onerror = () => finish(new Error('load'));
    image.src = url;
  });
}
