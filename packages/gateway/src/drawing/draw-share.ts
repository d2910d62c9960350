// Drawing shared fairly among networks, per instance: a puzzle drawn (or taken from the stock, which drawing
// refills) is the one cost a bare fetch lays on the server, and each instance has its own draw threads and
// stock, so each shares its own. While drawing is not short, every fetch is served and only counted; while it
// is, the network that has had the most puzzles of late waits until another has had as many (max-min fairness:
// whoever wants less than an equal share gets all it wants), so one network flooding from many addresses (a
// carrier /48's /64s) takes what the others leave and no more. A refusal here writes nothing to the store.
import { DRAW_SHARE } from '../core/rules/policy';

export interface DrawShare {
  /**
   * Whether `network` may have a puzzle now. `short`: drawing runs short on this instance (the stock below its
   * low-water mark, or draws waiting for a thread); while it is not, the answer is yes. Counts nothing.
   */
  admit(network: string, short: boolean): boolean;
  /** `network` had a puzzle: counted only once it is handed one (a fetch refused later, e.g. a locked address's, is not). */
  took(network: string): void;
  /** `network`'s count of late (tests and benches). */
  countOf(network: string): number;
}

export interface DrawShareOptions {
  /** Milliseconds on a monotonic clock: drawing's capacity is real time, whatever the gateway's clock says. */
  now?: () => number;
  halfLifeMs?: number;
  slots?: number;
  freeTakes?: number;
  othersActive?: number;
}

/** FNV-1a of the network's name, from a seed per row. */
function hashOf(text: string, seed: number): number {
  let hash = seed;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}
const SEEDS = [2166136261, 3735928559] as const;
/**
 * A stored count is scaled by 2^(age in half-lives since the epoch), so slots compare without decaying each; rebased
 * before it overflows.
 */
const REBASE_HALF_LIVES = 512;

export function createDrawShare({
  now = () => performance.now(),
  halfLifeMs = DRAW_SHARE.halfLifeMs,
  slots = DRAW_SHARE.slots,
  freeTakes = DRAW_SHARE.freeTakes,
  othersActive = DRAW_SHARE.othersActive,
}: DrawShareOptions = {}): DrawShare {
  const rows = SEEDS.map(() => new Float64Array(slots));
  let epoch = now();
  /** What one puzzle counts at `at`, so that every stored count decays by the same factor. */
  const weightAt = (at: number) => {
    let halfLives = (at - epoch) / halfLifeMs;
    if (halfLives > REBASE_HALF_LIVES) {
      const factor = 2 ** halfLives;
      for (const row of rows) for (let i = 0; i < slots; i += 1) row[i]! /= factor;
      epoch = at;
      halfLives = 0;
    }
    return 2 ** halfLives;
  };
  const slotsOf = (network: string) => SEEDS.map((seed) => hashOf(network, seed) % slots);
  /** The network's scaled count: the smaller of its two slots (another network sharing one slot adds to it, rarely to both). */
  const scaledOf = (at: number[]) => Math.min(rows[0]![at[0]!]!, rows[1]![at[1]!]!);
  /** The two largest scaled counts of the first row, and where the largest is. */
  const top = () => {
    const row = rows[0]!;
    let first = 0;
    let second = 0;
    let firstAt = -1;
    for (let i = 0; i < slots; i += 1) {
      const count = row[i]!;
      if (count > first) [second, first, firstAt] = [first, count, i];
      else if (count > second) second = count;
    }
    return { first, second, firstAt };
  };
  return {
    admit(network, short) {
      if (!short) return true;
      const weight = weightAt(now());
      const at = slotsOf(network);
      const own = scaledOf(at);
      if (own < freeTakes * weight) return true;
      const { first, second, firstAt } = top();
      // A network that is not the one with the most has had less than another: served. The one with the most
      // waits until it is within one puzzle of the next, while another wants drawing too (alone, it has it all:
      // its waiting would serve no one).
      return firstAt === at[0] ? own < second + weight || second < othersActive * weight : own < first;
    },
    took(network) {
      const weight = weightAt(now());
      const at = slotsOf(network);
      rows.forEach((row, i) => (row[at[i]!] = row[at[i]!]! + weight));
    },
    countOf: (network) => scaledOf(slotsOf(network)) / weightAt(now()),
  };
}
