// The signals the levels are read from, on both stores: the same events at the same times give the same counts,
// the same site minute and the same kept states, on the embedded database and on a real redis-server.
// The redis-server is the test run's (the gateway's vitest project starts one and provides its URL as redisUrl).
import { randomBytes } from 'node:crypto';
import Database from 'libsql';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { SITE_SHARE_PER_NETWORK } from '../core/rules/policy';
import { ensureCaptchaTables } from './libsql-schema';
import { createLibsqlStore } from './libsql-store';
import { createRedisStore } from './redis-store';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

type SignalStore = ReturnType<typeof createLibsqlStore>['signals'];
type LevelState = NonNullable<Awaited<ReturnType<SignalStore['site']>>['state']>;
const SITE_MINUTE_MS = 60_000;
const SECRET = 'k'.repeat(32);

const MINUTE = 60_000;
/** The start of a minute, and of every counter's bucket (all bucket lengths divide an hour). */
const T0 = Date.UTC(2026, 10, 26, 9);

let redis: Redis;
beforeAll(async () => {
  redis = new Redis(inject('redisUrl'), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});
afterAll(() => redis?.disconnect());

/** This file's keys, apart from any other run's on the same server. */
const RUN = randomBytes(4).toString('hex');
let prefixes = 0;
const stores: [string, (clock: { at: number }) => SignalStore][] = [
  [
    'the embedded database',
    (clock) => {
      const db = new Database(':memory:');
      ensureCaptchaTables(db);
      return createLibsqlStore(db, SECRET, () => clock.at).signals;
    },
  ],
  [
    'Redis',
    (clock) => createRedisStore(redis, { prefix: `signals-${RUN}-${(prefixes += 1)}:`, secret: SECRET, now: () => clock.at }).signals,
  ],
];

const state = (level: LevelState['level'], at: number): LevelState => ({
  level,
  since: at,
  lastAt: at,
  hotSince: null,
  calmSince: at,
  changes: [],
});

describe.each(stores)('the signals on %s', (_name, open) => {
  it('count each event for the address and its network as COUNTED says, in windows that fade bucket by bucket', async () => {
    const clock = { at: T0 };
    const signals = open(clock);
    await signals.record('challenge', '198.51.100.7', '198.51.100.0/24', T0);
    await signals.record('pass', '198.51.100.7', '198.51.100.0/24', T0);
    await signals.record('fail', '198.51.100.8', '198.51.100.0/24', T0);
    const now = await signals.record('challenge', '198.51.100.7', '198.51.100.0/24', T0);
    // An address's challenges are its fetches; a network's, the answers with work that came back to its puzzles.
    expect(now.address.counts).toEqual({
      minuteCount: 2,
      answers10m: 1,
      failures10m: 0,
      successes10m: 1,
      successes1h: 1,
      accessible10m: 0,
    });
    expect(now.network.counts).toEqual({
      minuteCount: 2,
      answers10m: 2,
      failures10m: 1,
      successes10m: 1,
      successes1h: 1,
      accessible10m: 0,
    });
    // A pass without the picture: its network's (counted apart as well), but not its address's passes in the hour.
    await signals.record('accessiblePass', '198.51.100.9', '198.51.100.0/24', T0);
    // A minute and a half on: the challenges' bucket (10 s) left the minute; the answers' (2 min) still whole.
    clock.at = T0 + 90_000;
    const later = await signals.record('fail', '198.51.100.9', '198.51.100.0/24', clock.at);
    expect(later.address.counts).toEqual({
      minuteCount: 0,
      answers10m: 2,
      failures10m: 1,
      successes10m: 1,
      successes1h: 0,
      accessible10m: 0,
    });
    expect(later.network.counts).toEqual({
      minuteCount: 1,
      answers10m: 4,
      failures10m: 2,
      successes10m: 2,
      successes1h: 2,
      accessible10m: 1,
    });
    // 11 minutes on: the 10-minute window's oldest bucket (T0's: every answer so far, the one 90 s on too) counts half; the hour's whole.
    clock.at = T0 + 11 * MINUTE;
    const faded = await signals.record('challenge', '198.51.100.10', '198.51.100.0/24', clock.at);
    expect(faded.address.counts.minuteCount).toBe(1);
    expect(faded.network.counts).toEqual({
      minuteCount: 0,
      answers10m: 2,
      failures10m: 1,
      successes10m: 1,
      successes1h: 2,
      accessible10m: 0.5,
    });
  });

  it('count an event with no network for the address alone, and read no network', async () => {
    const signals = open({ at: T0 });
    await signals.record('fail', '203.0.113.5', null, T0);
    const reading = await signals.record('fail', '203.0.113.5', null, T0);
    expect(reading.address.counts).toMatchObject({ answers10m: 2, failures10m: 2 });
    expect(reading.network).toEqual({
      counts: { minuteCount: 0, answers10m: 0, failures10m: 0, successes10m: 0, successes1h: 0, accessible10m: 0 },
      state: null,
    });
  });

  it('keep a state until told to forget it, and read it back with the counts', async () => {
    const clock = { at: T0 };
    const signals = open(clock);
    await signals.saveState('network', '192.0.2.0/24', state(2, T0), 60_000);
    await signals.saveState('address', '192.0.2.1', state(1, T0), 60_000);
    const reading = await signals.record('challenge', '192.0.2.1', '192.0.2.0/24', T0);
    expect([reading.address.state?.level, reading.network.state?.level]).toEqual([1, 2]);
    await signals.saveState('network', '192.0.2.0/24', null, 60_000);
    expect((await signals.record('challenge', '192.0.2.1', '192.0.2.0/24', T0)).network.state).toBeNull();
  });

  it("read the site's last whole minute: its answered challenges, each network counted up to its share, and its ten busiest networks' share", async () => {
    const clock = { at: T0 };
    const signals = open(clock);
    // One network answers more than its share; 11 networks once each; answers not counted for the site.
    for (let i = 0; i < SITE_SHARE_PER_NETWORK + 5; i += 1)
      await signals.record(i % 2 ? 'pass' : 'fail', `10.0.0.${i + 1}`, '10.0.0.0/24', T0 + i);
    for (let n = 1; n <= 11; n += 1) await signals.record(n % 3 ? 'fail' : 'accessiblePass', `10.${n}.0.1`, `10.${n}.0.0/24`, T0 + 100 + n);
    await signals.record('fail', '36.128.0.1', '36.128.0.0/24', T0 + 200, false);
    await signals.record('fail', '36.128.0.2', null, T0 + 201);
    // Fetches cost nothing: the site's minute counts none.
    for (let n = 20; n < 60; n += 1) await signals.record('challenge', `10.${n}.0.1`, `10.${n}.0.0/24`, T0 + 300 + n);
    // Still inside the minute: the last whole minute is the one before, which had none.
    expect(await signals.site(T0 + 30_000)).toMatchObject({ minute: T0 / SITE_MINUTE_MS - 1, challenges: 0, topNetworksShare: 0 });
    const site = await signals.site(T0 + SITE_MINUTE_MS + 5);
    // The busy network counted up to its share, the others once: the ten busiest are it and nine of the single ones.
    expect(site).toMatchObject({ minute: T0 / SITE_MINUTE_MS, challenges: SITE_SHARE_PER_NETWORK + 11, baseline: null, state: null });
    expect(site.topNetworksShare).toBeCloseTo((SITE_SHARE_PER_NETWORK + 9) / (SITE_SHARE_PER_NETWORK + 11), 10);
  });

  it("keep the site's state and baseline, and forget the state when told", async () => {
    const signals = open({ at: T0 });
    await signals.saveSite(state(1, T0), { perMinute: 42.5, minute: 7 }, 60_000);
    expect(await signals.site(T0)).toMatchObject({ baseline: { perMinute: 42.5, minute: 7 }, state: { level: 1 } });
    await signals.saveSite(null, null, 60_000);
    expect(await signals.site(T0)).toMatchObject({ baseline: { perMinute: 42.5, minute: 7 }, state: null });
  });
});

describe('the levels kept on Redis', () => {
  it('read a stored state that is not one as none: the entity starts again at level 0', async () => {
    const signals = createRedisStore(redis, { prefix: 's:', secret: SECRET }).signals;
    const read = async (text: string) => (
      await redis.set('s:level:network:192.0.2.0/24', text),
      (await signals.record('challenge', '192.0.2.1', '192.0.2.0/24', T0)).network.state
    );
    expect(await read(JSON.stringify(state(2, T0)))).toMatchObject({ level: 2 });
    expect([
      await read('{"changes":[]}'),
      await read('{"level":2}'),
      await read('{"level":"2","changes":[]}'),
      await read('null'),
      await read('{'),
    ]).toEqual([null, null, null, null, null]);
  });

  it("keep each prefix's site apart: two gateways on one Redis", async () => {
    const one = createRedisStore(redis, { prefix: 'one:', secret: SECRET }).signals;
    const two = createRedisStore(redis, { prefix: 'two:', secret: SECRET }).signals;
    await one.saveSite(state(1, T0), { perMinute: 5, minute: 1 }, 60_000);
    expect(await two.site(T0)).toMatchObject({ state: null, baseline: null });
    expect(await one.site(T0)).toMatchObject({ state: { level: 1 }, baseline: { perMinute: 5, minute: 1 } });
  });
});

// Equivalent mutants of the signals (the mutation score leaves them out; scripts/mutation-scores.ts reads these lines):
// A forgotten state written as JSON null instead of deleted reads back as no state (parseState), as a deleted one does.
// Equivalent mutant (packages/gateway/src/stores/redis-signals.ts, ConditionalExpression): `state === null` -> `false`: null is stored as "null", read back as no state
// Equivalent mutant (packages/gateway/src/stores/libsql-signals.ts, ConditionalExpression): `value === null` -> `false`: null is stored as "null", read back as no state
// Equivalent mutant (packages/gateway/src/stores/redis-signals.ts, ArrayDeclaration): `[]` -> `["Stryker was here"]`: EXEC answers null only for a WATCHed key that changed, and no signal command WATCHes

describe("the site's baseline on Redis", () => {
  it('reads anything unreadable as none (it is learnt again), and a good one as written', async () => {
    const signals = createRedisStore(redis, { prefix: 'b:', secret: SECRET }).signals;
    const read = async (text: string) => (await redis.set('b:site:baseline', text), (await signals.site(T0)).baseline);
    expect(await read('{"perMinute":3.5,"minute":9}')).toEqual({ perMinute: 3.5, minute: 9 });
    expect([await read(''), await read('{'), await read('{"perMinute":"3","minute":9}'), await read('{"perMinute":3}')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
