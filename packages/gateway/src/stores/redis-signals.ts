import type { Redis } from 'ioredis';
import {
  COUNTED,
  countsForCarriers,
  countsForSite,
  NO_READING,
  SITE_MINUTE_MS,
  TOP_NETWORKS,
  bucketOf,
  bucketsOfCounts,
  bucketTtlMs,
  countsOf,
  parseState,
  SHARE_STEPS,
  sharesCapped,
  subjectsOf,
  type SignalEntity,
} from '../core/rules/signals';
import type { SignalStore } from '../core/ports';

type Run = <T>(command: () => Promise<T>) => Promise<T>;
/** A MULTI's replies, each checked: a failed command fails the whole reading. */
type Replies = [Error | null, unknown][] | null;
const values = (replies: Replies) =>
  (replies ?? []).map(([error, value]) => {
    if (error) throw error;
    return value;
  });

/** The site's keys live three minutes: the minute being counted, the one read, and one of slack. */
const SITE_KEY_MS = 3 * SITE_MINUTE_MS;

/** The signals on Redis: every counter a key per window (INCR, expiring after two windows), read in the same MULTI. */
export function createRedisSignals(redis: Redis, prefix: string, run: Run): SignalStore {
  const key = {
    counter: (entity: SignalEntity, subject: string, counter: string, bucket: number) =>
      `${prefix}sig:${entity}:${subject}:${counter}:${bucket}`,
    state: (entity: SignalEntity, subject: string) => `${prefix}level:${entity}:${subject}`,
    siteNetworks: (minute: number) => `${prefix}site:networks:${minute}`,
    siteState: `${prefix}site:level`,
    siteBaseline: `${prefix}site:baseline`,
    carrierPasses: (minute: number) => `${prefix}site:carrier-passes:${minute}`,
    carriersState: `${prefix}site:carriers:level`,
    carriersBaseline: `${prefix}site:carriers:baseline`,
  };
  return {
    async record(event, address, network, at, forSite = true) {
      const multi = redis.multi();
      for (const [entity, subject] of subjectsOf(address, network)) {
        for (const counter of COUNTED[event][entity]) {
          const name = key.counter(entity, subject, counter, bucketOf(counter, at));
          multi.incr(name).pexpire(name, bucketTtlMs(counter));
        }
      }
      if (countsForSite(event) && network !== null && forSite) {
        const minute = Math.floor(at / SITE_MINUTE_MS);
        multi.zincrby(key.siteNetworks(minute), 1, network).pexpire(key.siteNetworks(minute), SITE_KEY_MS);
      }
      if (countsForCarriers(event) && network !== null && !forSite) {
        const minute = Math.floor(at / SITE_MINUTE_MS);
        multi.incr(key.carrierPasses(minute)).pexpire(key.carrierPasses(minute), SITE_KEY_MS);
      }
      const subjects = subjectsOf(address, network);
      for (const [entity, subject] of subjects) {
        multi.mget(bucketsOfCounts(at).map(({ counter, bucket }) => key.counter(entity, subject, counter, bucket)));
      }
      multi.mget(...subjects.map(([entity, subject]) => key.state(entity, subject)));
      const replies = values(await run(() => multi.exec()));
      const [addressCounts, networkCounts, states] = (network === null ? [replies.at(-2), null, replies.at(-1)] : replies.slice(-3)) as (
        string | null
      )[][];
      const reading = (counts: (string | null)[], state: string | null | undefined) => ({
        counts: countsOf(counts.map(Number), at),
        state: parseState(state),
      });
      return { address: reading(addressCounts!, states![0]), network: networkCounts ? reading(networkCounts, states![1]) : NO_READING };
    },
    async saveState(entity, subject, state, ttlMs) {
      const name = key.state(entity, subject);
      await run<unknown>(() => (state === null ? redis.del(name) : redis.set(name, JSON.stringify(state), 'PX', ttlMs)));
    },
    async site(at) {
      const minute = Math.floor(at / SITE_MINUTE_MS) - 1;
      const multi = redis.multi();
      for (const step of SHARE_STEPS) multi.zcount(key.siteNetworks(minute), step, '+inf');
      const replies = values(
        await run(() =>
          multi
            .zrevrange(key.siteNetworks(minute), 0, TOP_NETWORKS - 1, 'WITHSCORES')
            .get(key.siteState)
            .get(key.siteBaseline)
            .exec(),
        ),
      );
      const [busiest, state, baseline] = replies.slice(SHARE_STEPS.length) as [string[], string | null, string | null];
      const counts = busiest.filter((_, i) => i % 2 === 1).map(Number);
      return {
        minute,
        ...sharesCapped(replies.slice(0, SHARE_STEPS.length).map(Number), counts),
        baseline: parseBaseline(baseline),
        state: parseState(state),
      };
    },
    async carriers(at) {
      const minute = Math.floor(at / SITE_MINUTE_MS) - 1;
      const [passes, state, baseline] = values(
        await run(() => redis.multi().get(key.carrierPasses(minute)).get(key.carriersState).get(key.carriersBaseline).exec()),
      ) as (string | null)[];
      return { minute, passes: Number(passes ?? 0), baseline: parseBaseline(baseline), state: parseState(state) };
    },
    async saveCarriers(state, baseline, ttlMs) {
      const multi = redis.multi();
      if (state === null) multi.del(key.carriersState);
      else multi.set(key.carriersState, JSON.stringify(state), 'PX', ttlMs);
      if (baseline !== null) multi.set(key.carriersBaseline, JSON.stringify(baseline), 'PX', ttlMs);
      values(await run(() => multi.exec()));
    },
    async saveSite(state, baseline, ttlMs) {
      const multi = redis.multi();
      if (state === null) multi.del(key.siteState);
      else multi.set(key.siteState, JSON.stringify(state), 'PX', ttlMs);
      if (baseline !== null) multi.set(key.siteBaseline, JSON.stringify(baseline), 'PX', ttlMs);
      values(await run(() => multi.exec()));
    },
  };
}

/** A stored baseline, read back; anything unreadable is none (it is learnt again). */
export function parseBaseline(text: string | null | undefined): { perMinute: number; minute: number } | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { perMinute: unknown; minute: unknown };
    return typeof value.perMinute === 'number' && typeof value.minute === 'number'
      ? { perMinute: value.perMinute, minute: value.minute }
      : null;
  } catch {
    return null;
  }
}
