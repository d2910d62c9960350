// The outbox's promises, kept alike by both stores (a libsql file, a real redis-server), on a clock the test
// moves: reported once, leased while sent, again at its time, counted sends and answers, kept aside with its reason.
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { AdPlatform } from '@game-register/site-settings/ad-clicks';
import { openDatabase } from '../db/open-database';
import { tempDir } from '../../testing/server/temp-dir';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import { conversionId, type ConversionEvent } from './event';
import { libsqlOutbox } from './libsql-outbox';
import { REMEMBER_IDS_MS, type Outbox } from './outbox';
import { redisOutbox } from './redis-outbox';

// Equivalent mutants of the Redis outbox (the mutation score leaves them out; scripts/mutation-scores.ts reads these lines):
// Creating the consumer group again is harmless (BUSYGROUP is ignored): these only cost a command per claim.
// Equivalent mutant (server/ads/redis-outbox.ts, ConditionalExpression): `groupReady` -> `false`: the group created again at every claim, BUSYGROUP ignored
// Equivalent mutant (server/ads/redis-outbox.ts, BooleanLiteral): `true` -> `false`: (groupReady = true) the same
// Reading this consumer's own pending entries again finds none: each one read is moved (acknowledged and deleted) in the same claim.
// Equivalent mutant (server/ads/redis-outbox.ts, ConditionalExpression): `!ownBacklogRead` -> `true`: the own backlog read at every claim, empty after the first
// Equivalent mutant (server/ads/redis-outbox.ts, ConditionalExpression): `(own?.[0]?.[1]?.length ?? 0) < 1000` -> `false`: the same, read again at the next claim
// Equivalent mutant (server/ads/redis-outbox.ts, EqualityOperator): `(own?.[0]?.[1]?.length ?? 0) < 1000` -> `(own?.[0]?.[1]?.length ?? 0) <= 1000`: a backlog of exactly 1000 is read again once, finding none
// Equivalent mutant (server/ads/redis-outbox.ts, EqualityOperator): `(own?.[0]?.[1]?.length ?? 0) < 1000` -> `(own?.[0]?.[1]?.length ?? 0) >= 1000`: read again at every claim, empty after the first
// XREADGROUP from id 0 (history) answers the stream with a list, empty or not, never nil (unlike `>`, whose `fresh` can be nil).
// Equivalent mutant (server/ads/redis-outbox.ts, OptionalChaining): `own?.[0]?.[1]` -> `own?.[0][1]`: never nil
// Equivalent mutant (server/ads/redis-outbox.ts, OptionalChaining): `own?.[0]` -> `own[0]`: never nil
// Equivalent mutant (server/ads/redis-outbox.ts, OptionalChaining): `own?.[0]?.[1]?.length` -> `own?.[0]?.[1].length`: never nil
// Equivalent mutant (server/ads/redis-outbox.ts, ArrayDeclaration): `[]` -> `["Stryker was here"]`: (own's `?? []`, and XAUTOCLAIM's, which always answers a list) never used; where it could be (`fresh`, `batches`), a test fails
// XAUTOCLAIM leaves out entries deleted meanwhile since Redis 7.0 (the tests' 7.0.15; 6.2 gave them as nil): the filter is for 6.2.
// Equivalent mutant (server/ads/redis-outbox.ts, MethodExpression): `(orphans[1] ?? []).filter((entry) => entry !== null && entry[1] !== null)` -> `orphans[1] ?? []`: no nil entry on Redis 7
// Equivalent mutant (server/ads/redis-outbox.ts, ConditionalExpression): `entry !== null && entry[1] !== null` -> `true`: no nil entry on Redis 7
// Equivalent mutant (server/ads/redis-outbox.ts, LogicalOperator): `entry !== null && entry[1] !== null` -> `entry !== null || entry[1] !== null`: no nil entry on Redis 7
// Equivalent mutant (server/ads/redis-outbox.ts, ConditionalExpression): `entry !== null` -> `true`: no nil entry on Redis 7
// Equivalent mutant (server/ads/redis-outbox.ts, ConditionalExpression): `entry[1] !== null` -> `true`: no nil entry on Redis 7
// The settle script reads `answered` only for a retry and the reason only for a dead letter (redis-scripts.ts, adsSettle); a
// dead letter's reason is written with it, in the same script.
// Equivalent mutant (server/ads/redis-outbox.ts, StringLiteral): `'done'` -> `""`: the script settles anything but retry and dead as done
// Equivalent mutant (server/ads/redis-outbox.ts, StringLiteral): `''` -> `"Stryker was here!"`: done's reason, and a dead letter's missing reason, never read
// Equivalent mutant (server/ads/redis-outbox.ts, ConditionalExpression): `!(name in redis)` -> `true`: a script defined again on the same client is the same script
// Equivalent mutant (server/ads/redis-outbox.ts, ConditionalExpression): `first.length === 2` -> `true`: `pending` reads the oldest only for a platform with events counted, which always has one (the scripts keep both together)
// An XGROUP error other than BUSYGROUP (no connection, a key of another type) fails the XREADGROUP right after it too: the claim rejects either way.
// Equivalent mutant (server/ads/redis-outbox.ts, BlockStatement): `{ if (!error.message.includes('BUSYGROUP')) throw error; }` -> `{}`: the next command fails the claim
// Equivalent mutant (server/ads/redis-outbox.ts, ConditionalExpression): `!error.message.includes('BUSYGROUP')` -> `false`: the next command fails the claim
// Equivalent mutant (server/ads/redis-outbox.ts, StringLiteral): `'BUSYGROUP'` -> `""`: the next command fails the claim
// Not listed, though equivalent where done and giveUp pass it: `false` -> `true` (answered), because the same text at the
// 'ready' handler's `groupReady = false` / `ownBacklogRead = false` is no equivalent (redis-outbox.test.ts restarts Redis for them).

const T0 = 1_764_000_000_000;
const LEASE_MS = 60_000;

function eventFor(platform: AdPlatform, clickId: string, channel = 'H5REG'): ConversionEvent {
  return {
    id: conversionId(platform, clickId),
    platform,
    channel,
    clickId,
    landingUrl: `https://m.example.com/?c=${clickId}`,
    registeredAt: T0,
    ...(platform === 'baidu' ? { baiduType: 25 } : {}),
  };
}

let redisServer: TestRedis | undefined;
const clients: Redis[] = [];
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redisServer?.stop();
});

/** Opens the store; `again` opens it once more as a restarted process would (the same file or Redis, the same consumer). */
const stores: [string, () => Promise<{ outbox: Outbox; again: (consumer?: string) => Outbox; redis?: Redis }>][] = [
  [
    'libsql',
    async () => {
      const db = openDatabase(join(await tempDir('outbox-'), 'app.db'));
      return { outbox: libsqlOutbox(db), again: () => libsqlOutbox(db) };
    },
  ],
  [
    'Redis',
    async () => {
      redisServer ??= await startTestRedis();
      const redis = new Redis(redisServer.url);
      clients.push(redis);
      await redis.flushall();
      return {
        outbox: redisOutbox(redis, 'test:', 'consumer-a'),
        again: (consumer = 'consumer-a') => redisOutbox(redis, 'test:', consumer),
        redis,
      };
    },
  ],
];

describe.each(stores)('the %s outbox', (_name, open) => {
  let outbox: Outbox;
  let again: (consumer?: string) => Outbox;
  let redis: Redis | undefined;
  beforeEach(async () => {
    ({ outbox, again, redis } = await open());
  });
  const ids = async (now: number, limit = 10) => (await outbox.claim(now, limit, LEASE_MS)).map((entry) => entry.event.clickId);

  it('gives an event back whole, with when it was added, its sends and its answers', async () => {
    const event = eventFor('tencent', 'whole1');
    Object.assign(event, { tencent: { accountId: 1, userActionSetId: 2 } });
    expect(await outbox.add(event, T0 + 5)).toBe(true);
    expect(await outbox.claim(T0 + 5, 10, LEASE_MS)).toEqual([{ event, createdAt: T0 + 5, sends: 1, answers: 0 }]);
  });

  it('takes an event added twice once', async () => {
    expect(await outbox.add(eventFor('kuaishou', 'twice1'), T0)).toBe(true);
    expect(await outbox.add(eventFor('kuaishou', 'twice1'), T0 + 1)).toBe(false);
    expect(await ids(T0 + 1)).toEqual(['twice1']);
    expect(await ids(T0 + 2 * LEASE_MS)).toEqual(['twice1']);
  });

  it('leases what it gives until the lease ends, then gives it again with one send more', async () => {
    await outbox.add(eventFor('baidu', 'lease1'), T0);
    expect(await ids(T0)).toEqual(['lease1']);
    expect(await ids(T0 + LEASE_MS - 1)).toEqual([]);
    const [entry] = await outbox.claim(T0 + LEASE_MS, 10, LEASE_MS);
    expect([entry?.sends, entry?.answers]).toEqual([2, 0]);
  });

  it('gives at most the limit asked for, the rest at the next claim', async () => {
    for (const click of ['a', 'b', 'c']) await outbox.add(eventFor('kuaishou', click), T0);
    expect(await ids(T0, 2)).toHaveLength(2);
    expect(await ids(T0, 2)).toHaveLength(1);
  });

  it('tries again at the time given, counting the answered sends only', async () => {
    await outbox.add(eventFor('oceanengine', 'again1'), T0);
    await outbox.claim(T0, 10, LEASE_MS);
    await outbox.retry(eventFor('oceanengine', 'again1').id, T0 + 1000, true, 'http_5xx');
    expect(await ids(T0 + 999)).toEqual([]);
    const [second] = await outbox.claim(T0 + 1000, 10, LEASE_MS);
    expect([second?.sends, second?.answers]).toEqual([2, 1]);
    await outbox.retry(second!.event.id, T0 + 2000, false, 'timeout');
    const [third] = await outbox.claim(T0 + 2000, 10, LEASE_MS);
    expect([third?.sends, third?.answers]).toEqual([3, 1]);
  });

  it('forgets a reported event but still refuses its id', async () => {
    await outbox.add(eventFor('tencent', 'done1'), T0);
    await outbox.claim(T0, 10, LEASE_MS);
    await outbox.done(eventFor('tencent', 'done1').id);
    expect(await ids(T0 + 10 * LEASE_MS)).toEqual([]);
    expect(await outbox.pending()).toEqual([]);
    expect(await outbox.deadLetters(10)).toEqual([]);
    expect(await outbox.add(eventFor('tencent', 'done1'), T0 + 1)).toBe(false);
  });

  it('keeps a given-up event aside with its reason, no longer sent nor pending', async () => {
    const event = eventFor('baidu', 'dead1');
    await outbox.add(event, T0);
    await outbox.claim(T0, 10, LEASE_MS);
    await outbox.giveUp(event.id, 'refused: 2 failure', T0 + 1);
    expect(await ids(T0 + 10 * LEASE_MS)).toEqual([]);
    expect(await outbox.pending()).toEqual([]);
    expect(await outbox.deadLetters(10)).toEqual([
      { id: event.id, platform: 'baidu', channel: 'H5REG', reason: 'refused: 2 failure', event },
    ]);
  });

  it('lists at most the dead letters asked for', async () => {
    for (const click of ['d1', 'd2', 'd3']) await outbox.add(eventFor('kuaishou', click), T0);
    await outbox.claim(T0, 10, LEASE_MS);
    for (const click of ['d1', 'd2', 'd3']) await outbox.giveUp(eventFor('kuaishou', click).id, 'expired: x', T0 + 1);
    expect(await outbox.deadLetters(10)).toHaveLength(3);
    expect(await outbox.deadLetters(2)).toHaveLength(2);
  });

  it('settles only what it holds: a settled id settled again changes nothing', async () => {
    const event = eventFor('kuaishou', 'settled1');
    await outbox.add(event, T0);
    await outbox.claim(T0, 10, LEASE_MS);
    await outbox.giveUp(event.id, 'refused: 0', T0 + 1);
    await outbox.retry(event.id, T0 + 2, true, 'timeout');
    expect(await ids(T0 + 10 * LEASE_MS)).toEqual([]);
    expect((await outbox.deadLetters(10)).map((letter) => letter.reason)).toEqual(['refused: 0']);
    await outbox.retry('never-added', T0, true, 'timeout');
    expect(await outbox.pending()).toEqual([]);
  });

  it("counts the pending events per platform and channel, with the oldest one's time per platform", async () => {
    await outbox.add(eventFor('tencent', 'p1'), T0 + 10);
    await outbox.add(eventFor('tencent', 'p2'), T0 + 20);
    await outbox.add(eventFor('tencent', 'p3', 'CH7'), T0 + 30);
    await outbox.add(eventFor('kuaishou', 'p4'), T0 + 40);
    await outbox.add(eventFor('kuaishou', 'p5'), T0 + 50);
    await outbox.claim(T0 + 60, 10, LEASE_MS); // taken for sending: still pending
    await outbox.done(eventFor('kuaishou', 'p4').id);
    const pending = (await outbox.pending()).sort((a, b) => `${a.platform}${a.channel}`.localeCompare(`${b.platform}${b.channel}`));
    expect(pending).toEqual([
      { platform: 'kuaishou', channel: 'H5REG', pending: 1, oldestCreatedAt: T0 + 50 },
      { platform: 'tencent', channel: 'CH7', pending: 1, oldestCreatedAt: expect.any(Number) },
      { platform: 'tencent', channel: 'H5REG', pending: 2, oldestCreatedAt: T0 + 10 },
    ]);
    expect(pending[1]!.oldestCreatedAt).toBeLessThanOrEqual(T0 + 30); // Redis keeps the oldest per platform, libsql per channel
  });

  it('ends, at a restart, the leases taken before it, so their events go at once', async () => {
    await outbox.add(eventFor('oceanengine', 'crash1'), T0);
    await outbox.claim(T0, 10, LEASE_MS); // then the process died
    await outbox.add(eventFor('oceanengine', 'later1'), T0);
    await outbox.claim(T0, 10, LEASE_MS);
    await outbox.retry(eventFor('oceanengine', 'later1').id, T0 + 10 * LEASE_MS, true, 'http_5xx'); // no longer leased: keeps its time
    const restarted = again();
    await restarted.releaseOwnLeases(T0 + 5);
    const entries = await restarted.claim(T0 + 5, 10, LEASE_MS);
    expect(entries.map((entry) => [entry.event.clickId, entry.sends])).toEqual([['crash1', 2]]);
  });

  it('takes, at a restart, an event its process had read and never scheduled', async () => {
    await outbox.add(eventFor('kuaishou', 'read1'), T0);
    // What a kill -9 between reading the intake and scheduling leaves (Redis only: libsql writes the schedule at once).
    if (redis) {
      await redis.xgroup('CREATE', 'test:ads:intake', 'ads-reporters', '0', 'MKSTREAM');
      await redis.xreadgroup('GROUP', 'ads-reporters', 'consumer-a', 'COUNT', 10, 'STREAMS', 'test:ads:intake', '>');
    }
    expect((await again().claim(T0, 10, LEASE_MS)).map((entry) => entry.event.clickId)).toEqual(['read1']);
  });

  it('gives the events of every consumer once, whichever consumer claims', async () => {
    await outbox.add(eventFor('kuaishou', 'shared1'), T0);
    const other = again('consumer-b');
    await other.add(eventFor('kuaishou', 'shared2'), T0);
    const taken = [...(await other.claim(T0, 10, LEASE_MS)), ...(await outbox.claim(T0, 10, LEASE_MS))].map((entry) => entry.event.clickId);
    expect(taken.sort()).toEqual(['shared1', 'shared2']);
  });
});

describe('the Redis outbox', () => {
  it('takes over, once idle 30 s, an event another instance read and never scheduled', async () => {
    redisServer ??= await startTestRedis();
    const redis = new Redis(redisServer.url);
    clients.push(redis);
    await redis.flushall();
    const outbox = redisOutbox(redis, 'test:', 'consumer-a');
    await outbox.add(eventFor('kuaishou', 'orphan1'), T0);
    // consumer-dead read it, then died; Redis counts how long the entry has waited since (IDLE sets it).
    await redis.xgroup('CREATE', 'test:ads:intake', 'ads-reporters', '0', 'MKSTREAM');
    const read = (await redis.xreadgroup('GROUP', 'ads-reporters', 'consumer-dead', 'COUNT', 10, 'STREAMS', 'test:ads:intake', '>')) as [
      string,
      [string, string[]][],
    ][];
    const entryId = read[0]![1][0]![0];
    await redis.xclaim('test:ads:intake', 'ads-reporters', 'consumer-dead', 0, entryId, 'IDLE', 29_000);
    expect(await outbox.claim(T0, 10, LEASE_MS)).toEqual([]);
    await redis.xclaim('test:ads:intake', 'ads-reporters', 'consumer-dead', 0, entryId, 'IDLE', 31_000);
    expect((await outbox.claim(T0, 10, LEASE_MS)).map((entry) => entry.event.clickId)).toEqual(['orphan1']);
  });

  it('keeps its data under the key names it always had: an upgrade finds what is pending, sent and set aside', async () => {
    redisServer ??= await startTestRedis();
    const redis = new Redis(redisServer.url);
    clients.push(redis);
    await redis.flushall();
    const outbox = redisOutbox(redis, 'test:', 'consumer-a');
    for (const clickId of ['keys1', 'keys2', 'keys3']) await outbox.add(eventFor('kuaishou', clickId), T0);
    const [first, second] = await outbox.claim(T0, 2, LEASE_MS); // keys3 stays in the intake's schedule, unleased
    await outbox.retry(first!.event.id, T0 + 1000, true, 'http_5xx');
    await outbox.giveUp(second!.event.id, 'refused: no', T0);
    const seen = ['keys1', 'keys2', 'keys3'].map((clickId) => `test:ads:seen:${conversionId('kuaishou', clickId)}`);
    expect((await redis.keys('test:*')).sort()).toEqual(
      [
        'test:ads:age:kuaishou',
        'test:ads:answers',
        'test:ads:counts',
        'test:ads:dead',
        'test:ads:dead-reasons',
        'test:ads:due',
        'test:ads:events',
        'test:ads:intake',
        'test:ads:sends',
        ...seen,
      ].sort(),
    );
    await outbox.claim(T0 + 1000, 1, LEASE_MS); // a lease held: its key too
    expect(await redis.exists('test:ads:leases')).toBe(1);
  });
});

describe('the libsql outbox', () => {
  it('takes again, once 30 days have passed, the id of an event long settled', async () => {
    const outbox = libsqlOutbox(openDatabase(':memory:'));
    const event = eventFor('kuaishou', 'old1');
    await outbox.add(event, T0);
    await outbox.done(event.id);
    expect(await outbox.add(event, T0 + REMEMBER_IDS_MS)).toBe(false);
    expect(await outbox.add(event, T0 + REMEMBER_IDS_MS + 3_600_000)).toBe(false); // settled ids are swept once an hour
    expect(await outbox.add(event, T0 + REMEMBER_IDS_MS + 3_600_001)).toBe(true);
  });

  it('never forgets a pending event, however old', async () => {
    const outbox = libsqlOutbox(openDatabase(':memory:'));
    await outbox.add(eventFor('kuaishou', 'pending1'), T0);
    expect(await outbox.add(eventFor('kuaishou', 'other1'), T0 + 2 * REMEMBER_IDS_MS)).toBe(true);
    expect(await outbox.add(eventFor('kuaishou', 'pending1'), T0 + 2 * REMEMBER_IDS_MS + 1)).toBe(false);
  });

  it('gives due events oldest time first', async () => {
    const outbox = libsqlOutbox(openDatabase(':memory:'));
    await outbox.add(eventFor('kuaishou', 'second'), T0 + 2);
    await outbox.add(eventFor('kuaishou', 'first'), T0 + 1);
    expect((await outbox.claim(T0 + 2, 1, LEASE_MS)).map((entry) => entry.event.clickId)).toEqual(['first']);
  });
});
