import { GENERATED_CHANNEL, GENERATED_SHAPES, PIECE_BLEED, PIECE_INSET } from './constants';
import { coverSource, type PuzzleLayout } from './geometry';
import type { Knobs, PuzzlePlan } from './puzzle';
import { randomInt, type RandomSource } from './random';

/** A gradient made by the context that paints with it. */
export interface PaintGradient {
  addColorStop(offset: number, color: string): void;
}

/**
 * What the core draws from: a canvas or a decoded picture of the same library as the context (a browser's
 * HTMLCanvasElement or HTMLImageElement, @napi-rs/canvas's Canvas or Image). Opaque to the core.
 */
export type PaintSource = object;

/** A CSS colour, or a gradient or pattern made by the same context. */
export type PaintStyle = string | PaintGradient | object;

/**
 * The part of the 2D context API the drawing uses, declared here so the core needs no DOM types: a
 * browser's CanvasRenderingContext2D and @napi-rs/canvas's SKRSContext2D both satisfy it as they are.
 */
export interface PaintContext {
  save(): void;
  restore(): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number, counterclockwise?: boolean): void;
  fill(): void;
  stroke(): void;
  clip(): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  drawImage(image: PaintSource, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): PaintGradient;
  fillStyle: PaintStyle;
  strokeStyle: PaintStyle;
  lineWidth: number;
  lineJoin: 'bevel' | 'miter' | 'round';
  shadowColor: string;
  shadowBlur: number;
  shadowOffsetY: number;
}

const HALF_TURN = Math.PI;

/** One edge of the piece, traced clockwise; `out` is +1 for a knob outwards, -1 for a notch, 0 flat. */
function traceEdge(ctx: PaintContext, x: number, y: number, angle: number, length: number, radius: number, out: number) {
  const dx = Math.round(Math.cos(angle));
  const dy = Math.round(Math.sin(angle));
  const cx = x + (dx * length) / 2;
  const cy = y + (dy * length) / 2;
  if (out !== 0) {
    ctx.lineTo(cx - dx * radius, cy - dy * radius);
    ctx.arc(cx, cy, radius, angle + HALF_TURN, angle, out < 0);
  }
  ctx.lineTo(x + dx * length, y + dy * length);
}

/** Traces the piece whose square body has its top-left corner at (x, y). */
export function tracePiece(ctx: PaintContext, x: number, y: number, unit: number, knobs: Knobs) {
  const side = 3 * unit;
  const radius = unit / 2;
  const [top, right, bottom, left] = knobs;
  ctx.beginPath();
  ctx.moveTo(x, y);
  traceEdge(ctx, x, y, 0, side, radius, -top);
  traceEdge(ctx, x + side, y, HALF_TURN / 2, side, radius, right);
  traceEdge(ctx, x + side, y + side, HALF_TURN, side, radius, bottom);
  traceEdge(ctx, x, y + side, -HALF_TURN / 2, side, radius, -left);
  ctx.closePath();
}

/** A random picture: a background with channels in [100, 255], 12 translucent bars and sectors, soft light. */
export function paintGeneratedPicture(ctx: PaintContext, random: RandomSource, width: number, height: number) {
  const channel = () => randomInt(random, GENERATED_CHANNEL.min, GENERATED_CHANNEL.max);
  ctx.fillStyle = `rgb(${channel()},${channel()},${channel()})`;
  ctx.fillRect(0, 0, width, height);
  const short = Math.min(width, height);
  for (let i = 0; i < GENERATED_SHAPES; i += 1) {
    const x = random() * width;
    const y = random() * height;
    const size = short * (0.2 + random() * 0.5);
    const alpha = (0.5 + random() * 0.4).toFixed(2);
    ctx.fillStyle = `hsla(${randomInt(random, 0, 359)},${randomInt(random, 45, 85)}%,${randomInt(random, 35, 72)}%,${alpha})`;
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate((random() - 0.5) * HALF_TURN);
    if (random() < 0.5) {
      ctx.fillRect(-size / 2, -size / 4, size, size / 2);
    } else {
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.arc(0, 0, size / 2, 0, 1.5 * HALF_TURN);
      ctx.closePath();
      ctx.fill();
    }
    ctx.restore();
  }
  const light = ctx.createLinearGradient(0, 0, width, height);
  light.addColorStop(0, 'rgba(255,255,255,0.18)');
  light.addColorStop(1, 'rgba(0,0,0,0.12)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, width, height);
}

/** A loaded image, cropped like `object-fit: cover`, on white (transparent pictures stay readable). */
export function paintCoverImage(
  ctx: PaintContext,
  image: PaintSource,
  imageWidth: number,
  imageHeight: number,
  width: number,
  height: number,
) {
  const crop = coverSource(imageWidth, imageHeight, width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
}

/**
 * The piece into its own column canvas (PIECE_BLEED + the piece size + PIECE_BLEED wide, full height),
 * cut from `picture` (the board before the gap is painted, `pictureScale` device pixels per unit).
 * Shadows are in device pixels, so they take `pixelRatio`.
 */
export function paintPiece(
  ctx: PaintContext,
  picture: PaintSource,
  pictureScale: number,
  plan: PuzzlePlan,
  layout: PuzzleLayout,
  pixelRatio: number,
) {
  const left = plan.gapX - PIECE_INSET;
  ctx.save();
  tracePiece(ctx, PIECE_BLEED + PIECE_INSET, plan.gapY, layout.unit, plan.knobs);
  ctx.shadowColor = 'rgba(0,0,0,0.5)';
  ctx.shadowBlur = 5 * pixelRatio;
  ctx.shadowOffsetY = pixelRatio;
  ctx.fillStyle = '#fff';
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.clip();
  ctx.drawImage(
    picture,
    left * pictureScale,
    0,
    layout.pieceSize * pictureScale,
    layout.height * pictureScale,
    PIECE_BLEED,
    0,
    layout.pieceSize,
    layout.height,
  );
  ctx.lineJoin = 'round';
  ctx.lineWidth = 2.5; // half of it shows inside the clip
  ctx.strokeStyle = 'rgba(255,255,255,0.92)';
  ctx.stroke();
  ctx.restore();
}

/** The hole in the picture: darkened, with a shaded inner rim so it reads on light and dark pictures. */
export function paintGap(ctx: PaintContext, plan: PuzzlePlan, layout: PuzzleLayout, pixelRatio: number) {
  ctx.save();
  tracePiece(ctx, plan.gapX, plan.gapY, layout.unit, plan.knobs);
  ctx.fillStyle = 'rgba(0,0,0,0.45)';
  ctx.fill();
  ctx.clip();
  ctx.lineJoin = 'round';
  ctx.shadowColor = 'rgba(0,0,0,0.7)';
  ctx.shadowBlur = 6 * pixelRatio;
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(255,255,255,0.6)';
  ctx.stroke();
  ctx.restore();
}
