import { seededRandom } from '../testing/seeded-random';
import { createLayout } from './geometry';
import { planGuard } from './guard';
import { planPuzzle } from './puzzle';

const layout = createLayout({});
const puzzles = Array.from({ length: 400 }, (_, seed) => {
  const random = seededRandom(seed + 1);
  const plan = planPuzzle(random, layout, 0, -1);
  return { plan, guard: planGuard(random, plan, layout) };
});
/** The shape's width on the row: the body, and the right knob when it sticks out. */
const shapeWidth = (knobs: readonly number[]) => 3 * layout.unit + (knobs[1] === 1 ? layout.unit / 2 : 0);

describe('planGuard: the decoys and the look of a server-drawn puzzle', () => {
  it("fills the piece's row with gaps of its shape, edge to edge, never touching and inside the picture", () => {
    for (const { plan, guard } of puzzles) {
      const width = shapeWidth(plan.knobs);
      const xs = [plan.gapX, ...guard.decoys].sort((a, b) => a - b);
      for (const x of xs) {
        expect(x).toBeGreaterThanOrEqual(1);
        expect(x + width).toBeLessThanOrEqual(layout.width - 1);
      }
      for (let i = 1; i < xs.length; i += 1) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual(width);
      // As many as fit: no room left for one more at either end or between two.
      const room = [xs[0]! - 1, ...xs.slice(1).map((x, i) => x - xs[i]! - width), layout.width - 1 - xs.at(-1)! - width];
      const spacing = Math.ceil(width + 0.2 * layout.unit);
      expect(room[0]!).toBeLessThan(spacing);
      expect(room.at(-1)!).toBeLessThan(spacing + layout.unit);
      expect(guard.decoys.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('does not make the real gap the one in a given place among them', () => {
    // Its rank among the gaps from the left, over puzzles with five gaps: none of the places is a giveaway.
    const five = puzzles.filter(({ guard }) => guard.decoys.length === 4);
    expect(five.length).toBeGreaterThan(100);
    const places = [0, 0, 0, 0, 0];
    for (const { plan, guard } of five) places[[plan.gapX, ...guard.decoys].sort((a, b) => a - b).indexOf(plan.gapX)]! += 1;
    for (const count of places) expect(count / five.length).toBeLessThan(0.45);
  });

  it('puts ghost outlines on the row away from every gap, and varies the rim from puzzle to puzzle', () => {
    for (const { plan, guard } of puzzles) {
      expect(guard.ghosts.length).toBeGreaterThanOrEqual(2);
      for (const ghost of guard.ghosts)
        for (const gap of [plan.gapX, ...guard.decoys]) expect(Math.abs(ghost - gap)).toBeGreaterThanOrEqual(layout.unit);
    }
    expect(new Set(puzzles.map(({ guard }) => guard.shading.light)).size).toBeGreaterThan(3);
  });
});
