// The ledger's two stores keep one contract: the cluster's count, the operator's filters, revisions and the
// retention, on the server's libsql file and on a real redis-server.
import { Redis } from 'ioredis';
import { openDatabase } from '../db/open-database';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import type { LedgerEntry } from './entry';
import type { LedgerStore } from './ledger-store';
import { libsqlLedger } from './libsql-ledger';
import { redisLedger } from './redis-ledger';

const MINUTE = 60_000;
const entryOf = (id: string, at: number, network = '198.51.100.0/24'): LedgerEntry => ({
  id,
  at,
  outcome: 'registered',
  reason: 'none',
  account: id,
  mobile: '138****0000',
  channel: 'H5REG',
  address: '198.51.100.7',
  network,
  kind: 'carrier',
  asn: 9808,
  pass: null,
  click: null,
  revisedAt: null,
  verdict: 'clear',
  reasons: [],
});

let redis: TestRedis;
let client: Redis;
beforeAll(async () => {
  redis = await startTestRedis();
  client = new Redis(redis.url);
});
afterAll(async () => {
  client.disconnect();
  await redis.close();
});

describe.each([['libsql'], ['Redis']])('the ledger store (%s)', (kind) => {
  let store: LedgerStore;
  beforeEach(() => {
    store =
      kind === 'libsql'
        ? libsqlLedger(openDatabase(':memory:'))
        : redisLedger(client, `store${Math.random().toString(36).slice(2, 8)}:`, 30 * 86_400_000);
  });

  it("counts a network's entries within the cluster's window, each once however often it is written", async () => {
    expect(await store.add(entryOf('a', 0), 10 * MINUTE)).toBe(1);
    expect(await store.add(entryOf('b', 5 * MINUTE), 10 * MINUTE)).toBe(2);
    expect(await store.add(entryOf('b', 5 * MINUTE), 10 * MINUTE)).toBe(2); // written again: one entry
    expect(await store.add(entryOf('other', 6 * MINUTE, '203.0.113.0/24'), 10 * MINUTE)).toBe(1);
    expect(await store.add(entryOf('c', 14 * MINUTE), 10 * MINUTE)).toBe(2); // b and c: a is 14 minutes before
  });

  it('lists newest first, by verdict and network, within a time, and keeps a revision', async () => {
    for (const [id, at] of [
      ['a', 1000],
      ['b', 2000],
      ['c', 3000],
    ] as const)
      await store.add(entryOf(id, at), MINUTE);
    await store.add(entryOf('d', 2500, '203.0.113.0/24'), MINUTE);
    await store.revise([{ ...entryOf('b', 2000), verdict: 'suspect', reasons: ['network_rose'], revisedAt: 4000 }]);
    expect((await store.list({ since: 0, limit: 10 })).map((entry) => entry.id)).toEqual(['c', 'd', 'b', 'a']);
    expect((await store.list({ since: 0, limit: 10, verdict: 'suspect' })).map((entry) => [entry.id, entry.reasons])).toEqual([
      ['b', ['network_rose']],
    ]);
    expect((await store.list({ since: 0, limit: 10, network: '203.0.113.0/24' })).map((entry) => entry.id)).toEqual(['d']);
    expect((await store.list({ since: 1500, until: 2600, limit: 10 })).map((entry) => entry.id)).toEqual(['d', 'b']);
    expect((await store.list({ since: 0, limit: 1 })).map((entry) => entry.id)).toEqual(['c']);
    expect((await store.between(2000, 3000, '198.51.100.0/24')).map((entry) => entry.id)).toEqual(['b', 'c']);
  });

  it('forgets the entries older than the retention, and only those', async () => {
    for (const [id, at] of [
      ['old1', 1000],
      ['old2', 2000],
      ['kept', 5000],
    ] as const)
      await store.add(entryOf(id, at), MINUTE);
    expect(await store.forget(5000)).toBe(2);
    expect((await store.list({ since: 0, limit: 10 })).map((entry) => entry.id)).toEqual(['kept']);
    expect(await store.add(entryOf('next', 5001), MINUTE)).toBe(2); // the forgotten ones no longer count in the cluster
  });
});

describe('the ledger on Redis while no replica confirms (behind Sentinel)', () => {
  // A lone redis-server asked for one replica: every WAIT answers 0, so every entry stays unconfirmed.
  const unconfirmedStore = (max?: number) =>
    redisLedger(client, `lag${Math.random().toString(36).slice(2, 8)}:`, 30 * 86_400_000, { client, replicas: 1, timeoutMs: 5 }, max);

  it('writes an unconfirmed entry again without undoing a revision made meanwhile', async () => {
    const store = unconfirmedStore();
    expect(await store.add(entryOf('a', 1000), MINUTE)).toBe(1);
    await store.revise([{ ...entryOf('a', 1000), verdict: 'suspect', reasons: ['network_attacked'], revisedAt: 2000 }]);
    expect(await store.retryUnconfirmed!(MINUTE)).toBe(1); // still no replica: kept
    expect(await store.add(entryOf('b', 3000), MINUTE)).toBe(2);
    expect((await store.list({ since: 0, limit: 10 })).map((entry) => [entry.id, entry.verdict])).toEqual([
      ['b', 'clear'],
      ['a', 'suspect'],
    ]);
  });

  it('keeps at most so many in memory, the oldest dropped first and counted', async () => {
    const store = unconfirmedStore(3);
    for (const [i, id] of ['a', 'b', 'c', 'd', 'e'].entries()) await store.add(entryOf(id, 1000 + i), MINUTE);
    expect(store.droppedUnconfirmed!()).toBe(2);
    expect(await store.retryUnconfirmed!(MINUTE)).toBe(3);
    // Dropped from memory, not from Redis: every entry was written once.
    expect((await store.list({ since: 0, limit: 10 })).map((entry) => entry.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
  });
});
