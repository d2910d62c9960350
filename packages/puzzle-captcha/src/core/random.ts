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

/**
 * mulberry32: a tiny repeatable source. For deterministic modes only (tests, demos, a server's test-only
 * fixed seed): a puzzle from a known seed is a solved puzzle.
 */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
