/** A source of uniform numbers in [0, 1), like `Math.random`. Inject a seeded one in tests. */
export type RandomSource = () => number;

export const platformRandom: RandomSource = () => Math.random();

/** An integer uniform in [min, max], both bounds included (an empty range gives min). */
export function randomInt(random: RandomSource, min: number, max: number): number {
  const low = Math.ceil(min);
  const high = Math.max(low, Math.floor(max));
  const value = low + Math.floor(random() * (high - low + 1));
  return Math.min(high, Math.max(low, value)); // a source that returns 1 must not step outside
}
