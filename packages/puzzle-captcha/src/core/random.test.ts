import { randomInt } from './random';
import { seededRandom } from '../testing/seeded-random';

const constant = (value: number) => () => value;

describe('randomInt', () => {
  it('returns the lower bound for the lowest draw and the upper bound for the highest', () => {
    expect(randomInt(constant(0), 79, 241)).toBe(79);
    expect(randomInt(constant(0.999999), 79, 241)).toBe(241);
  });

  it('stays inside the range even if a source returns 1', () => {
    expect(randomInt(constant(1), 0, 5)).toBe(5);
  });

  it('gives the lower bound for an empty range', () => {
    expect(randomInt(constant(0.7), 10, 3)).toBe(10);
  });

  it('hits every integer of the range about equally often', () => {
    const random = seededRandom(1);
    const counts = new Map<number, number>();
    const draws = 60_000;
    for (let i = 0; i < draws; i += 1) {
      const value = randomInt(random, 100, 255);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 156 }, (_, i) => 100 + i));
    const expected = draws / 156;
    const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(220); // 155 degrees of freedom: above 220 has odds below 1 in 1000
  });
});
