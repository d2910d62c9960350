// The server-drawn puzzle's defences against scripts that read the picture. A person finds the gap by its shape at a
// glance; a cheap script by darkness, by edges, or by matching the piece's pixels. So the picture gets decoy gaps of
// other shapes on the piece's row, a shading that changes from picture to picture (darker, lighter or tinted, rimmed
// either way), grain and strokes that put edges everywhere, a gap whose inside is no plain copy of the piece, and a
// piece a little smaller than its gap, so their edges never match pixel for pixel. Only servers paint this (the
// widget's own puzzle is judged in the browser and protects nothing), so none of it reaches the widget's bundle.
import { PIECE_BLEED } from './constants';
import { paintGeneratedPicture, paintPiece, tracePiece, type PaintContext } from './draw';
import type { PuzzleLayout } from './geometry';
import type { BoardSurface, PuzzleSurface } from './paint-puzzle';
import type { Knobs, PuzzlePlan } from './puzzle';
import { randomInt, type RandomSource } from './random';

/** Left edges of neighbouring gaps stay apart by the shape's width and this much air (in units). */
const GAP_AIR_UNITS = 0.2;
/** Outlines without a gap, on the row, at least this far (units) from any gap and from each other. */
const [GHOST_COUNT, GHOST_APART_UNITS] = [4, 1];
/** Shapes painted across the piece's row. */
const ROW_SHAPES = 6;
const [GRAIN_STROKES, VEIL_STROKES, VEIL_CURVES] = [260, 140, 7];

/**
 * How every gap of one picture is drawn: filled with the picture's own colour around it (no gap darker or
 * lighter than where it sits, and none shows the picture under it), rimmed alike.
 */
export interface GapShading {
  /** Two lines inside the outline, a light one along it and a dark one within: edges, but no darker or lighter inside. */
  light: string;
  dark: string;
  rimWidth: number;
}

/** Everything random about the defences of one puzzle, drawn after its plan. */
export interface GuardPlan {
  /** The decoys' x: gaps of the piece's very shape on its row, as many as the row holds. */
  decoys: number[];
  /** Outlines of the same shape and rim on the row, over the picture (no fill): edges where no gap is. */
  ghosts: number[];
  shading: GapShading;
}

const between = (random: RandomSource, min: number, max: number) => min + random() * (max - min);
const alpha = (random: RandomSource, min: number, max: number) => between(random, min, max).toFixed(2);

function shadingFor(random: RandomSource): GapShading {
  const strength = between(random, 0.4, 0.6);
  return { light: `rgba(255,255,255,${strength.toFixed(2)})`, dark: `rgba(0,0,0,${(strength * 0.8).toFixed(2)})`, rimWidth: between(random, 1, 1.5) };
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

/** Short strokes of random grey all over: edges where there is no gap, brightness that varies by the pixel. */
function paintStrokes(ctx: PaintContext, random: RandomSource, count: number, width: number, height: number) {
  ctx.save();
  for (let i = 0; i < count; i += 1) {
    const x = random() * width;
    const y = random() * height;
    const angle = random() * Math.PI * 2;
    const length = between(random, 3, 11);
    const grey = randomInt(random, 0, 255);
    ctx.strokeStyle = `rgba(${grey},${grey},${grey},${alpha(random, 0.18, 0.45)})`;
    ctx.lineWidth = between(random, 0.8, 2.2);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + Math.cos(angle) * length, y + Math.sin(angle) * length);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * Shapes across the piece's row (discs and bars, opaque enough to read), so that every place on the row looks
 * different: what a person matches the piece's content against.
 */
function paintRowShapes(ctx: PaintContext, random: RandomSource, plan: PuzzlePlan, layout: PuzzleLayout) {
  for (let i = 0; i < ROW_SHAPES; i += 1) {
    const [x, y] = [random() * layout.width, plan.gapY + random() * 3 * layout.unit];
    const size = between(random, 1.2, 2.6) * layout.unit;
    ctx.save();
    ctx.fillStyle = `hsla(${randomInt(random, 0, 359)},${randomInt(random, 50, 85)}%,${randomInt(random, 30, 70)}%,${alpha(random, 0.7, 0.9)})`;
    ctx.translate(x, y);
    ctx.rotate(random() * Math.PI);
    if (random() < 0.5) {
      ctx.beginPath();
      ctx.arc(0, 0, size, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      ctx.fillRect(-size * 1.5, -size / 2, size * 3, size);
    }
    ctx.restore();
  }
}

/** Long thin lines across the piece's row, light and dark, that cut through the gaps' rims. */
function paintVeil(ctx: PaintContext, random: RandomSource, plan: PuzzlePlan, layout: PuzzleLayout) {
  ctx.save();
  for (let i = 0; i < VEIL_CURVES; i += 1) {
    const light = random() < 0.5;
    ctx.strokeStyle = light ? `rgba(255,255,255,${alpha(random, 0.25, 0.5)})` : `rgba(0,0,0,${alpha(random, 0.2, 0.4)})`;
    ctx.lineWidth = between(random, 0.8, 1.8);
    const y0 = plan.gapY + random() * layout.pieceSize;
    const y1 = plan.gapY + random() * layout.pieceSize;
    ctx.beginPath();
    ctx.moveTo(0, y0);
    for (let x = 0; x <= layout.width; x += 20) ctx.lineTo(x, y0 + ((y1 - y0) * x) / layout.width + (random() - 0.5) * 8);
    ctx.stroke();
  }
  ctx.restore();
}

/** Canvas units around a gap whose mean colour fills it. */
const SURROUND_UNITS = 6;

/** The mean colour of the picture in a frame around a gap (its bounding box grown by SURROUND_UNITS, less the box). */
function surroundingColour(ctx: ScalingContext, gapX: number, gapY: number, layout: PuzzleLayout, scale: number): string {
  const [x0, y0] = [Math.max(0, gapX - 0.5 * layout.unit - SURROUND_UNITS), Math.max(0, gapY - 0.5 * layout.unit - SURROUND_UNITS)];
  const [x1, y1] = [Math.min(layout.width, gapX + 3.5 * layout.unit + SURROUND_UNITS), Math.min(layout.height, gapY + 3.5 * layout.unit + SURROUND_UNITS)];
  const [left, top, width, height] = [Math.round(x0 * scale), Math.round(y0 * scale), Math.round((x1 - x0) * scale), Math.round((y1 - y0) * scale)];
  const { data } = ctx.getImageData(left, top, width, height);
  const inner = (SURROUND_UNITS * scale) | 0;
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x >= inner && x < width - inner && y >= inner && y < height - inner) continue;
      const i = (y * width + x) * 4;
      [sums[0], sums[1], sums[2]] = [sums[0]! + data[i]!, sums[1]! + data[i + 1]!, sums[2]! + data[i + 2]!];
      count += 1;
    }
  }
  return `rgb(${sums.map((sum) => Math.round(sum / Math.max(1, count))).join(',')})`;
}

/** One gap: filled with `fill`, then a rim inside it with a soft shadow, alike for every gap of the picture. */
function paintShadedGap(ctx: PaintContext, gapX: number, gapY: number, knobs: Knobs, fill: string | null, shading: GapShading, layout: PuzzleLayout) {
  ctx.save();
  tracePiece(ctx, gapX, gapY, layout.unit, knobs);
  if (fill !== null) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  ctx.clip();
  ctx.lineJoin = 'round';
  // Half of each line shows inside the clip: the light one along the outline, the dark one just within it.
  ctx.lineWidth = shading.rimWidth * 4;
  ctx.strokeStyle = shading.dark;
  ctx.stroke();
  ctx.lineWidth = shading.rimWidth * 2;
  ctx.strokeStyle = shading.light;
  ctx.stroke();
  ctx.restore();
}

/** A 2D context that can also scale: a browser canvas and @napi-rs/canvas both can. */
export type ScalingContext = PaintContext & {
  scale(x: number, y: number): void;
  /** Device pixels, whatever the transform: a browser canvas and @napi-rs/canvas both have it. */
  getImageData(sx: number, sy: number, sw: number, sh: number): { data: ArrayLike<number> };
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
};

/**
 * The server's puzzle: a generated picture with grain, the piece cut from it, then the gap and its decoys
 * under one shading, then strokes across the row. `random` continues the source the plan came from.
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
  paintRowShapes(ctx, random, plan, layout);
  paintStrokes(ctx, random, GRAIN_STROKES, layout.width, layout.height);
  paintPiece(piece.context, board.canvas, boardScale, plan, layout, pixelRatio);
  const gaps = [plan.gapX, ...guard.decoys].map((gapX) => ({ gapX, fill: surroundingColour(ctx, gapX, plan.gapY, layout, boardScale) }));
  for (const { gapX, fill } of gaps) paintShadedGap(ctx, gapX, plan.gapY, plan.knobs, fill, guard.shading, layout);
  for (const gapX of guard.ghosts) paintShadedGap(ctx, gapX, plan.gapY, plan.knobs, null, guard.shading, layout);
  paintStrokes(ctx, random, VEIL_STROKES, layout.width, layout.height);
  paintVeil(ctx, random, plan, layout);
}
