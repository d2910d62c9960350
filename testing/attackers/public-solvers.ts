// The methods the public slider solvers ship, run on a strict challenge's two pictures (issue 44): what an
// attacker downloads rather than writes. Each answers an offsetX from the pictures alone. The piece's column
// (PIECE_BLEED + pieceSize + PIECE_BLEED wide, full height) lies over the background shifted: its pixel at x
// is over the background's at x + shift, and offsetX = shift / scale + PIECE_BLEED.
//   canny       (a) Canny edges (blur 5x5, thresholds 100/200) of the piece, cropped to its opaque box on
//               black, and of the background, each softened by the same blur (an outline a pixel off its
//               gap's still matches); TM_CCOEFF_NORMED along the piece's row band; the best x.
//   sobel       (a) the same on Sobel gradient magnitudes instead of Canny's binary map.
//   grey        (b) the same NCC on the raw grey pictures, under the piece's mask (matchTemplate's mask).
//   dark        (c) the darkened-region finder: the contrast between the background under the piece's
//               mask and a ring just outside it (darker or lighter), the best x.
//   continuity  (d) what a person uses: among the places that look like a gap (the 10 best of `sobel`), the
//               one where the piece's pixels just inside its rim continue the picture's just outside it
//               (colour differences, each capped so that one stroke across weighs little).
import { PIECE_BLEED } from '@game-register/puzzle-captcha/core';
import { cpuSecondsSince } from '@game-register/gateway/internals';
import { argMax, canny, correlateAlongRow, crop, gaussianBlur, sobelMagnitude, type Box, type Plane } from './public-pixels';
import { decodePicture, luminance, morph, pixelsOf, type DecodedPicture, type PixelSet } from './vision-pixels';
import type { VisionChallenge } from './vision';

export const PUBLIC_METHODS = ['canny', 'sobel', 'grey', 'dark', 'continuity'] as const;
export type PublicMethod = (typeof PUBLIC_METHODS)[number];
export const PUBLIC_METHOD_LABELS: Record<PublicMethod, string> = {
  canny: '(a) edge map NCC, Canny',
  sobel: '(a) edge map NCC, Sobel',
  grey: "(b) grey NCC under the piece's mask",
  dark: '(c) darkened region',
  continuity: '(d) content continuity',
};

/** Opaque enough to be the piece rather than its shadow; Canny's thresholds; places continuity compares. */
const [OPAQUE, CANNY, HOLE_CANDIDATES] = [204, { low: 100, high: 200 }, 10] as const;
/** A colour difference (sum over R, G, B) counts at most this much: a stroke across the rim is one outlier. */
const COLOUR_CAP = 120;

interface Prepared {
  background: DecodedPicture;
  piece: DecodedPicture;
  scale: number;
  mask: Uint8Array;
  box: Box;
}

async function prepare(challenge: VisionChallenge): Promise<Prepared> {
  const [background, piece] = await Promise.all([decodePicture(challenge.background), decodePicture(challenge.piece)]);
  const mask = new Uint8Array(piece.width * piece.height);
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
  for (let i = 0; i < mask.length; i += 1) {
    if (piece.data[i * 4 + 3]! <= OPAQUE) continue;
    mask[i] = 1;
    const [x, y] = [i % piece.width, Math.floor(i / piece.width)];
    [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
  }
  if (right < 0) throw new Error('the piece has no opaque pixel');
  // The box a script crops the piece to, with room for the outline's own edge pixels.
  const margin = Math.round(2 * (background.width / challenge.width)) + 1;
  [left, top] = [Math.max(0, left - margin), Math.max(0, top - margin)];
  [right, bottom] = [Math.min(piece.width - 1, right + margin), Math.min(piece.height - 1, bottom + margin)];
  return {
    background,
    piece,
    scale: background.width / challenge.width,
    mask,
    box: { left, top, width: right - left + 1, height: bottom - top + 1 },
  };
}

const plane = (picture: DecodedPicture, values: Float32Array): Plane => ({ width: picture.width, height: picture.height, values });

/** The piece as a script reads it with its alpha dropped: its grey over black. */
function pieceOnBlack(piece: DecodedPicture): Plane {
  const lum = luminance(piece);
  return plane(
    piece,
    lum.map((v, i) => (v * piece.data[i * 4 + 3]!) / 255),
  );
}

/** The template's scores along the row band, after `filter`, by the template's left edge in the background. */
function templateScores({ background, piece, box }: Prepared, filter: (plane: Plane) => Plane): Float32Array {
  const template = crop(filter(pieceOnBlack(piece)), box);
  return correlateAlongRow(filter(plane(background, luminance(background))), template, box.top);
}

/** (a): the best match of the edge maps. */
function matchTemplate(prepared: Prepared, filter: (plane: Plane) => Plane): number {
  return (argMax(templateScores(prepared, filter)) - prepared.box.left) / prepared.scale + PIECE_BLEED;
}

/**
 * (b): matchTemplate's TM_CCOEFF_NORMED with the piece's mask (OpenCV's `mask` argument): the piece's grey
 * against the background's under its body, inside its white rim, at every shift along the row.
 */
function maskedGrey({ background, piece, mask, scale }: Prepared): number {
  const depth = Math.max(2, Math.round(2 * scale));
  const core = pixelsOf(morph(mask, piece.width, piece.height, -depth), piece.width);
  const pieceLum = luminance(piece);
  const values = core.xs.map((x, k) => pieceLum[core.ys[k]! * piece.width + x]!);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const dev = values.map((v) => v - mean);
  const norm = Math.sqrt(dev.reduce((sum, v) => sum + v * v, 0)) || 1;
  const lum = luminance(background);
  const shifts = shiftsFor(core, background.width);
  const scores = shifts.map((shift) => {
    let [sum, squares, cross] = [0, 0, 0];
    for (let k = 0; k < dev.length; k += 1) {
      const value = lum[core.ys[k]! * background.width + core.xs[k]! + shift]!;
      [sum, squares, cross] = [sum + value, squares + value * value, cross + value * dev[k]!];
    }
    const variance = squares - (sum * sum) / dev.length;
    return variance > 1e-6 ? cross / (norm * Math.sqrt(variance)) : 0;
  });
  return shifts[argMax(scores)]! / scale + PIECE_BLEED;
}

/** Every shift that keeps `set` inside the background, with the background index of a set pixel. */
function shiftsFor(set: PixelSet, width: number) {
  const shifts: number[] = [];
  for (let shift = -Math.min(...set.xs); shift + Math.max(...set.xs) < width; shift += 1) shifts.push(shift);
  return shifts;
}

/** (c): contrast of the inside against a ring outside, per shift. */
function holeScores({ background, piece, mask, scale }: Prepared) {
  const ringMask = morph(mask, piece.width, piece.height, Math.max(2, Math.round(3 * scale)));
  const body = pixelsOf(mask, piece.width);
  const ring = pixelsOf(
    ringMask.map((on, i) => (on === 1 && mask[i] === 0 ? 1 : 0)),
    piece.width,
  );
  const lum = luminance(background);
  const mean = (set: PixelSet, shift: number) => {
    let sum = 0;
    for (let k = 0; k < set.xs.length; k += 1) sum += lum[set.ys[k]! * background.width + set.xs[k]! + shift]!;
    return sum / set.xs.length;
  };
  const shifts = shiftsFor(ring, background.width);
  const scores = shifts.map((shift) => {
    const [inside, outside] = [mean(body, shift), mean(ring, shift)];
    return Math.abs(outside - inside) / (outside + inside + 1);
  });
  return { shifts, scores };
}

/** The piece's rim pixels (just inside the white stroke) paired with the nearest pixel just outside its outline. */
function rimPairs({ piece, mask, scale }: Prepared) {
  const { width, height } = piece;
  const depth = Math.max(2, Math.round(2 * scale));
  const thick = Math.max(1, Math.round(scale));
  const band = (outer: Uint8Array, inner: Uint8Array) =>
    pixelsOf(
      outer.map((on, i) => (on === 1 && inner[i] === 0 ? 1 : 0)),
      width,
    );
  const inside = band(morph(mask, width, height, -depth), morph(mask, width, height, -(depth + thick)));
  const gap = Math.max(1, Math.round(scale));
  const outside = band(morph(mask, width, height, gap + thick), morph(mask, width, height, gap));
  const nearest = outside.xs.map((x, k) => {
    let best = 0;
    let bestDistance = Infinity;
    for (let j = 0; j < inside.xs.length; j += 1) {
      const distance = (inside.xs[j]! - x) ** 2 + (inside.ys[j]! - outside.ys[k]!) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [j, distance];
    }
    return inside.ys[best]! * width + inside.xs[best]!;
  });
  return { outside, nearest };
}

/** (d): among the likeliest gaps, the one whose surroundings the piece's rim continues best. */
function continuity(prepared: Prepared): number {
  const { background, piece, scale, box } = prepared;
  // Where a gap's outline is: the edge map's matches (Sobel), as shifts of the piece's column.
  const edgeScores = templateScores(prepared, (p) => gaussianBlur(sobelMagnitude(gaussianBlur(p))));
  const shifts = [...edgeScores.keys()].map((left) => left - box.left);
  const scores = [...edgeScores];
  const apart = (prepared.box.width * 0.5) | 0;
  const candidates: number[] = [];
  for (const i of [...scores.keys()].sort((a, b) => scores[b]! - scores[a]!)) {
    if (candidates.length === HOLE_CANDIDATES) break;
    if (candidates.every((c) => Math.abs(shifts[c]! - shifts[i]!) >= apart)) candidates.push(i);
  }
  const { outside, nearest } = rimPairs(prepared);
  const error = (shift: number) => {
    let sum = 0;
    for (let k = 0; k < outside.xs.length; k += 1) {
      const b = (outside.ys[k]! * background.width + outside.xs[k]! + shift) * 4;
      const p = nearest[k]! * 4;
      const difference =
        Math.abs(background.data[b]! - piece.data[p]!) +
        Math.abs(background.data[b + 1]! - piece.data[p + 1]!) +
        Math.abs(background.data[b + 2]! - piece.data[p + 2]!);
      sum += Math.min(COLOUR_CAP, difference);
    }
    return sum / outside.xs.length;
  };
  const ranked = candidates
    .filter((i) => outside.xs.every((x) => x + shifts[i]! >= 0 && x + shifts[i]! < background.width))
    .sort((a, b) => error(shifts[a]!) - error(shifts[b]!));
  return shifts[ranked[0] ?? argMax(scores)]! / scale + PIECE_BLEED;
}

function solveWith(method: PublicMethod, prepared: Prepared): number {
  // The edge maps softened by the same blur, so that an outline one pixel off its gap's still matches.
  if (method === 'canny') return matchTemplate(prepared, (p) => gaussianBlur(canny(gaussianBlur(p), CANNY.low, CANNY.high)));
  if (method === 'sobel') return matchTemplate(prepared, (p) => gaussianBlur(sobelMagnitude(gaussianBlur(p))));
  if (method === 'grey') return maskedGrey(prepared);
  if (method === 'dark') {
    const { shifts, scores } = holeScores(prepared);
    return shifts[argMax(scores)]! / prepared.scale + PIECE_BLEED;
  }
  return continuity(prepared);
}

/** One public method's answer to a challenge, and the CPU it took (decoding included). */
export async function solvePublic(method: PublicMethod, challenge: VisionChallenge): Promise<{ offsetX: number; cpuSeconds: number }> {
  const started = process.cpuUsage();
  const offsetX = solveWith(method, await prepare(challenge));
  return { offsetX, cpuSeconds: cpuSecondsSince(started) };
}
