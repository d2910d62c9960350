// What the difficulty levels are read from: counts of challenges, answers, failures and passes per address
// and per network, over short and long windows, and the site's challenges per minute with the networks they
// came from. Kept in the gateway's store (Redis with many instances), every key with its own expiry.
import type { LevelState } from './hysteresis';
import { SITE_SHARE_PER_NETWORK } from './policy';
import type { EntityCounts } from './pressure';

/**
 * Something that happened to an address and its network: a puzzle fetched (free: it counts for the fetching
 * address alone), or an answer whose work was checked and found done, then judged (a pass, a failure; a pass
 * on the path without the picture). Only answers with work count for a network and the site. `networkFail`: a
 * failure counted for the network alone (a carrier NAT's, its address's counted first: engine.ts).
 */
export type SignalEvent = 'challenge' | 'pass' | 'fail' | 'accessiblePass' | 'networkFail';
/** An entity whose level is kept: an address (IPv6: its /64) or a network (/24, IPv6 /48). */
export type SignalEntity = 'address' | 'network';

/**
 * Each counter's window and the buckets it is kept in: challenges per minute, answers, failures and passes per
 * 10 minutes (what moves a level), passes per hour (the quota). A count is its window's buckets, the oldest
 * one weighted by how much of it the window still covers: it fades as the window slides, never all at once.
 */
export const SIGNAL_WINDOWS = {
  challenges: { windowMs: 60_000, buckets: 6 },
  answers: { windowMs: 10 * 60_000, buckets: 5 },
  failures: { windowMs: 10 * 60_000, buckets: 5 },
  passes: { windowMs: 10 * 60_000, buckets: 5 },
  passesHour: { windowMs: 60 * 60_000, buckets: 12 },
  accessible: { windowMs: 10 * 60_000, buckets: 5 },
} as const;
export type Counter = keyof typeof SIGNAL_WINDOWS;
export const COUNTERS = Object.keys(SIGNAL_WINDOWS) as Counter[];
/**
 * What each event counts, per entity. An address's challenges are its fetches; a network's are the answers
 * its puzzles came back with, work done: a bare fetch costs nothing, so it moves nobody's network. An
 * address's passes in the hour (what makes it known good) are puzzle passes only; a network's 无障碍验证 passes
 * are counted apart as well (their share of its passes: pressure.ts).
 */
export const COUNTED: Readonly<Record<SignalEvent, Readonly<Record<SignalEntity, readonly Counter[]>>>> = {
  challenge: { address: ['challenges'], network: [] },
  pass: { address: ['answers', 'passes', 'passesHour'], network: ['challenges', 'answers', 'passes', 'passesHour'] },
  accessiblePass: { address: ['answers', 'passes'], network: ['challenges', 'answers', 'passes', 'passesHour', 'accessible'] },
  fail: { address: ['answers', 'failures'], network: ['challenges', 'answers', 'failures'] },
  networkFail: { address: [], network: ['challenges', 'answers', 'failures'] },
};
/** Whether an event counts for the site's minute (with a network named, not a carrier's): answers with work only. */
export const countsForSite = (event: SignalEvent) => event !== 'challenge';
/** Whether an event counts for the carriers' passes across the site (with a network named, a carrier's). */
export const countsForCarriers = (event: SignalEvent) => event === 'pass' || event === 'accessiblePass';
/** The site's minutes: how many answered challenges, and from which networks (the ten busiest make its concentration). */
export const SITE_MINUTE_MS = 60_000;
export const TOP_NETWORKS = 10;

const bucketMs = (counter: Counter) => SIGNAL_WINDOWS[counter].windowMs / SIGNAL_WINDOWS[counter].buckets;
/** The bucket a counter's event at `at` is counted in. */
export const bucketOf = (counter: Counter, at: number) => Math.floor(at / bucketMs(counter));
/** How long a bucket is kept: its window, and one bucket more. */
export const bucketTtlMs = (counter: Counter) => SIGNAL_WINDOWS[counter].windowMs + 2 * bucketMs(counter);
/** The buckets a count at `at` reads, newest first: the window's, and the one it is sliding out of. */
export const bucketsRead = (counter: Counter, at: number) =>
  Array.from({ length: SIGNAL_WINDOWS[counter].buckets + 1 }, (_, i) => bucketOf(counter, at) - i);

/** A count from the buckets bucketsRead names, in its order. */
function slidingCount(counter: Counter, values: readonly number[], at: number): number {
  const last = SIGNAL_WINDOWS[counter].buckets;
  const covered = 1 - (at % bucketMs(counter)) / bucketMs(counter);
  return values.slice(0, last).reduce((sum, value) => sum + value, 0) + (values[last] ?? 0) * covered;
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

/** The carriers' last whole minute: their passes across the site, their moving baseline and their floor's state. */
export interface CarriersReading {
  minute: number;
  passes: number;
  baseline: { perMinute: number; minute: number } | null;
  state: LevelState | null;
}

/** Every bucket an entity's counts read, counter after counter in COUNTERS order. */
export const bucketsOfCounts = (at: number) =>
  COUNTERS.flatMap((counter) => bucketsRead(counter, at).map((bucket) => ({ counter, bucket })));

/** Counts from the values of the buckets bucketsOfCounts names, in its order. */
export function countsOf(values: readonly number[], at: number): EntityCounts {
  const counts = {} as Record<Counter, number>;
  let offset = 0;
  for (const counter of COUNTERS) {
    const length = SIGNAL_WINDOWS[counter].buckets + 1;
    counts[counter] = slidingCount(counter, values.slice(offset, offset + length), at);
    offset += length;
  }
  return {
    minuteCount: counts.challenges,
    answers10m: counts.answers,
    failures10m: counts.failures,
    successes10m: counts.passes,
    successes1h: counts.passesHour,
    accessible10m: counts.accessible,
  };
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
export const topShare = (total: number, busiest: readonly number[]) =>
  total > 0 ? Math.min(1, busiest.reduce((sum, count) => sum + count, 0) / total) : 0;

/** The thresholds a site reading counts networks at: 1 to SITE_SHARE_PER_NETWORK answers in the minute. */
export const SHARE_STEPS = Array.from({ length: SITE_SHARE_PER_NETWORK }, (_, i) => i + 1);

/**
 * A minute's answered challenges and its busiest networks' share, each network counted up to
 * SITE_SHARE_PER_NETWORK: the site's floor reads evidence a few networks cannot make alone (site-floor.ts).
 * `atLeast[i]`: how many networks answered at least SHARE_STEPS[i] times in the minute (their capped sum is
 * the sum of these); `busiest`: the ten busiest networks' counts.
 */
export function sharesCapped(atLeast: readonly number[], busiest: readonly number[]): { challenges: number; topNetworksShare: number } {
  const challenges = atLeast.reduce((sum, count) => sum + count, 0);
  return {
    challenges,
    topNetworksShare: topShare(
      challenges,
      busiest.map((count) => Math.min(count, SITE_SHARE_PER_NETWORK)),
    ),
  };
}

/** The entities an event counts for: the address, and its network unless null. */
export const subjectsOf = (address: string, network: string | null): [SignalEntity, string][] =>
  network === null
    ? [['address', address]]
    : [
        ['address', address],
        ['network', network],
      ];

/** A network's reading when the event counted for the address alone. */
export const NO_READING: EntityReading = {
  counts: { minuteCount: 0, answers10m: 0, failures10m: 0, successes10m: 0, successes1h: 0, accessible10m: 0 },
  state: null,
};
