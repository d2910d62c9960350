// A limit's counter past its max is answered from the instance's memory until its window ends: a flood from one
// address asks the shared store (Redis) once a window, not once a request.
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import { EXCEEDED_REMEMBERED, withExceededMemory } from './rate-limit-store';

type Counted = { current: number; ttl: number };

function setUp() {
  const clock = { at: 1_000_000 };
  const inner = new LocalStore(false, false) as FastifyRateLimitStore;
  const asked = { count: 0 };
  const counting: Pick<FastifyRateLimitStore, 'incr'> = {
    incr: (...args) => {
      asked.count += 1;
      inner.incr(...args);
    },
  };
  const store = withExceededMemory(counting, () => clock.at);
  const incr = (key: string, max = 3, windowMs = 60_000) =>
    new Promise<Counted>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, max),
    );
  return { clock, asked, incr };
}

describe('a limit past its max', () => {
  it('is answered from memory, still past its max and its wait counting down, until the window ends', async () => {
    const { clock, asked, incr } = setUp();
    const counts = [];
    for (let i = 0; i < 4; i += 1) counts.push((await incr('10.0.0.1')).current);
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(asked.count).toBe(4);
    const { ttl } = await incr('10.0.0.1'); // the memory's first answer
    clock.at += 10_000;
    const later = await incr('10.0.0.1');
    expect(later.current).toBe(6);
    expect(later.ttl).toBe(ttl - 10_000);
    expect(asked.count).toBe(4);
    // Another key is counted by the store as ever; this one again once its window is over.
    expect((await incr('10.0.0.2')).current).toBe(1);
    clock.at += 60_000;
    await incr('10.0.0.1');
    expect(asked.count).toBe(6);
  });

  it('remembers a counter that is not past its max never', async () => {
    const { asked, incr } = setUp();
    for (let i = 0; i < 3; i += 1) await incr('10.0.0.3');
    expect(asked.count).toBe(3);
  });

  it(`keeps at most ${EXCEEDED_REMEMBERED} counters, forgetting the oldest`, async () => {
    const { asked, incr } = setUp();
    await incr('first', 0);
    for (let i = 0; i < EXCEEDED_REMEMBERED; i += 1) await incr(`key ${i}`, 0);
    const before = asked.count;
    await incr('first', 0);
    expect(asked.count).toBe(before + 1);
  });
});
