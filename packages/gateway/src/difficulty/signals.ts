// What the difficulty levels are read from: counts of challenges, answers, failures and passes per address
// and per network, over short and long windows, and the site's challenges per minute with the networks they
// came from. Kept in the gateway's store (Redis with many instances), every key with its own expiry.
import type { LevelState } from './hysteresis';
import type { EntityCounts } from './pressure';

/** Something that happened to an address and its network. */
export type SignalEvent = 'challenge' | 'pass' | 'fail';
/** An entity whose level is kept: an address (IPv6: its /64) or a network (/24, IPv6 /48). */
export type SignalEntity = 'address' | 'network';

/** Each counter's window: challenges per minute, answers and failures per 10 minutes, passes per hour. */
export const SIGNAL_WINDOWS = { challenges: 60_000, answers: 10 * 60_000, failures: 10 * 60_000, passes: 60 * 60_000 } as const;
export type Counter = keyof typeof SIGNAL_WINDOWS;
export const COUNTERS = Object.keys(SIGNAL_WINDOWS) as Counter[];
/** What each event counts. */
export const COUNTED: Readonly<Record<SignalEvent, readonly Counter[]>> = {
  challenge: ['challenges'],
  pass: ['answers', 'passes'],
  fail: ['answers', 'failures'],
};
/** The site's minutes: how many challenges, and from which networks (the ten busiest make its concentration). */
export const SITE_MINUTE_MS = 60_000;
export const TOP_NETWORKS = 10;

/** The window a counter's bucket at `at` belongs to: counters are kept per whole window, the current and the one before. */
export const bucketOf = (counter: Counter, at: number) => Math.floor(at / SIGNAL_WINDOWS[counter]);

/**
 * A sliding count from two fixed buckets: the current one, plus the previous one weighted by how much of it
 * the sliding window still covers (the estimate rate limiters at the edge use). Never jumps to 0 when a
 * bucket turns over, as a fixed window would.
 */
export function slidingCount(current: number, previous: number, counter: Counter, at: number): number {
  const window = SIGNAL_WINDOWS[counter];
  const elapsed = (at % window) / window;
  return current + previous * (1 - elapsed);
}

/** An entity's counts and its level's state as stored (null: none, the entity is at level 0 and calm). */
export interface EntityReading {
  counts: EntityCounts;
  state: LevelState | null;
}

/** The site's last whole minute and what is kept about it between minutes. */
export interface SiteReading {
  /** The minute's number (epoch minutes) and its challenges, and the share of them from its ten busiest networks. */
  minute: number;
  challenges: number;
  topNetworksShare: number;
  /** The moving baseline of calm minutes, and the last minute it took in (null before the first). */
  baseline: { perMinute: number; minute: number } | null;
  state: LevelState | null;
}

export interface SignalStore {
  /**
   * Counts `event` for an address and its network (a challenge also for the site's minute and its network's
   * share of it), then reads both entities' counts and stored states: one round trip on Redis.
   */
  record(event: SignalEvent, address: string, network: string, at: number): Promise<Record<SignalEntity, EntityReading>>;
  /** Keeps an entity's state, or forgets it (null), for at most `ttlMs`. */
  saveState(entity: SignalEntity, key: string, state: LevelState | null, ttlMs: number): Promise<void>;
  /** The site's last whole minute before `at`, its baseline and its state. */
  site(at: number): Promise<SiteReading>;
  saveSite(state: LevelState | null, baseline: SiteReading['baseline'], ttlMs: number): Promise<void>;
}

/** Counts from the two buckets of each counter, in COUNTERS order (current, previous). */
export function countsOf(values: readonly number[], at: number): EntityCounts {
  const sliding = (counter: Counter) => {
    const index = COUNTERS.indexOf(counter) * 2;
    return slidingCount(values[index] ?? 0, values[index + 1] ?? 0, counter, at);
  };
  return { challengesPerMinute: sliding('challenges'), answers10m: sliding('answers'), failures10m: sliding('failures'), successes1h: sliding('passes') };
}

/** A stored state, read back; anything unreadable is no state (the entity starts again at level 0). */
export function parseState(text: string | null | undefined): LevelState | null {
  if (!text) return null;
  try {
    const state = JSON.parse(text) as LevelState;
    return typeof state.level === 'number' && Array.isArray(state.changes) ? state : null;
  } catch {
    return null;
  }
}

/** The share of a minute's challenges from its busiest networks (0 when it had none). */
export const topShare = (total: number, busiest: readonly number[]) => (total > 0 ? Math.min(1, busiest.reduce((sum, count) => sum + count, 0) / total) : 0);
