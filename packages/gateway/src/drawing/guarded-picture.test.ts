import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { paintCueBands, PIECE_BLEED, PIECE_INSET, type PaintContext } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { CHALLENGE_LAYOUT as layout, paintChallenge } from './pictures';

// The guarded picture as a person reads it (issue 50): bold bands cross the piece's row, so the piece carries a
// part of one wherever it was cut and the picture's bands run on across its rim only where it sits in its gap;
// and every gap stays alike to a script (none darker or lighter than where it sits, relative to the others).
const RATIO = 1;
const unit = layout.unit;
const inside = (value: number, size: number) => Math.min(size - 1, Math.max(0, Math.round(value * RATIO)));
const rgbAt = (canvas: Canvas, x: number, y: number) =>
  [...canvas.getContext('2d').getImageData(inside(x, canvas.width), inside(y, canvas.height), 1, 1).data].slice(0, 3);
const colourDistance = (a: number[], b: number[]) =>
  Math.min(
    150,
    a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0),
  );
const luminance = ([r, g, b]: number[]) => 0.299 * r! + 0.587 * g! + 0.114 * b!;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
/** Columns of the body away from the knobs (which sit in the middle third of each side), in units from its left. */
const BODY_COLUMNS = Array.from({ length: 14 }, (_, i) => (i < 7 ? 0.15 + i * 0.11 : 2.15 + (i - 7) * 0.11) * unit);

describe('the guarded picture: bold bands a person reads, gaps a script cannot tell apart', () => {
  it("paints opaque bands across the piece's row, one within every stretch of the piece's width", () => {
    for (let seed = 1; seed <= 12; seed += 1) {
      const canvas = createCanvas(layout.width, layout.height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, layout.width, layout.height);
      paintCueBands(ctx as unknown as PaintContext, seededRandom(seed), layout, { top: 0, height: layout.height });
      const banded = (x: number, y: number) => rgbAt(canvas, x, y).some((channel) => channel < 200);
      for (const y of [20, 55, 90]) {
        // the piece's row lies between
        for (let left = 0; left + 3 * unit <= layout.width; left += 4) {
          const hits = Array.from({ length: Math.floor(3 * unit) }, (_, dx) => banded(left + dx, y)).filter(Boolean).length;
          expect(hits, `seed ${seed}: a band within [${left}, ${left + 3 * unit}] at y ${y}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it("continues the picture across the piece's top and bottom edges at its gap, far better than at any decoy", () => {
    let clearest = 0;
    const seeds = Array.from({ length: 30 }, (_, i) => 500 + i);
    for (const seed of seeds) {
      const { plan, guard, board, piece } = paintChallenge(seededRandom(seed), RATIO);
      if (guard === null) throw new Error('a guarded picture has its guard');
      // The piece's pixels just inside its top and bottom edges against the picture's just outside, were it laid at x.
      const mismatch = (x: number) =>
        mean(
          BODY_COLUMNS.flatMap((dx) => [
            colourDistance(rgbAt(piece, PIECE_BLEED + PIECE_INSET + dx, plan.gapY + 3.5), rgbAt(board, x + dx, plan.gapY - 4)),
            colourDistance(
              rgbAt(piece, PIECE_BLEED + PIECE_INSET + dx, plan.gapY + 3 * unit - 3.5),
              rgbAt(board, x + dx, plan.gapY + 3 * unit + 4),
            ),
          ]),
        );
      const others = [...guard.decoys, ...guard.ghosts].map(mismatch);
      if (mismatch(plan.gapX) < Math.min(...others)) clearest += 1;
    }
    expect(clearest / seeds.length).toBeGreaterThanOrEqual(0.9);
  });

  it('fills no gap darker or lighter than where it sits, relative to the rest: the real one is no giveaway', () => {
    const places = { darkest: 0, lightest: 0 };
    const seeds = Array.from({ length: 40 }, (_, i) => 900 + i);
    for (const seed of seeds) {
      const { plan, guard, board } = paintChallenge(seededRandom(seed), RATIO);
      if (guard === null) throw new Error('a guarded picture has its guard');
      // Inside the body away from its rim, against a ring just outside it.
      const contrast = (x: number) => {
        const inside = mean(
          [0.8, 1.5, 2.2].flatMap((dx) => [0.8, 1.5, 2.2].map((dy) => luminance(rgbAt(board, x + dx * unit, plan.gapY + dy * unit)))),
        );
        const ring = mean(
          [-0.7, 1.5, 3.7].flatMap((dx) =>
            [-0.7, 1.5, 3.7]
              .filter((dy) => dx !== 1.5 || dy !== 1.5)
              .map((dy) => luminance(rgbAt(board, x + dx * unit, plan.gapY + dy * unit))),
          ),
        );
        return inside - ring;
      };
      const gaps = [plan.gapX, ...guard.decoys].map(contrast);
      if (gaps[0] === Math.min(...gaps)) places.darkest += 1;
      if (gaps[0] === Math.max(...gaps)) places.lightest += 1;
    }
    // A guess among four to six gaps is 17-25%.
    expect(places.darkest / seeds.length).toBeLessThan(0.4);
    expect(places.lightest / seeds.length).toBeLessThan(0.4);
  });
});
