import type { Redis } from 'ioredis';
import type { ReplicatedWrites } from '../redis-connection';
import type { LedgerEntry } from './entry';
import type { LedgerStore } from './ledger-store';

/**
 * One entry added in one atomic step: the entry in a hash, its time in the whole ledger's sorted set and in its
 * network's (kept as long as the retention), and the network's entries within the cluster's window answered.
 * KEYS: entries, all, network; ARGV: id, entry, at, cluster's start, retention (ms).
 */
const ADD = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
return redis.call('ZCOUNT', KEYS[3], ARGV[4], ARGV[3])`;

type Scripted = Redis & { ledgerAdd(...args: (string | number)[]): Promise<number> };
const scripted = (redis: Redis): Scripted => {
  if (!('ledgerAdd' in redis)) redis.defineCommand('ledgerAdd', { numberOfKeys: 3, lua: ADD });
  return redis as Scripted;
};

/**
 * The ledger in Redis for many instances. Behind Sentinel (`replicated`), an entry no replica confirmed in time
 * (or whose add failed: the primary switching) is kept in this instance's memory and added again with the next
 * entries (its id makes that idempotent) until one does: a failover around the add does not lose it.
 */
export function redisLedger(redis: Redis, prefix: string, retentionMs: number, replicated: ReplicatedWrites | null = null): LedgerStore {
  const key = (name: string) => `${prefix}ledger:${name}`;
  const keys = { entries: key('entries'), all: key('at'), network: (network: string) => key(`net:${network}`) };
  const plain = scripted(redis);
  const durable = replicated === null ? null : { ...replicated, client: scripted(replicated.client) };
  const unconfirmed = new Map<string, LedgerEntry>();
  const addWith = (client: Scripted, entry: LedgerEntry, clusterMs: number) =>
    client.ledgerAdd(keys.entries, keys.all, keys.network(entry.network), entry.id, JSON.stringify(entry), entry.at, entry.at - clusterMs, retentionMs);
  const read = async (ids: string[]) => {
    if (ids.length === 0) return [];
    const texts = await redis.hmget(keys.entries, ...ids);
    return texts.flatMap((text) => (text === null ? [] : [JSON.parse(text) as LedgerEntry]));
  };

  /** Adds the entries unconfirmed so far and `entry` (if any), then one WAIT: those no replica confirmed stay kept. */
  async function addDurably(entry: LedgerEntry | null, clusterMs: number): Promise<number> {
    if (durable === null) return entry === null ? 0 : Number(await addWith(plain, entry, clusterMs));
    if (entry !== null) unconfirmed.set(entry.id, entry);
    const pending = [...unconfirmed.values()];
    if (pending.length === 0) return 0;
    let count = 1;
    let replicas = 0;
    try {
      const adds = pending.map((each) => addWith(durable.client, each, clusterMs));
      const [counts, confirmed] = await Promise.all([Promise.all(adds), durable.client.wait(durable.replicas, durable.timeoutMs)]);
      count = Number(counts[counts.length - 1]);
      replicas = confirmed;
    } catch {
      // kept below, as unconfirmed: added again with the next entry, or by retryUnconfirmed
    }
    if (replicas >= durable.replicas) for (const each of pending) unconfirmed.delete(each.id);
    return count;
  }

  return {
    add: (entry, clusterMs) => addDurably(entry, clusterMs),
    async retryUnconfirmed(clusterMs) {
      await addDurably(null, clusterMs);
      return unconfirmed.size;
    },
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
