// A kill -9 of the Redis primary behind three sentinels loses no ledger entry: an entry written while no replica
// could confirm it (the replicas stopped, then the primary killed) is written again on the new primary.
import { Redis } from 'ioredis';
import { startSentinelSet, type SentinelSet } from '../../testing/redis/redis-sentinel';
import { waitFor } from '../../testing/ads/wait-for';
import { REPLICA_WAIT_MS } from '../db/redis-connection';
import type { LedgerEntry } from './entry';
import { redisLedger } from './redis-ledger';
import { CLUSTER } from './verdict';

let set: SentinelSet;
const clients: Redis[] = [];
afterAll(async () => {
  clients.forEach((client) => client.disconnect());
  await set?.close();
});

const entryOf = (id: string, at: number): LedgerEntry => ({
  id,
  at,
  outcome: 'registered',
  reason: 'none',
  account: id,
  mobile: '138****0000',
  channel: 'H5REG',
  address: '198.51.100.7',
  network: '198.51.100.0/24',
  kind: null,
  asn: null,
  pass: null,
  click: null,
  revisedAt: null,
  verdict: 'clear',
  reasons: [],
});

describe('the Redis ledger behind Sentinel', () => {
  it('writes an entry no replica confirmed again on the new primary after a kill -9 of the old one', { timeout: 90_000 }, async () => {
    set = await startSentinelSet();
    const client = new Redis({ sentinels: set.sentinels, name: set.master, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const durable = client.duplicate();
    for (const each of [client, durable]) {
      each.on('error', () => {});
      clients.push(each);
    }
    await waitFor(() => client.status === 'ready' && durable.status === 'ready', 5000, 'the ledger clients');
    const ledger = redisLedger(client, 'failover:', 86_400_000, { client: durable, replicas: 1, timeoutMs: REPLICA_WAIT_MS });
    const at = Date.now();
    expect(await ledger.add(entryOf('confirmed', at), CLUSTER.windowMs)).toBe(1);
    expect(await ledger.retryUnconfirmed!(CLUSTER.windowMs)).toBe(0);

    const [primary] = set.nodes;
    const replicas = set.nodes.slice(1);
    const direct = new Redis(primary!.port, '127.0.0.1');
    clients.push(direct);
    replicas.forEach((replica) => replica.signal('SIGSTOP'));
    expect(await direct.call('CLIENT', 'KILL', 'TYPE', 'replica')).toBe(2);
    await ledger.add(entryOf('unconfirmed', at + 1), CLUSTER.windowMs); // on the primary alone
    expect(await ledger.retryUnconfirmed!(CLUSTER.windowMs)).toBe(1);
    direct.disconnect();
    await primary!.stop(); // SIGKILL
    replicas.forEach((replica) => replica.signal('SIGCONT'));
    await set.waitForFailover(primary!);

    // What the server's timer does every second: until a replica confirms it.
    await waitFor(
      async () => (await ledger.retryUnconfirmed!(CLUSTER.windowMs).catch(() => 1)) === 0,
      30_000,
      'the entry confirmed on the new primary',
    );
    let kept: string[] = [];
    await waitFor(
      async () => {
        kept = (await ledger.between(at - 1, at + 1).catch(() => [])).map((entry) => entry.id).sort();
        return kept.length === 2;
      },
      10_000,
      'both entries read back',
    ).catch(() => {});
    expect(kept).toEqual(['confirmed', 'unconfirmed']);
  });
});
