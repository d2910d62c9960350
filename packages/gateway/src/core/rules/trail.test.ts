import { trailProblem, type TrailPoint } from './trail';

/** `count` samples from x 25 over `travel` units in `ms`, with `shape` mapping progress to distance. */
function trail(count: number, travel: number, ms: number, shape = (p: number) => p, wobble = true): TrailPoint[] {
  return Array.from({ length: count }, (_, i) => {
    const progress = i / (count - 1);
    return { x: 25 + travel * shape(progress), y: 80 + (wobble ? i % 2 : 0), t: Math.round(ms * progress) };
  });
}
const easeOut = (p: number) => 1 - (1 - p) ** 3;

describe('trailProblem', () => {
  it('accepts a hand that slows down, a 15-step scripted drag and a quick finger', () => {
    expect(trailProblem(trail(40, 200, 900, easeOut), 200)).toBeNull();
    expect(trailProblem(trail(17, 200, 120), 200)).toBeNull();
    expect(trailProblem(trail(10, 150, 250, easeOut), 150)).toBeNull();
  });

  it('refuses too few or too many samples', () => {
    expect(trailProblem(trail(2, 200, 300), 200)).toBe('count');
    expect(trailProblem(trail(7, 200, 300), 200)).toBe('count');
    expect(trailProblem(trail(501, 200, 3000), 200)).toBe('count');
  });

  it('refuses time running backwards, and a drag that is too short or too long', () => {
    const backwards = trail(20, 200, 600);
    backwards[5] = { ...backwards[5]!, t: 1 };
    expect(trailProblem(backwards, 200)).toBe('time');
    expect(trailProblem(trail(20, 200, 30), 200)).toBe('duration');
    expect(trailProblem(trail(20, 200, 61_000), 200)).toBe('duration');
  });

  it('refuses a perfectly level drag, a jump, and a pointer that did not travel as far as the handle', () => {
    expect(trailProblem(trail(20, 200, 600, easeOut, false), 200)).toBe('still-y');
    expect(
      trailProblem(
        trail(10, 200, 600, (p) => (p < 0.9 ? 0 : 1)),
        200,
      ),
    ).toBe('jump');
    expect(trailProblem(trail(20, 150, 600, easeOut), 200)).toBe('travel');
  });

  it('refuses a drag that speeds up at the end', () => {
    expect(
      trailProblem(
        trail(30, 200, 900, (p) => p ** 4),
        200,
      ),
    ).toBe('no-slowdown');
  });
});

/** A trail through `[x, t]` samples, wobbling a little up and down. */
const through = (samples: [number, number][]): TrailPoint[] => samples.map(([x, t], i) => ({ x, y: 80 + (i % 2), t }));

describe('trailProblem at the edges of its rules', () => {
  it('takes 8 and 500 samples, the fewest and the most', () => {
    expect(trailProblem(trail(8, 200, 300), 200)).toBeNull();
    expect(trailProblem(trail(500, 200, 3000), 200)).toBeNull();
  });

  it('takes two samples at the same moment, and a drag of exactly 50 ms or 60 s', () => {
    const repeated = trail(20, 200, 600);
    repeated[5] = { ...repeated[5]!, t: repeated[4]!.t };
    expect(trailProblem(repeated, 200)).toBeNull();
    expect(trailProblem(trail(20, 200, 50), 200)).toBeNull();
    expect(trailProblem(trail(20, 200, 60_000), 200)).toBeNull();
  });

  it('measures the drag from its first sample, wherever the clock started', () => {
    const late = trail(20, 200, 600, easeOut).map((point) => ({ ...point, t: point.t + 59_800 }));
    expect(trailProblem(late, 200)).toBeNull();
  });

  it('takes a step of exactly 80 units, and refuses one of 81 either way', () => {
    expect(
      trailProblem(
        through([
          [0, 0],
          [10, 100],
          [20, 200],
          [30, 300],
          [40, 400],
          [50, 500],
          [60, 600],
          [70, 700],
          [150, 800],
          [160, 1600],
        ]),
        160,
      ),
    ).toBeNull();
    expect(
      trailProblem(
        through([
          [0, 0],
          [10, 100],
          [20, 200],
          [30, 300],
          [40, 400],
          [50, 500],
          [60, 600],
          [70, 700],
          [151, 800],
          [160, 1600],
        ]),
        160,
      ),
    ).toBe('jump');
    expect(
      trailProblem(
        through([
          [100, 0],
          [110, 100],
          [120, 200],
          [130, 300],
          [140, 400],
          [150, 500],
          [160, 600],
          [79, 700],
          [150, 800],
          [210, 1600],
        ]),
        110,
      ),
    ).toBe('jump');
  });

  it('takes a pointer 12 units short of the handle, and refuses one 13 short', () => {
    expect(trailProblem(trail(20, 188, 600, easeOut), 200)).toBeNull();
    expect(trailProblem(trail(20, 187, 600, easeOut), 200)).toBe('travel');
  });

  it('takes an end exactly 1.5 times as fast as the start, and refuses one faster', () => {
    // 10 samples: the first 70% (to sample 7) at 0.25 units/ms, the rest at 0.375, then 0.38.
    const start: [number, number][] = [
      [0, 0],
      [25, 100],
      [50, 200],
      [75, 300],
      [100, 400],
      [125, 500],
      [150, 600],
      [175, 700],
    ];
    expect(trailProblem(through([...start, [212.5, 800], [250, 900]]), 250)).toBeNull();
    expect(trailProblem(through([...start, [213, 800], [251, 900]]), 251)).toBe('no-slowdown');
  });

  it('takes a drag that waits before it moves: no start speed to compare the end with', () => {
    expect(
      trailProblem(
        through([
          [0, 0],
          [0, 100],
          [0, 200],
          [0, 300],
          [0, 400],
          [0, 500],
          [0, 600],
          [0, 700],
          [80, 800],
          [160, 900],
        ]),
        160,
      ),
    ).toBeNull();
  });
});
