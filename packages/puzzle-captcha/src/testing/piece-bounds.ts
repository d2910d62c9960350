// Test support shared by the node tests (@napi-rs/canvas) and the browser tests: where the core draws.
import { PIECE_BLEED, PIECE_INSET } from '../core/constants';
import type { PuzzleLayout } from '../core/geometry';
import type { PuzzlePlan } from '../core/puzzle';

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The traced outline of a piece whose body starts at (x, y): knobs stick out half a unit; notches do not. */
export function outlineBounds(x: number, y: number, plan: PuzzlePlan, layout: PuzzleLayout): Bounds {
  const { unit } = layout;
  const [top, right, bottom] = plan.knobs;
  return {
    left: x,
    top: y - (top === -1 ? unit / 2 : 0),
    right: x + 3 * unit + (right === 1 ? unit / 2 : 0),
    bottom: y + 3 * unit + (bottom === 1 ? unit / 2 : 0),
  };
}

/** The piece inside its own column canvas. */
export const pieceColumnBounds = (plan: PuzzlePlan, layout: PuzzleLayout) =>
  outlineBounds(PIECE_BLEED + PIECE_INSET, plan.gapY, plan, layout);

/** The pixels where `keep(index)` holds, as a box in canvas units (`scale` device pixels per unit). */
export function pixelBounds(width: number, height: number, scale: number, keep: (index: number) => boolean): Bounds | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!keep(y * width + x)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
    }
  }
  return left === Infinity ? null : { left: left / scale, top: top / scale, right: right / scale, bottom: bottom / scale };
}

/** Opaque pixels (alpha above 0.8: the piece's white fill and picture, not its half-transparent shadow). */
export const opaqueBounds = (data: ArrayLike<number>, width: number, height: number, scale: number) =>
  pixelBounds(width, height, scale, (index) => data[index * 4 + 3]! > 204);
