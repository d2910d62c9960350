// The delivery on the libsql outbox (the same promises on Redis: delivery-redis.test.ts), and its backoff.
import { openDatabase } from '../db/database';
import { retryDelay } from './delivery';
import { libsqlOutbox } from './libsql-outbox';
import { describeDelivery } from './testing/delivery-suite';

describeDelivery('libsql', async () => ({ outbox: libsqlOutbox(openDatabase(':memory:')), close: async () => {} }));

describe('the wait before the next try', () => {
  it('is between half and all of the base, doubled for each send before, as the random draw says', () => {
    expect([retryDelay(1, 1000, () => 0), retryDelay(1, 1000, () => 1), retryDelay(3, 1000, () => 0.5)]).toEqual([500, 1000, 3000]);
    expect(retryDelay(2, 333, () => 0.3)).toBe(433); // 666 / 2 + 0.3 * 666 / 2 = 432.9, in whole ms
  });

  it('is at most 6 hours, however many sends came before', () => {
    expect([retryDelay(16, 1000, () => 1), retryDelay(16, 1000, () => 0), retryDelay(5000, 1000, () => 1)]).toEqual([21_600_000, 10_800_000, 21_600_000]);
  });
});
