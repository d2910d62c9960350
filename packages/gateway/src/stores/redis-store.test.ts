import { randomBytes } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { inject } from 'vitest';
import { CHALLENGE_TTL_MS } from '../core/rules/policy';
import { describeStoreContract } from '../testing/store-contract';
import { createRedisStore } from './redis-store';

/** What a challenge is sealed with (its level and picture): given back whole with it. */
const SEALED = { level: 2, picture: 'plain', address: '2409:8054:0:1::/64', network: '2409:8054:0:1::/64', kind: 'carrier' } as const;

// The run's redis-server (the gateway's vitest project starts it: inject('redisUrl')); every key under a prefix of this file's.
const url = inject('redisUrl');
const RUN = randomBytes(4).toString('hex');
/** As a host's client would be: the commands of one event-loop turn pipelined into one write. */
const PIPELINED: RedisOptions = { enableAutoPipelining: true };

describeStoreContract('redis', async () => {
  const prefix = `contract-${randomBytes(4).toString('hex')}:`;
  const clock = { at: Date.now() };
  const clients: Redis[] = [];
  return {
    async open(secret) {
      // Commands of one event-loop turn pipelined into one write, so every racing case below runs through the
      // pipeline as it does behind a host's client.
      const client = new Redis(url, PIPELINED);
      clients.push(client);
      return createRedisStore(client, { prefix, secret, now: () => clock.at });
    },
    now: () => clock.at,
    advance: (ms) => void (clock.at += ms),
    close: async () => void (await Promise.all(clients.map((client) => client.quit()))),
  };
});

describe('the Redis store, on a real redis-server', () => {
  it('pipelines the commands of one turn into one write and still gives a challenge to one take only', async () => {
    const client = new Redis(url, PIPELINED);
    const store = createRedisStore(client, { prefix: `pipelined-${RUN}:`, secret: 'k' });
    await store.putChallenge('burst', { gapX: 120, expiresAt: Date.now() + CHALLENGE_TTL_MS, ...SEALED });
    const racing = Array.from({ length: 20 }, () => store.takeChallenge('burst'));
    expect(client.autoPipelineQueueSize).toBe(20); // queued in this turn, sent as one write
    const takes = await Promise.all(racing);
    expect(takes.filter((take) => take !== null)).toEqual([{ gapX: 120, expiresAt: expect.any(Number), ...SEALED }]);
    await client.quit();
  });

  it('puts every key under its prefix, each with an expiry except the shared secret', async () => {
    const client = new Redis(url);
    const store = createRedisStore(client, { prefix: 'deploy-a:', secret: null });
    const other = createRedisStore(client, { prefix: 'deploy-b:', secret: null });
    const at = Date.now();
    await store.secret();
    await store.putChallenge('c1', { gapX: 100, expiresAt: at + CHALLENGE_TTL_MS, ...SEALED });
    await store.spendToken('t1', at + 120_000);
    for (const address of [
      '198.51.100.7',
      '198.51.100.7',
      '198.51.100.7',
      '198.51.100.7',
      '198.51.100.7',
      '198.51.100.7',
      '198.51.100.8',
    ]) {
      await store.countAttempt(address);
      await store.settleAttempt(address, '198.51.100.0/24', false, 60_000);
    }
    await store.countHit('challenges:net:198.51.100.0/24', 60_000);

    const keys = (await client.keys('deploy-a:*')).sort();
    expect(keys).toEqual([
      'deploy-a:challenge:c1',
      'deploy-a:fails:198.51.100.7',
      'deploy-a:fails:198.51.100.8',
      'deploy-a:fails:net:198.51.100.0/24',
      'deploy-a:hits:challenges:net:198.51.100.0/24',
      'deploy-a:lock:198.51.100.7',
      'deploy-a:secret',
      'deploy-a:spent:t1',
    ]);
    for (const key of keys.filter((name) => !name.endsWith(':secret'))) {
      const ttl = await client.pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(10 * 60_000);
    }
    expect(await client.pttl('deploy-a:secret')).toBe(-1);
    // Another prefix is another deployment: its own secret, none of the first one's challenges.
    expect(await other.takeChallenge('c1')).toBeNull();
    expect(await other.secret()).not.toBe(await store.secret());
    await client.quit();
  });
});
