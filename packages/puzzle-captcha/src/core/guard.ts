// The server-drawn puzzle's defences against scripts that read the picture. A person finds the gap by its shape at a
// glance; a cheap script by darkness, by edges, or by matching the piece's pixels. So the picture gets decoy gaps of
// other shapes on the piece's row, a shading that changes from picture to picture (darker, lighter or tinted, rimmed
// either way), grain and strokes that put edges everywhere, a gap whose inside is no plain copy of the piece, and a
// piece a little smaller than its gap, so their edges never match pixel for pixel. Only servers paint this (the
// widget's own puzzle is judged in the browser and protects nothing), so none of it reaches the widget's bundle.
import { PIECE_BLEED, PIECE_INSET } from './constants';
import { paintGeneratedPicture, paintPiece, tracePiece, type PaintContext } from './draw';
import { gapXRange, type PuzzleLayout } from './geometry';
import type { BoardSurface, PuzzleSurface } from './paint-puzzle';
import { randomKnobs, type Knobs, type PuzzlePlan } from './puzzle';
import { randomInt, type RandomSource } from './random';

/** Every picture has up to this many decoys; fewer only when the row has no room left. */
export const DECOY_COUNT = 2;
/** Left edges of two gaps on a row stay this far apart (a body of 3 units, a knob, a little air). */
const GAP_SPACING_UNITS = 3.65;
/** A decoy's knobs differ from the piece's in at least this many of its four sides. */
const MIN_KNOB_DIFFERENCES = 2;
/** The piece is drawn at this fraction of its gap's size: never an edge-exact copy. */
const PIECE_SCALE = { min: 0.88, max: 0.95 } as const;
/** ...and turned by this much either way (radians; about 8 to 16 degrees). */
const PIECE_TURN = { min: 0.14, max: 0.28 } as const;
const [GRAIN_STROKES, VEIL_STROKES, VEIL_CURVES] = [260, 140, 7];

/** How every gap of one picture is shaded: the same for the real one and its decoys. */
export interface GapShading {
  /** The fill's colour as `r,g,b` and its strongest alpha: each gap fades it out towards a side of its own. */
  fill: string;
  fillAlpha: number;
  rim: string;
  rimWidth: number;
  shadow: string;
}

export interface Decoy {
  gapX: number;
  knobs: Knobs;
}

/** Everything random about the defences of one puzzle, drawn after its plan. */
export interface GuardPlan {
  decoys: Decoy[];
  shading: GapShading;
  pieceScale: number;
  /** The piece's turn about its centre, in radians: a person matches a tilted shape, a pixel mask does not. */
  pieceTurn: number;
}

const between = (random: RandomSource, min: number, max: number) => min + random() * (max - min);
const alpha = (random: RandomSource, min: number, max: number) => between(random, min, max).toFixed(2);

function knobDifferences(a: Knobs, b: Knobs): number {
  return a.reduce<number>((count, knob, side) => count + (knob === b[side] ? 0 : 1), 0);
}

/** Knobs that a person tells apart from `piece` at a glance. */
function otherKnobs(random: RandomSource, piece: Knobs): Knobs {
  for (let tries = 0; tries < 50; tries += 1) {
    const knobs = randomKnobs(random);
    if (knobDifferences(knobs, piece) >= MIN_KNOB_DIFFERENCES) return knobs;
  }
  // Unreachable in practice; still a different shape: every side flipped that can be.
  return [piece[0] === 0 ? 1 : 0, piece[1] === 0 ? 1 : 0, piece[2] === 0 ? 1 : 0, piece[3] === 0 ? 1 : 0];
}

function shadingFor(random: RandomSource): GapShading {
  const kind = randomInt(random, 0, 2);
  const rimWidth = between(random, 1.5, 3);
  const fillAlpha = between(random, 0.55, 0.75);
  if (kind === 0) return { fill: '0,0,0', fillAlpha, rim: `rgba(255,255,255,${alpha(random, 0.5, 0.8)})`, rimWidth, shadow: 'rgba(0,0,0,0.6)' };
  if (kind === 1) return { fill: '255,255,255', fillAlpha, rim: `rgba(0,0,0,${alpha(random, 0.35, 0.55)})`, rimWidth, shadow: 'rgba(255,255,255,0.7)' };
  const tint = () => randomInt(random, 40, 200);
  return { fill: `${tint()},${tint()},${tint()}`, fillAlpha, rim: `rgba(255,255,255,${alpha(random, 0.45, 0.75)})`, rimWidth, shadow: 'rgba(0,0,0,0.5)' };
}

/** The decoys, the shading and the piece's size of one puzzle: called after planPuzzle, from the same source. */
export function planGuard(random: RandomSource, plan: PuzzlePlan, layout: PuzzleLayout): GuardPlan {
  // A fixed number of draws first, so the piece never depends on how many tries the decoys took.
  const shading = shadingFor(random);
  const pieceScale = between(random, PIECE_SCALE.min, PIECE_SCALE.max);
  const pieceTurn = (random() < 0.5 ? -1 : 1) * between(random, PIECE_TURN.min, PIECE_TURN.max);
  const range = gapXRange(layout);
  const spacing = GAP_SPACING_UNITS * layout.unit;
  const free = (x: number, taken: number[]) => taken.every((other) => Math.abs(other - x) >= spacing);
  const xs = Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i).filter((x) => free(x, [plan.gapX]));
  // As many decoys as the row holds (up to DECOY_COUNT), drawn uniformly among the placements that fit.
  let placements: number[][] = xs.flatMap((a) => xs.filter((b) => b > a && free(b, [a])).map((b) => [a, b]));
  if (placements.length === 0 || DECOY_COUNT < 2) placements = xs.map((x) => [x]);
  const chosen = placements.length > 0 ? placements[randomInt(random, 0, placements.length - 1)]! : [];
  const decoys: Decoy[] = chosen.slice(0, DECOY_COUNT).map((gapX) => ({ gapX, knobs: otherKnobs(random, plan.knobs) }));
  return { decoys, shading, pieceScale, pieceTurn };
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

function paintShadedGap(ctx: PaintContext, random: RandomSource, gapX: number, gapY: number, knobs: Knobs, shading: GapShading, layout: PuzzleLayout, pixelRatio: number) {
  ctx.save();
  tracePiece(ctx, gapX, gapY, layout.unit, knobs);
  // Strong on one side, faint on the other, the direction drawn per gap: no gap is a uniform dark patch.
  const half = 1.75 * layout.unit;
  const angle = random() * Math.PI * 2;
  const [cx, cy] = [gapX + 1.5 * layout.unit, gapY + 1.5 * layout.unit];
  const fade = ctx.createLinearGradient(cx - Math.cos(angle) * half, cy - Math.sin(angle) * half, cx + Math.cos(angle) * half, cy + Math.sin(angle) * half);
  fade.addColorStop(0, `rgba(${shading.fill},${shading.fillAlpha.toFixed(2)})`);
  fade.addColorStop(1, `rgba(${shading.fill},${(shading.fillAlpha * between(random, 0.1, 0.4)).toFixed(2)})`);
  ctx.fillStyle = fade;
  ctx.fill();
  ctx.clip();
  ctx.lineJoin = 'round';
  ctx.shadowColor = shading.shadow;
  ctx.shadowBlur = 5 * pixelRatio;
  ctx.lineWidth = shading.rimWidth * 2; // half of it shows inside the clip
  ctx.strokeStyle = shading.rim;
  ctx.stroke();
  ctx.restore();
}

/** A 2D context that can also scale: a browser canvas and @napi-rs/canvas both can. */
export type ScalingContext = PaintContext & {
  scale(x: number, y: number): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
};

/**
 * The widget's own piece (paintPiece), drawn at `scale` of its gap's size and turned by `turn` about the
 * body's centre: the picture in it turns and scales with it, so its middle still matches the gap's.
 */
function paintScaledPiece(ctx: ScalingContext, picture: object, pictureScale: number, plan: PuzzlePlan, layout: PuzzleLayout, scale: number, turn: number, pixelRatio: number) {
  const centreX = PIECE_BLEED + PIECE_INSET + (3 * layout.unit) / 2;
  const centreY = plan.gapY + (3 * layout.unit) / 2;
  ctx.save();
  ctx.translate(centreX, centreY);
  ctx.scale(scale, scale);
  ctx.rotate(turn);
  ctx.translate(-centreX, -centreY);
  paintPiece(ctx, picture, pictureScale, plan, layout, pixelRatio);
  ctx.restore();
}

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
  paintStrokes(ctx, random, GRAIN_STROKES, layout.width, layout.height);
  paintScaledPiece(piece.context, board.canvas, boardScale, plan, layout, guard.pieceScale, guard.pieceTurn, pixelRatio);
  const gaps = [{ gapX: plan.gapX, knobs: plan.knobs }, ...guard.decoys];
  for (const gap of gaps) paintShadedGap(ctx, random, gap.gapX, plan.gapY, gap.knobs, guard.shading, layout, pixelRatio);
  paintStrokes(ctx, random, VEIL_STROKES, layout.width, layout.height);
  paintVeil(ctx, random, plan, layout);
}
