import { FOURTH_KNOB_CHANCE, PIECE_INSET } from './constants';
import { gapXRange, gapYRange, type PuzzleLayout } from './geometry';
import { randomInt, type RandomSource } from './random';

/**
 * Knob tags for top, right, bottom, left: the knob moves by tag * radius along the axis (x right, y down).
 * So top -1 and right/bottom +1 stick out; the left tag is 0 or 1, a notch at most, because the piece
 * column starts 3 units left of the gap and an outward left knob would be cut off.
 */
export type Knob = -1 | 0 | 1;
export type Knobs = readonly [top: Knob, right: Knob, bottom: Knob, left: 0 | 1];

export function randomKnobs(random: RandomSource): Knobs {
  const tag = () => randomInt(random, -1, 1) as Knob;
  const top = tag();
  const right = tag();
  const bottom = tag();
  const left: 0 | 1 = random() < FOURTH_KNOB_CHANCE ? 1 : 0;
  return [top, right, bottom, top === 0 && right === 0 && bottom === 0 && left === 0 ? 1 : left];
}

/** Uniform among the indexes other than `previous`; -1 for an empty list; 0 for a list of one. */
export function pickImageIndex(random: RandomSource, count: number, previous: number): number {
  if (count <= 0) return -1;
  if (count === 1) return 0;
  if (previous < 0 || previous >= count) return randomInt(random, 0, count - 1);
  const index = randomInt(random, 0, count - 2);
  return index >= previous ? index + 1 : index;
}

export interface PuzzlePlan {
  gapX: number;
  gapY: number;
  knobs: Knobs;
  /** Index into `imgs`, or -1 for a generated picture. */
  imageIndex: number;
}

/** Everything random about one puzzle except a generated picture, drawn in a fixed order. */
export function planPuzzle(random: RandomSource, layout: PuzzleLayout, imageCount: number, previousImage: number): PuzzlePlan {
  const xs = gapXRange(layout);
  const ys = gapYRange(layout);
  const gapX = randomInt(random, xs.min, xs.max);
  const gapY = randomInt(random, ys.min, ys.max);
  const knobs = randomKnobs(random);
  return { gapX, gapY, knobs, imageIndex: pickImageIndex(random, imageCount, previousImage) };
}

/** What success and fail carry: `deviation = pinX - offsetX` with `pinX = gapX - 3`. */
export interface PuzzleResult {
  deviation: number;
  offsetX: number;
  pinX: number;
}

export function judge(gapX: number, offsetX: number, range: number): { pass: boolean; result: PuzzleResult } {
  const pinX = gapX - PIECE_INSET;
  const deviation = pinX - offsetX;
  return { pass: Math.abs(deviation) < range, result: { deviation, offsetX, pinX } };
}
