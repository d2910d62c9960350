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
    expect(trailProblem(trail(10, 200, 600, (p) => (p < 0.9 ? 0 : 1)), 200)).toBe('jump');
    expect(trailProblem(trail(20, 150, 600, easeOut), 200)).toBe('travel');
  });

  it('refuses a drag that speeds up at the end', () => {
    expect(trailProblem(trail(30, 200, 900, (p) => p ** 4), 200)).toBe('no-slowdown');
  });
});
