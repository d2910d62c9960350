// The guarded picture's painting steps (guard.ts): grain and strokes on the piece's row, the bands a person
// reads it by, the veil, and the gaps, each filled with the picture's own colour around it, with its halo.
import { tracePiece, type PaintContext } from './draw';
import type { PuzzleLayout } from './geometry';
import type { Knobs, PuzzlePlan } from './puzzle';
import { randomInt, type RandomSource } from './random';

export const between = (random: RandomSource, min: number, max: number) => min + random() * (max - min);
export const alpha = (random: RandomSource, min: number, max: number) => between(random, min, max).toFixed(2);

const VEIL_CURVES = 7;

/** How every gap of one picture is rimmed: two lines inside the outline, a light one along it and a dark one within. */
export interface GapShading {
  light: string;
  dark: string;
  rimWidth: number;
}

/** A 2D context that can also scale: a browser canvas and @napi-rs/canvas both can. */
export type ScalingContext = PaintContext & {
  scale(x: number, y: number): void;
  /** Device pixels, whatever the transform: a browser canvas and @napi-rs/canvas both have it. */
  getImageData(sx: number, sy: number, sw: number, sh: number): { data: ArrayLike<number> };
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
};

/** Short strokes of random grey all over: edges where there is no gap, brightness that varies by the pixel. */
export function paintStrokes(ctx: PaintContext, random: RandomSource, count: number, width: number, band: { top: number; height: number }) {
  ctx.save();
  for (let i = 0; i < count; i += 1) {
    const x = random() * width;
    const y = band.top + random() * band.height;
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

/** Bold bands from the picture's top to its bottom, across the piece's row: what a person matches by eye. */
const CUE_BANDS = 8;

/**
 * Bands of strong, distinct colours, steep and each its own width and tilt, spread across the picture so the
 * piece always carries a part of one or two. Where the piece sits in its gap they run on above and below it,
 * unbroken; anywhere else its bands stop at its rim and the picture's carry on beside them. Painted before the
 * piece is cut and before any gap, so every gap is filled over them alike; over `rows` only (the piece's row
 * and a little above and below it: enough to follow a band across the piece, and the bytes of no more).
 */
export function paintCueBands(ctx: PaintContext, random: RandomSource, layout: PuzzleLayout, rows: { top: number; height: number }) {
  const spacing = layout.width / CUE_BANDS;
  const hue0 = randomInt(random, 0, 359);
  const [y0, y1] = [Math.max(0, rows.top), Math.min(layout.height, rows.top + rows.height)];
  ctx.save();
  for (let i = 0; i < CUE_BANDS; i += 1) {
    const middle = (i + between(random, 0.3, 0.7)) * spacing;
    const width = between(random, 0.5, 0.75) * layout.unit;
    // Its lean: the x it moves by from the picture's top to its bottom.
    const lean = between(random, -1, 1) * layout.unit;
    const xAt = (y: number) => middle + lean * (y / layout.height - 0.5);
    ctx.fillStyle = `hsl(${(hue0 + i * 137) % 360},${randomInt(random, 75, 95)}%,${randomInt(random, 35, 55)}%)`;
    ctx.beginPath();
    ctx.moveTo(xAt(y0) - width / 2, y0);
    ctx.lineTo(xAt(y0) + width / 2, y0);
    ctx.lineTo(xAt(y1) + width / 2, y1);
    ctx.lineTo(xAt(y1) - width / 2, y1);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

/** Long thin lines across the piece's row, light and dark, that cut through the gaps' rims. */
export function paintVeil(ctx: PaintContext, random: RandomSource, plan: PuzzlePlan, layout: PuzzleLayout) {
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

/** Canvas units of the halo outside every outline. */
const HALO_UNITS = 2.5;

/** Canvas units around a gap whose mean colour fills it. */
const SURROUND_UNITS = 6;

/** The mean colour of the picture in a frame around a gap (its bounding box grown by SURROUND_UNITS, less the box). */
export function surroundingColour(ctx: ScalingContext, gapX: number, gapY: number, layout: PuzzleLayout, scale: number): string {
  const [x0, y0] = [Math.max(0, gapX - 0.5 * layout.unit - SURROUND_UNITS), Math.max(0, gapY - 0.5 * layout.unit - SURROUND_UNITS)];
  const [x1, y1] = [
    Math.min(layout.width, gapX + 3.5 * layout.unit + SURROUND_UNITS),
    Math.min(layout.height, gapY + 3.5 * layout.unit + SURROUND_UNITS),
  ];
  const [left, top, width, height] = [
    Math.round(x0 * scale),
    Math.round(y0 * scale),
    Math.round((x1 - x0) * scale),
    Math.round((y1 - y0) * scale),
  ];
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
export function paintShadedGap(
  ctx: PaintContext,
  gapX: number,
  gapY: number,
  knobs: Knobs,
  fill: string | null,
  halo: string,
  shading: GapShading,
  layout: PuzzleLayout,
) {
  ctx.save();
  tracePiece(ctx, gapX, gapY, layout.unit, knobs);
  // A halo along the outline in the colour around it: the bands end a little way from every rim alike.
  ctx.lineJoin = 'round';
  ctx.lineWidth = HALO_UNITS * 2;
  ctx.strokeStyle = halo;
  ctx.stroke();
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
