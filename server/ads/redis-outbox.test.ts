// The Redis outbox against a real redis-server that restarts without its data.
import { Redis } from 'ioredis';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import { conversionId, type ConversionEvent } from './event';
import { redisOutbox } from './redis-outbox';
import { waitFor } from '../../testing/ads/test-app';

let server: TestRedis;
let client: Redis;
beforeAll(async () => {
  server = await startTestRedis();
  client = new Redis(server.url);
  client.on('error', () => {});
});
afterAll(async () => {
  client.disconnect();
  await server.close();
});

const eventFor = (clickId: string): ConversionEvent => ({
  id: conversionId('kuaishou', clickId),
  platform: 'kuaishou',
  channel: 'H5REG',
  clickId,
  landingUrl: null,
  registeredAt: Date.now(),
});

describe('the Redis outbox', () => {
  it('makes its consumer group again when Redis comes back empty, and takes the conversions written after', async () => {
    const outbox = redisOutbox(client, 'restart:', 'consumer-a');
    await outbox.add(eventFor('before1'), Date.now());
    expect((await outbox.claim(Date.now(), 10, 60_000)).map((entry) => entry.event.clickId)).toEqual(['before1']);

    await server.stop(); // no persistence: it starts again without the stream or its group
    await server.start();
    await waitFor(() => client.status === 'ready', 10_000, 'the client back');
    await outbox.add(eventFor('after1'), Date.now());
    expect((await outbox.claim(Date.now(), 10, 60_000)).map((entry) => entry.event.clickId)).toEqual(['after1']);
  });
});
