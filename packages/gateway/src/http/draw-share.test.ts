// Drawing shared among networks, as callers meet it: the gateway with one draw thread and a small stock, one
// IPv6 /48 fetching from a new /64 each time beside people on other networks.
import Fastify from 'fastify';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import Database from 'libsql';
import type { GatewayLevels } from '../core/rules/events';
import gateway from './plugin';

const STOCK = 2; // plain puzzles per ratio; one guarded
const STOCKED_PER_RATIO = STOCK + 1;

async function startGateway() {
  const database = new Database(':memory:');
  let levels: GatewayLevels | null = null;
  const app = Fastify();
  await app.register(
    async (api) =>
      api.register(gateway, {
        store: { kind: 'libsql', database },
        testSeed: 20240607,
        work: { puzzle: 1000, accessible: 2000 },
        stock: STOCK,
        draw: { threads: 1, queue: 64 },
        events: { levels: (given) => void (levels = given) },
      }),
    { prefix: '/api' },
  );
  await app.ready();
  /** Waits until the stock is full at every ratio: drawing is not short. */
  const stocked = async () => {
    while ([...levels!.stock().values()].some((ready) => ready < STOCKED_PER_RATIO))
      await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const fetchFrom = (remoteAddress: string) =>
    app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.challenge}`, payload: { pixelRatio: 1 }, remoteAddress });
  const changes = () => (database.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  return { app, stocked, fetchFrom, changes };
}

describe('drawing shared among networks', () => {
  it('while it runs short, a /48 fetching from 40 of its /64s waits past its share, writing nothing, and people elsewhere are served at once', async () => {
    const { app, stocked, fetchFrom, changes } = await startGateway();
    try {
      await stocked();
      const statuses: number[] = [];
      let refusedWrites = 0;
      const people: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        // People on other networks, now and then, fetching as the /48 floods.
        if (i % 8 === 0) people.push((await fetchFrom(`198.51.${100 + i}.7`)).statusCode);
        const before = changes();
        const answer = await fetchFrom(`2001:db8:aa:${(i + 1).toString(16)}::1`);
        statuses.push(answer.statusCode);
        if (answer.statusCode === 503) {
          expect(answer.headers['retry-after']).toBe('1');
          refusedWrites += changes() - before;
        }
      }
      // Before the share, all 40 were drawn. Now most wait: a refused fetch counted nothing and wrote nothing.
      expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(20);
      expect(new Set(statuses)).toEqual(new Set([200, 503]));
      expect(refusedWrites).toBe(0);
      // The people on other networks, while the /48 was at it: served at once, every one.
      expect(people).toEqual([200, 200, 200, 200, 200]);
      expect((await fetchFrom('2001:db8:bb:1::1')).statusCode).toBe(200);
      // No fixed cap on the /48: once drawing is not short, its people are served again.
      await stocked();
      expect((await fetchFrom('2001:db8:aa:ffff::1')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
