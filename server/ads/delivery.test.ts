// The delivery on the libsql outbox (the same promises on Redis: delivery-redis.test.ts), and its backoff.
import pino from 'pino';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open-database';
import { NO_ADS_METRICS } from './ads-metrics';
import { retryDelay, startDelivery } from './delivery';
import { conversionId } from './event';
import { libsqlOutbox } from './libsql-outbox';
import type { Outbox } from './outbox';
import { adsEnv } from '../../testing/ads/ads-env';
import { describeDelivery } from '../../testing/ads/delivery-suite';
import { startFakePlatforms } from '../../testing/ads/fake-platforms';
import { waitFor } from '../../testing/ads/wait-for';

// Equivalent mutants of the delivery (the mutation score leaves them out; scripts/mutation-scores.ts reads these lines):
// Equivalent mutant (server/ads/delivery.ts, ConditionalExpression): `code !== undefined` -> `true`: NEVER_SENT holds no undefined
// A send's only abort signal is AbortSignal.timeout, whose fetch rejects with a TimeoutError, never an AbortError.
// Equivalent mutant (server/ads/delivery.ts, ConditionalExpression): `(error as Error).name === 'AbortError'` -> `false`: never an AbortError
// Equivalent mutant (server/ads/delivery.ts, StringLiteral): `'AbortError'` -> `""`: never an AbortError, nor an error without a name

describeDelivery('libsql', async () => ({ outbox: libsqlOutbox(openDatabase(':memory:')), close: async () => {} }));

describe('the wait before the next try', () => {
  it('is between half and all of the base, doubled for each send before, as the random draw says', () => {
    expect([retryDelay(1, 1000, () => 0), retryDelay(1, 1000, () => 1), retryDelay(3, 1000, () => 0.5)]).toEqual([500, 1000, 3000]);
    expect(retryDelay(2, 333, () => 0.3)).toBe(433); // 666 / 2 + 0.3 * 666 / 2 = 432.9, in whole ms
  });

  it('is at most 6 hours, however many sends came before', () => {
    expect([retryDelay(16, 1000, () => 1), retryDelay(16, 1000, () => 0), retryDelay(5000, 1000, () => 1)]).toEqual([
      21_600_000, 10_800_000, 21_600_000,
    ]);
  });
});

describe('delivery through a failing outbox', () => {
  it('says so in the log and goes on: leases not released at start, a claim that fails, an event not settled', async () => {
    // Where the outbox fails, the delivery's only trace is its log: the operator's one way to see it.
    const fake = await startFakePlatforms();
    const inner = libsqlOutbox(openDatabase(':memory:'));
    const failing = { releaseOwnLeases: 1, claim: 1, done: 1 };
    const failOnce = (name: keyof typeof failing) => {
      if (failing[name] === 0) return;
      failing[name] -= 1;
      throw new Error(`${name} failed`);
    };
    const outbox: Outbox = {
      ...inner,
      releaseOwnLeases: async (now) => (failOnce('releaseOwnLeases'), inner.releaseOwnLeases(now)),
      claim: async (now, limit, leaseMs) => (failOnce('claim'), inner.claim(now, limit, leaseMs)),
      done: async (id) => (failOnce('done'), inner.done(id)),
    };
    for (const clickId of ['flaky1', 'flaky2'])
      await outbox.add(
        {
          id: conversionId('kuaishou', clickId),
          platform: 'kuaishou',
          channel: 'H5REG',
          clickId,
          landingUrl: null,
          registeredAt: Date.now(),
        },
        Date.now(),
      );
    const lines: { level: number; msg: string; err?: { message: string }; event?: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
    const seconds: { reported: number[]; requests: number[] } = { reported: [], requests: [] };
    const metrics = {
      ...NO_ADS_METRICS,
      reported: (_p: string, _c: string, lag: number) => void seconds.reported.push(lag),
      requestTime: (_p: string, time: number) => void seconds.requests.push(time),
    };
    const delivery = startDelivery({ outbox, config: loadConfig(adsEnv(fake, { ADS_TIMEOUT_MS: '1000' })).ads, metrics, log });
    try {
      await waitFor(
        () => lines.some((line) => line.msg === 'ad conversion reported') && lines.some((line) => line.level === 50),
        5000,
        'a report and an event not settled',
      );
    } finally {
      await delivery.stop();
      await fake.close();
    }
    expect(lines.filter((line) => line.level >= 40).map(({ level, msg, err }) => ({ level, msg, err: err?.message }))).toEqual([
      { level: 40, msg: 'ad outbox: leases not released', err: 'releaseOwnLeases failed' },
      { level: 40, msg: 'ad outbox unreachable; trying again', err: 'claim failed' },
      { level: 50, msg: 'ad conversion not settled: its lease ends and it is sent again', err: 'done failed' },
    ]);
    expect([conversionId('kuaishou', 'flaky1'), conversionId('kuaishou', 'flaky2')]).toContain(
      lines.find((line) => line.level === 50)!.event,
    ); // which event
    expect(fake.requests).toHaveLength(2); // each sent once: the one not settled goes again when its lease ends, 10 s on
    // Seconds, not milliseconds: from the registration to the report, and for each request.
    expect(seconds.reported).toHaveLength(1);
    expect(seconds.reported[0]).toBeGreaterThanOrEqual(0);
    expect(seconds.reported[0]).toBeLessThan(10);
    expect(seconds.requests).toHaveLength(2);
    for (const time of seconds.requests) {
      expect(time).toBeGreaterThan(0);
      expect(time).toBeLessThan(5);
    }
  });
});
