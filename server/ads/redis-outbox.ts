import type { Redis } from 'ioredis';
import type { ConversionEvent } from './event';
import { REMEMBER_IDS_MS, type DeadLetter, type Outbox, type OutboxEntry, type PendingGroup } from './outbox';
import { AD_PLATFORMS } from '@game-register/site-settings/ad-clicks';
import { SCRIPTS } from './redis-scripts';
import type { ReplicatedWrites } from '../db/redis-connection';

/** The consumer group every instance reads the intake stream in: each new event goes to one instance. */
const GROUP = 'ads-reporters';
/** An intake entry read by an instance that died before scheduling it is taken over after this long. */
const ORPHAN_IDLE_MS = 30_000;

type Stored = ConversionEvent & { createdAt: number };
const label = (event: ConversionEvent) => `${event.platform}|${event.channel}`;

type Scripted = Redis & { [K in keyof typeof SCRIPTS]: (...args: (string | number)[]) => Promise<unknown> };

const scripted = (redis: Redis) => {
  for (const [name, script] of Object.entries(SCRIPTS)) {
    if (!(name in redis)) redis.defineCommand(name, script);
  }
  return redis as Scripted;
};

/**
 * The outbox in Redis for many instances: `add` records the id (kept 30 days) and appends the event to a
 * stream in one atomic step; instances read the stream in one consumer group and move each entry, in one
 * atomic step, into a schedule (a sorted set by next try) and a hash of events, from which `claim` leases
 * due events. An entry read but not moved (a kill -9, a failover) is moved by its consumer at restart or
 * reconnection, or by another instance once idle. Behind Sentinel (`replicated`), an added event no replica
 * confirmed in time (or whose add failed) is kept in this instance's memory and added again at every claim
 * (its id makes that idempotent) until one does, so a failover around the add does not lose it.
 */
export function redisOutbox(redis: Redis, prefix: string, consumer: string, replicated: ReplicatedWrites | null = null): Outbox {
  const r = scripted(redis);
  const durable = replicated === null ? null : { ...replicated, client: scripted(replicated.client) };
  const key = (name: string) => `${prefix}ads:${name}`;
  const keys = {
    seen: key('seen:'),
    intake: key('intake'),
    due: key('due'),
    events: key('events'),
    leases: key('leases'),
    dead: key('dead'),
    reasons: key('dead-reasons'),
    counts: key('counts'),
    age: key('age:'),
    sends: key('sends'),
    answers: key('answers'),
  };
  let groupReady = false;
  let ownBacklogRead = false;
  /** Events added but not yet confirmed by a replica, by id: added again at every claim. */
  const unconfirmed = new Map<string, string>();
  // A new primary (failover) or an empty Redis (restart): read this consumer's own entries again, and make
  // sure the group is there.
  redis.on('ready', () => {
    groupReady = false;
    ownBacklogRead = false;
  });

  /**
   * Adds the events (1 each, or 0 for a duplicate). Behind Sentinel, one WAIT after them all: those no replica
   * confirmed are kept, and so are those whose add failed (the primary switching), to be added again.
   */
  async function addEvents(events: [string, string][]): Promise<number[]> {
    if (durable === null)
      return Promise.all(events.map(async ([id, json]) => Number(await r.adsAdd(keys.seen + id, keys.intake, json, REMEMBER_IDS_MS))));
    let replicas = 0;
    let added: number[] = events.map(() => 1);
    try {
      const adds = events.map(([id, json]) => durable.client.adsAdd(keys.seen + id, keys.intake, json, REMEMBER_IDS_MS));
      const [results, confirmed] = await Promise.all([Promise.all(adds), durable.client.wait(durable.replicas, durable.timeoutMs)]);
      [added, replicas] = [results.map(Number), confirmed];
    } catch {
      // kept below, as unconfirmed
    }
    for (const [id, json] of events) {
      if (replicas >= durable.replicas) unconfirmed.delete(id);
      else unconfirmed.set(id, json);
    }
    return added;
  }

  async function ensureGroup() {
    if (groupReady) return;
    await redis.xgroup('CREATE', keys.intake, GROUP, '0', 'MKSTREAM').catch((error: Error) => {
      if (!error.message.includes('BUSYGROUP')) throw error;
    });
    groupReady = true;
  }

  /** Moves stream entries into the schedule: own unacknowledged ones first (after a restart), then new ones, then orphans. */
  async function intake(now: number) {
    if (unconfirmed.size > 0) await addEvents([...unconfirmed]);
    await ensureGroup();
    const batches: [string, string[]][] = [];
    if (!ownBacklogRead) {
      const own = (await redis.xreadgroup('GROUP', GROUP, consumer, 'COUNT', 1000, 'STREAMS', keys.intake, '0')) as
        [string, [string, string[]][]][] | null;
      batches.push(...(own?.[0]?.[1] ?? []));
      ownBacklogRead = (own?.[0]?.[1]?.length ?? 0) < 1000;
    }
    const fresh = (await redis.xreadgroup('GROUP', GROUP, consumer, 'COUNT', 500, 'STREAMS', keys.intake, '>')) as
      [string, [string, string[]][]][] | null;
    batches.push(...(fresh?.[0]?.[1] ?? []));
    const orphans = (await redis.xautoclaim(keys.intake, GROUP, consumer, ORPHAN_IDLE_MS, '0', 'COUNT', 100)) as [
      string,
      [string, string[]][],
    ];
    batches.push(...(orphans[1] ?? []).filter((entry) => entry !== null && entry[1] !== null));
    for (const [entryId, fields] of batches) {
      const json = fields[fields.indexOf('event') + 1]!;
      const event = JSON.parse(json) as Stored;
      await r.adsMove(
        keys.intake,
        keys.events,
        keys.due,
        keys.counts,
        keys.age + event.platform,
        GROUP,
        entryId,
        event.id,
        json,
        label(event),
        now,
        event.createdAt,
      );
    }
  }

  async function settle(id: string, how: 'done' | 'retry' | 'dead', at: number, answered: boolean, reason: string) {
    const json = await redis.hget(keys.events, id);
    if (json === null) return;
    const event = JSON.parse(json) as Stored;
    const settleKeys = [keys.events, keys.due, keys.leases, keys.counts, keys.age, keys.dead, keys.reasons, keys.sends, keys.answers];
    await r.adsSettle(...settleKeys, id, how, at, answered ? 1 : 0, reason, label(event), event.platform);
  }

  return {
    async add(event, now) {
      const json = JSON.stringify({ ...event, createdAt: now });
      const [added] = await addEvents([[event.id, json]]);
      return added === 1;
    },
    async claim(now, limit, leaseMs) {
      await intake(now);
      const rows = (await r.adsClaim(
        keys.due,
        keys.events,
        keys.leases,
        keys.sends,
        keys.answers,
        now,
        limit,
        now + leaseMs,
        consumer,
      )) as (string | number)[];
      const entries: OutboxEntry[] = [];
      for (let i = 0; i < rows.length; i += 3) {
        const { createdAt, ...event } = JSON.parse(String(rows[i])) as Stored;
        entries.push({ event, createdAt, sends: Number(rows[i + 1]), answers: Number(rows[i + 2]) });
      }
      return entries;
    },
    async done(id) {
      await settle(id, 'done', 0, false, '');
    },
    async retry(id, nextAt, answered, reason) {
      await settle(id, 'retry', nextAt, answered, reason);
    },
    async giveUp(id, reason, now) {
      await settle(id, 'dead', now, false, reason);
    },
    async releaseOwnLeases(now) {
      await r.adsRelease(keys.leases, keys.due, consumer, now);
    },
    async pending() {
      const counts = await redis.hgetall(keys.counts);
      const oldest = new Map<string, number>();
      for (const platform of AD_PLATFORMS) {
        const first = await redis.zrange(keys.age + platform, '0', '0', 'WITHSCORES');
        if (first.length === 2) oldest.set(platform, Number(first[1]));
      }
      return Object.entries(counts)
        .filter(([, count]) => Number(count) > 0)
        .map(([label, count]): PendingGroup => {
          const [platform, channel] = label.split('|') as [PendingGroup['platform'], string];
          return { platform, channel, pending: Number(count), oldestCreatedAt: oldest.get(platform) ?? Date.now() };
        });
    },
    async deadLetters(limit) {
      const [all, reasons] = await Promise.all([redis.hgetall(keys.dead), redis.hgetall(keys.reasons)]);
      return Object.entries(all)
        .slice(0, limit)
        .map(([id, json]): DeadLetter => {
          const { createdAt: _created, ...event } = JSON.parse(json) as Stored;
          return { id, platform: event.platform, channel: event.channel, reason: reasons[id] ?? '', event };
        });
    },
  };
}
