import { handleMax } from '../protocol/contract';
import { DEFAULT_SETTINGS, GAP_MARGIN, PIECE_INSET } from './constants';

// The handle-to-offset mapping is part of the protocol: a server judges with the very same functions.
export { handleForPieceOffset, handleMax, pieceOffsetForHandle } from '../protocol/contract';

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

function finiteOr(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** Sizes in canvas units (the nominal canvasWidth x canvasHeight), whatever the box is scaled to. */
export interface PuzzleLayout {
  width: number;
  height: number;
  pieceSize: number;
  sliderSize: number;
  /** A third of the piece body; knobs have a radius of half of it. */
  unit: number;
}

export interface LayoutSettings {
  canvasWidth?: number;
  canvasHeight?: number;
  puzzleScale?: number;
  sliderSize?: number;
}

export function pieceSizeForScale(puzzleScale: number): number {
  return Math.round(clamp(puzzleScale, 0.2, 2) * 52.5 + 6);
}

export function sliderSizeFor(sliderSize: number, width: number): number {
  return clamp(Math.round(sliderSize), 10, Math.round(width / 2));
}

export function createLayout(settings: LayoutSettings): PuzzleLayout {
  const width = Math.max(1, Math.round(finiteOr(settings.canvasWidth, DEFAULT_SETTINGS.canvasWidth)));
  const height = Math.max(1, Math.round(finiteOr(settings.canvasHeight, DEFAULT_SETTINGS.canvasHeight)));
  const pieceSize = pieceSizeForScale(finiteOr(settings.puzzleScale, DEFAULT_SETTINGS.puzzleScale));
  const sliderSize = sliderSizeFor(finiteOr(settings.sliderSize, DEFAULT_SETTINGS.sliderSize), width);
  // The shape (3.5 units with its knob, plus the 3-unit inset either side) fills the clamped piece size,
  // so a large puzzleScale can never draw past its own column.
  return { width, height, pieceSize, sliderSize, unit: (pieceSize - 2 * PIECE_INSET) / 3.5 };
}

export function clampHandle(value: number, layout: PuzzleLayout): number {
  return clamp(value, 0, handleMax(layout));
}

/**
 * The one mapping from a pointer (in canvas units from the track's left edge) to the handle position.
 * `grabOffset` is where inside the handle it was taken: the press point for a drag, its middle for a tap.
 */
export function handleForPointer(pointerX: number, grabOffset: number, layout: PuzzleLayout): number {
  return clampHandle(pointerX - grabOffset, layout);
}

/** Client pixels to canvas units through the element's measured box, so a scaled-down box still adds up. */
export function canvasXFromClient(clientX: number, box: { left: number; width: number }, layout: PuzzleLayout): number {
  return box.width > 0 ? ((clientX - box.left) * layout.width) / box.width : clientX - box.left;
}

/** Client y to canvas units below the box's top: the same scale as x, so the trail keeps its proportions. */
export function canvasYFromClient(clientY: number, box: { top: number; width: number }, layout: PuzzleLayout): number {
  return box.width > 0 ? ((clientY - box.top) * layout.width) / box.width : clientY - box.top;
}

export function gapXRange(layout: PuzzleLayout): { min: number; max: number } {
  return { min: layout.pieceSize + GAP_MARGIN.left, max: layout.width - layout.pieceSize - GAP_MARGIN.right };
}

export function gapYRange(layout: PuzzleLayout): { min: number; max: number } {
  return { min: GAP_MARGIN.top, max: layout.height - layout.pieceSize - GAP_MARGIN.bottom };
}

/** The part of an image that covers the target like `object-fit: cover`, as a source rectangle. */
export function coverSource(imageWidth: number, imageHeight: number, width: number, height: number) {
  const scale = Math.max(width / imageWidth, height / imageHeight);
  const sourceWidth = Math.min(imageWidth, width / scale);
  const sourceHeight = Math.min(imageHeight, height / scale);
  return { x: (imageWidth - sourceWidth) / 2, y: (imageHeight - sourceHeight) / 2, width: sourceWidth, height: sourceHeight };
}
