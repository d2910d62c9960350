// The server-drawn puzzle's defences against scripts that read the picture (issue 44), drawn so that a person
// reads it at a glance (issue 50). The public slider solvers find the gap by its outline (edge maps matched
// against the piece's), by its darkness, or by the piece's pixels inside it. So every gap on the row has the
// piece's very shape and rim, there are as many as the row holds, each is filled with the picture's own mean
// colour around it (no darker or lighter than where it sits, and none shows the piece's pixels), outlines of
// the same shape without a gap lie among them, each outline has a halo of the colour around it, and the piece is
// drawn as cut, untilted and full size. A person finds the gap by bold bands of distinct colours across a muted
// picture: the piece carries a part of one or two, and only in its own gap do they run on into the picture's
// above and below it. Grain and strokes on the row add edges everywhere. Only servers paint this (the
// widget's own puzzle is judged in the browser and protects nothing), so none of it reaches the widget's bundle.
import { PIECE_BLEED } from './constants';
import { paintGeneratedPicture, paintPiece } from './draw';
import type { PuzzleLayout } from './geometry';
import {
  between,
  paintCueBands,
  paintShadedGap,
  paintStrokes,
  paintVeil,
  surroundingColour,
  type GapShading,
  type ScalingContext,
} from './guard-texture';
import type { BoardSurface, PuzzleSurface } from './paint-puzzle';
import type { PuzzlePlan } from './puzzle';
import { randomInt, type RandomSource } from './random';

export type { GapShading, ScalingContext };
/** The bands a person reads the guarded picture by (exported for the gateway's tests). */
export { paintCueBands };

/** Left edges of neighbouring gaps stay apart by the shape's width and this much air (in units). */
const GAP_AIR_UNITS = 0.2;
/** Outlines without a gap, on the row, at least this far (units) from any gap and from each other. */
const [GHOST_COUNT, GHOST_APART_UNITS] = [4, 1];
const [GRAIN_STROKES, VEIL_STROKES] = [110, 60];
/** The bands reach this many units above and below the piece's body (the picture's whole height, in effect). */
const CUE_MARGIN_UNITS = 6;
const WASH = 'rgba(140,140,140,0.5)';

/** Everything random about the defences of one puzzle, drawn after its plan. */
export interface GuardPlan {
  /** The decoys' x: gaps of the piece's very shape on its row, as many as the row holds. */
  decoys: number[];
  /** Outlines of the same shape and rim on the row, over the picture (no fill): edges where no gap is. */
  ghosts: number[];
  shading: GapShading;
}

function shadingFor(random: RandomSource): GapShading {
  const strength = between(random, 0.4, 0.6);
  return {
    light: `rgba(255,255,255,${strength.toFixed(2)})`,
    dark: `rgba(0,0,0,${(strength * 0.8).toFixed(2)})`,
    rimWidth: between(random, 1, 1.5),
  };
}

/**
 * `count` left edges from `from` on, at least `spacing` apart, the slack spread at random: sorted uniform
 * draws, so every packing of the segment is possible.
 */
function packed(random: RandomSource, from: number, count: number, slack: number, spacing: number): number[] {
  const offsets = Array.from({ length: count }, () => Math.floor(random() * (slack + 1))).sort((a, b) => a - b);
  return offsets.map((offset, i) => from + i * spacing + offset);
}

/**
 * The decoys and the shading of one puzzle: called after planPuzzle, from the same source. Decoys fill the
 * piece's row from edge to edge, left and right of the real gap, as many as fit: a script that finds "a gap"
 * has several of the very same shape to choose from, wherever the real one is.
 */
export function planGuard(random: RandomSource, plan: PuzzlePlan, layout: PuzzleLayout): GuardPlan {
  const shading = shadingFor(random);
  const width = 3 * layout.unit + (plan.knobs[1] === 1 ? layout.unit / 2 : 0);
  const spacing = Math.ceil(width + GAP_AIR_UNITS * layout.unit);
  // The left edge is the body's (the left knob is a notch at most); the right knob may stick out.
  const [lo, hi] = [1, Math.floor(layout.width - width - 1)];
  const segment = (from: number, to: number) => {
    if (to < from) return [];
    const count = Math.floor((to - from) / spacing) + 1;
    return packed(random, from, count, to - from - (count - 1) * spacing, spacing);
  };
  const decoys = [...segment(lo, plan.gapX - spacing), ...segment(plan.gapX + spacing, hi)];
  const ghosts: number[] = [];
  const taken = [plan.gapX, ...decoys];
  for (let tries = 0; tries < 40 && ghosts.length < GHOST_COUNT; tries += 1) {
    const x = randomInt(random, lo, hi);
    if ([...taken, ...ghosts].every((other) => Math.abs(other - x) >= GHOST_APART_UNITS * layout.unit)) ghosts.push(x);
  }
  return { decoys, ghosts, shading };
}

/**
 * The server's puzzle: a generated picture, shapes and grain across the row, the piece cut from it, then the
 * gap and its decoys (each filled with its surroundings' colour, read before any is painted) and the ghost
 * outlines, all rimmed alike, then strokes and the veil across the row. `random` continues the plan's source.
 */
export function paintGuardedPuzzle(
  board: BoardSurface & { context: ScalingContext },
  piece: PuzzleSurface & { context: ScalingContext },
  random: RandomSource,
  plan: PuzzlePlan,
  guard: GuardPlan,
  layout: PuzzleLayout,
  pixelRatio: number,
) {
  const boardScale = board.width / layout.width;
  const ctx = board.context;
  ctx.setTransform(boardScale, 0, 0, board.height / layout.height, 0, 0);
  piece.context.setTransform(piece.width / (layout.pieceSize + 2 * PIECE_BLEED), 0, 0, piece.height / layout.height, 0, 0);
  paintGeneratedPicture(ctx, random, layout.width, layout.height);
  // A grey wash mutes the picture's own shapes, so the bands stand out from whatever lies under them.
  ctx.fillStyle = WASH;
  ctx.fillRect(0, 0, layout.width, layout.height);
  paintCueBands(ctx, random, layout, { top: plan.gapY - CUE_MARGIN_UNITS * layout.unit, height: (3 + 2 * CUE_MARGIN_UNITS) * layout.unit });
  // Grain and strokes on the piece's row and a knob's height around it (where scripts look); not over the
  // rest of the picture, whose bytes they would only add to.
  const band = { top: plan.gapY - layout.unit, height: 5 * layout.unit };
  paintStrokes(ctx, random, GRAIN_STROKES, layout.width, band);
  paintPiece(piece.context, board.canvas, boardScale, plan, layout, pixelRatio);
  const around = (gapX: number) => surroundingColour(ctx, gapX, plan.gapY, layout, boardScale);
  const gaps = [plan.gapX, ...guard.decoys].map((gapX) => ({ gapX, fill: around(gapX) }));
  const ghosts = guard.ghosts.map((gapX) => ({ gapX, halo: around(gapX) }));
  for (const { gapX, fill } of gaps) paintShadedGap(ctx, gapX, plan.gapY, plan.knobs, fill, fill, guard.shading, layout);
  for (const { gapX, halo } of ghosts) paintShadedGap(ctx, gapX, plan.gapY, plan.knobs, null, halo, guard.shading, layout);
  paintStrokes(ctx, random, VEIL_STROKES, layout.width, band);
  paintVeil(ctx, random, plan, layout);
}
