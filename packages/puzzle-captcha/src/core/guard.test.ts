import { seededRandom } from '../testing/seeded-random';
import { createLayout, gapXRange } from './geometry';
import { DECOY_COUNT, planGuard } from './guard';
import { planPuzzle } from './puzzle';

const layout = createLayout({});
const puzzles = Array.from({ length: 400 }, (_, seed) => {
  const random = seededRandom(seed + 1);
  const plan = planPuzzle(random, layout, 0, -1);
  return { plan, guard: planGuard(random, plan, layout) };
});

describe('planGuard: the decoys and the look of a server-drawn puzzle', () => {
  it('puts decoys of other shapes on the piece\'s row, inside the range the gap itself may take, never touching', () => {
    const range = gapXRange(layout);
    for (const { plan, guard } of puzzles) {
      expect(guard.decoys.length).toBeGreaterThanOrEqual(1);
      expect(guard.decoys.length).toBeLessThanOrEqual(DECOY_COUNT);
      const xs = [plan.gapX, ...guard.decoys.map((decoy) => decoy.gapX)];
      for (const decoy of guard.decoys) {
        expect(decoy.gapX).toBeGreaterThanOrEqual(range.min);
        expect(decoy.gapX).toBeLessThanOrEqual(range.max);
        const differing = decoy.knobs.filter((knob, side) => knob !== plan.knobs[side]).length;
        expect(differing).toBeGreaterThanOrEqual(2);
      }
      for (let i = 0; i < xs.length; i += 1) for (let j = i + 1; j < xs.length; j += 1) expect(Math.abs(xs[i]! - xs[j]!)).toBeGreaterThanOrEqual(3.6 * layout.unit);
    }
  });

  it('gives most puzzles two decoys, and does not make the real gap the one in a given place', () => {
    const full = puzzles.filter(({ guard }) => guard.decoys.length === 2);
    expect(full.length / puzzles.length).toBeGreaterThan(0.6);
    // Where the real gap sits among the three (left, middle, right): none of the places is a giveaway.
    const places = [0, 0, 0];
    for (const { plan, guard } of full) {
      const rank = [plan.gapX, ...guard.decoys.map((decoy) => decoy.gapX)].sort((a, b) => a - b).indexOf(plan.gapX);
      places[rank]! += 1;
    }
    for (const count of places) expect(count / full.length).toBeLessThan(0.5);
  });

  it('varies the shading, the piece\'s size and its tilt from puzzle to puzzle', () => {
    expect(new Set(puzzles.map(({ guard }) => guard.shading.fill)).size).toBeGreaterThan(3);
    const scales = puzzles.map(({ guard }) => guard.pieceScale);
    const turns = puzzles.map(({ guard }) => guard.pieceTurn);
    expect(Math.min(...scales)).toBeGreaterThanOrEqual(0.88);
    expect(Math.max(...scales)).toBeLessThan(0.96);
    expect(turns.some((turn) => turn < 0) && turns.some((turn) => turn > 0)).toBe(true);
    for (const turn of turns) expect(Math.abs(turn)).toBeGreaterThanOrEqual(0.14);
  });
});
