import type { Redis } from 'ioredis';
import type { ReplicatedWrites } from '../db/redis-connection';
import type { LedgerEntry } from './entry';
import { batchedAdds, type Adding, type LedgerStore } from './ledger-store';

/**
 * Entries added in one atomic step: each in a hash, its time in the whole ledger's sorted set and in its
 * network's (kept as long as the retention), and each network's entries within the cluster's window answered.
 * KEYS: entries, all, then each entry's network; ARGV: retention (ms), then per entry id, entry, at, cluster's start.
 */
const ADD = `
local counts = {}
for i = 1, #KEYS - 2 do
  local a = (i - 1) * 4
  redis.call('HSETNX', KEYS[1], ARGV[a + 2], ARGV[a + 3]) -- added again later, it never undoes a revision
  redis.call('ZADD', KEYS[2], ARGV[a + 4], ARGV[a + 2])
  redis.call('ZADD', KEYS[2 + i], ARGV[a + 4], ARGV[a + 2])
  redis.call('PEXPIRE', KEYS[2 + i], ARGV[1])
  counts[i] = redis.call('ZCOUNT', KEYS[2 + i], ARGV[a + 5], ARGV[a + 4])
end
return counts`;

type Scripted = Redis & { ledgerAdd(...args: (string | number)[]): Promise<number[]> };
const scripted = (redis: Redis): Scripted => {
  if (!('ledgerAdd' in redis)) redis.defineCommand('ledgerAdd', { lua: ADD });
  return redis as Scripted;
};

/**
 * The ledger in Redis for many instances. Behind Sentinel (`replicated`), an entry no replica confirmed in time
 * (or whose add failed: the primary switching) is kept in this instance's memory and added again by the retry
 * timer (HSETNX and the sorted sets make that idempotent, and never undo a revision made meanwhile) until one
 * does: a failover around the add does not lose it. At most UNCONFIRMED_MAX are kept (a replica away for hours),
 * the oldest dropped first and counted; the retry sends RETRY_CHUNK at a time, one retry at a time.
 */
export const UNCONFIRMED_MAX = 20_000;
const RETRY_CHUNK = 500;

export function redisLedger(
  redis: Redis,
  prefix: string,
  retentionMs: number,
  replicated: ReplicatedWrites | null = null,
  unconfirmedMax = UNCONFIRMED_MAX,
): LedgerStore {
  const key = (name: string) => `${prefix}ledger:${name}`;
  const keys = { entries: key('entries'), all: key('at'), network: (network: string) => key(`net:${network}`) };
  const plain = scripted(redis);
  const durable = replicated === null ? null : { ...replicated, client: scripted(replicated.client) };
  const unconfirmed = new Map<string, Adding>();
  const addWith = (client: Scripted, batch: readonly Adding[]) =>
    client.ledgerAdd(
      2 + batch.length,
      keys.entries,
      keys.all,
      ...batch.map(({ entry }) => keys.network(entry.network)),
      retentionMs,
      ...batch.flatMap(({ entry, clusterMs }) => [entry.id, JSON.stringify(entry), entry.at, entry.at - clusterMs]),
    );
  const read = async (ids: string[]) => {
    if (ids.length === 0) return [];
    const texts = await redis.hmget(keys.entries, ...ids);
    return texts.flatMap((text) => (text === null ? [] : [JSON.parse(text) as LedgerEntry]));
  };

  let dropped = 0;
  const keep = (adding: Adding) => {
    unconfirmed.set(adding.entry.id, adding);
    for (const oldest of unconfirmed.keys()) {
      if (unconfirmed.size <= unconfirmedMax) break;
      unconfirmed.delete(oldest);
      dropped += 1;
    }
  };

  /** Adds `batch`, then one WAIT: those no replica confirmed are kept for the retry timer. */
  async function addDurably(batch: readonly Adding[]): Promise<number[]> {
    if (batch.length === 0) return [];
    if (durable === null) return (await addWith(plain, batch)).map(Number);
    let counts: number[] = batch.map(() => 1);
    let replicas = 0;
    try {
      const [added, confirmed] = await Promise.all([
        addWith(durable.client, batch),
        durable.client.wait(durable.replicas, durable.timeoutMs),
      ]);
      counts = added.map(Number);
      replicas = confirmed;
    } catch {
      // kept below, as unconfirmed: added again by retryUnconfirmed
    }
    for (const adding of batch) {
      if (replicas >= durable.replicas) unconfirmed.delete(adding.entry.id);
      else keep(adding);
    }
    return counts;
  }

  let retrying: Promise<number> | null = null;
  /** The kept entries again, RETRY_CHUNK at a time, until one chunk is not confirmed; one retry at a time. */
  async function retryKept(): Promise<number> {
    while (unconfirmed.size > 0) {
      const chunk = [...unconfirmed.values()].slice(0, RETRY_CHUNK);
      await addDurably(chunk);
      if (chunk.some(({ entry }) => unconfirmed.has(entry.id))) break;
    }
    return unconfirmed.size;
  }

  return {
    add: batchedAdds(addDurably),
    retryUnconfirmed() {
      retrying ??= retryKept().finally(() => (retrying = null));
      return retrying;
    },
    droppedUnconfirmed: () => dropped,
    async between(from, to, network) {
      return read(await redis.zrangebyscore(network === undefined ? keys.all : keys.network(network), from, to));
    },
    async revise(entries) {
      if (entries.length === 0) return;
      await redis.hset(keys.entries, Object.fromEntries(entries.map((entry) => [entry.id, JSON.stringify(entry)])));
    },
    async list({ since, until = Number.MAX_SAFE_INTEGER, verdict, network, limit }) {
      const found: LedgerEntry[] = [];
      const from = network === undefined ? keys.all : keys.network(network);
      // Newest first, a page at a time, until `limit` of the verdict asked for are found.
      for (let offset = 0; found.length < limit; offset += 500) {
        const ids = await redis.zrevrangebyscore(from, until, since, 'LIMIT', offset, 500);
        found.push(...(await read(ids)).filter((entry) => verdict === undefined || entry.verdict === verdict));
        if (ids.length < 500) break;
      }
      return found.slice(0, limit);
    },
    async forget(before) {
      let forgotten = 0;
      for (;;) {
        const ids = await redis.zrangebyscore(keys.all, '-inf', `(${before}`, 'LIMIT', 0, 500);
        if (ids.length === 0) return forgotten;
        const entries = await read(ids);
        const networks = new Set(entries.map((entry) => entry.network));
        await redis
          .multi()
          .hdel(keys.entries, ...ids)
          .zrem(keys.all, ...ids)
          .exec();
        for (const network of networks) await redis.zremrangebyscore(keys.network(network), '-inf', `(${before}`);
        forgotten += ids.length;
      }
    },
  };
}
