import { createLayout } from './geometry';
import { judge, pickImageIndex, planPuzzle, randomKnobs } from './puzzle';
import { seededRandom } from '../testing/seeded-random';

/** A source that replays the given draws, then repeats the last one. */
function scripted(...draws: number[]) {
  let i = 0;
  return () => draws[Math.min(i++, draws.length - 1)]!;
}

const layout = createLayout({});

describe('planPuzzle', () => {
  it('reaches both bounds of the gap ranges', () => {
    expect(planPuzzle(scripted(0), layout, 0, -1)).toMatchObject({ gapX: 79, gapY: 20 });
    expect(planPuzzle(scripted(0.99999), layout, 0, -1)).toMatchObject({ gapX: 241, gapY: 91 });
  });

  it('spreads the gap uniformly over every integer of its range', () => {
    const random = seededRandom(7);
    const xs = new Map<number, number>();
    const ys = new Set<number>();
    const draws = 40_000;
    for (let i = 0; i < draws; i += 1) {
      const { gapX, gapY } = planPuzzle(random, layout, 0, -1);
      expect(Number.isInteger(gapX) && Number.isInteger(gapY)).toBe(true);
      xs.set(gapX, (xs.get(gapX) ?? 0) + 1);
      ys.add(gapY);
    }
    expect(Math.min(...xs.keys())).toBe(79);
    expect(Math.max(...xs.keys())).toBe(241);
    expect(xs.size).toBe(163);
    expect(ys.size).toBe(72);
    const expected = draws / 163;
    const chiSquare = [...xs.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(230); // 162 degrees of freedom, p < 0.001 above
  });

  it('uses a generated picture without images and picks an index with them', () => {
    expect(planPuzzle(seededRandom(3), layout, 0, -1).imageIndex).toBe(-1);
    expect(planPuzzle(scripted(0.5), layout, 4, 2).imageIndex).not.toBe(2);
  });
});

describe('randomKnobs', () => {
  it('draws the three first knobs from {-1, 0, 1}', () => {
    expect(randomKnobs(scripted(0, 0.5, 0.99, 0.1))).toEqual([-1, 0, 1, 1]);
  });

  it('makes the fourth knob a notch below 0.6 and flat from 0.6', () => {
    expect(randomKnobs(scripted(0, 0, 0, 0.59))[3]).toBe(1);
    expect(randomKnobs(scripted(0, 0, 0, 0.6))[3]).toBe(0);
  });

  it('turns an all-flat piece into one with a notch on the fourth side', () => {
    expect(randomKnobs(scripted(0.5, 0.5, 0.5, 0.9))).toEqual([0, 0, 0, 1]);
  });

  it('never produces four flat sides, and the fourth is a notch about 60% of the time', () => {
    const random = seededRandom(11);
    const draws = 30_000;
    let fourth = 0;
    const firstTags = new Map<number, number>();
    for (let i = 0; i < draws; i += 1) {
      const knobs = randomKnobs(random);
      expect(knobs.some((k) => k !== 0)).toBe(true);
      fourth += knobs[3];
      firstTags.set(knobs[0], (firstTags.get(knobs[0]) ?? 0) + 1);
    }
    // 0.6, plus the all-flat draws (0.4 * 1/27) that are turned into a notch
    expect(fourth / draws).toBeGreaterThan(0.6);
    expect(fourth / draws).toBeLessThan(0.63);
    for (const tag of [-1, 0, 1]) expect(firstTags.get(tag)! / draws).toBeCloseTo(1 / 3, 1);
  });
});

describe('pickImageIndex', () => {
  it('is -1 without images and 0 with one', () => {
    expect(pickImageIndex(scripted(0.5), 0, -1)).toBe(-1);
    expect(pickImageIndex(scripted(0.5), 1, 0)).toBe(0);
  });

  it('can pick any index first, the first one included', () => {
    expect(pickImageIndex(scripted(0), 3, -1)).toBe(0);
    expect(pickImageIndex(scripted(0.99), 3, -1)).toBe(2);
  });

  it('never repeats the previous index and picks the others uniformly', () => {
    const random = seededRandom(5);
    const counts = [0, 0, 0, 0];
    let previous = -1;
    for (let i = 0; i < 20_000; i += 1) {
      const index = pickImageIndex(random, 4, previous);
      expect(index).not.toBe(previous);
      if (previous === 1) counts[index]! += 1;
      previous = index;
    }
    const afterOne = counts[0]! + counts[2]! + counts[3]!;
    expect(counts[1]).toBe(0);
    for (const index of [0, 2, 3]) expect(counts[index]! / afterOne).toBeCloseTo(1 / 3, 1);
  });

  it('alternates with two images, but from a random start', () => {
    expect(pickImageIndex(scripted(0.9), 2, 0)).toBe(1);
    expect(pickImageIndex(scripted(0), 2, 1)).toBe(0);
  });
});

describe('judge', () => {
  it('passes when |(gapX - 3) - u| < range and reports the signed deviation', () => {
    expect(judge(100, 97, 10)).toEqual({ pass: true, result: { deviation: 0, offsetX: 97, pinX: 97 } });
    expect(judge(100, 106.5, 10)).toEqual({ pass: true, result: { deviation: -9.5, offsetX: 106.5, pinX: 97 } });
    expect(judge(100, 87.01, 10).pass).toBe(true);
  });

  it('fails at exactly the range and beyond', () => {
    expect(judge(100, 107, 10).pass).toBe(false);
    expect(judge(100, 87, 10)).toEqual({ pass: false, result: { deviation: 10, offsetX: 87, pinX: 97 } });
    expect(judge(100, 0, 10).result.deviation).toBe(97);
  });
});
