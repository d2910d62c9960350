// Sections 4 and 5 of bench/strict/strict-scale.ts: bursts from the stock; each run starts its own server and stops it.
import { Redis } from 'ioredis';
import { readFileSync } from 'node:fs';
import type { RedisServer } from '../../testing/redis/redis-server';
import { freePort } from '../../scripts/free-port';
import type { ServerEnv } from '../common/server-process';
import { BURST, challenges, DURATION_S, nonOk, STOCK, type Start } from './strict-scale-load';

const STOCK_FILL_TIMEOUT_MS = 600_000;

/** Waits until the server's stock holds `size` puzzles at `pixelRatio` (its metrics), and answers how long that took. */
async function stockFilled(metricsPort: number, size: number, pixelRatio: number) {
  const started = performance.now();
  for (;;) {
    const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((response) => response.text());
    const level = Number(
      new RegExp(`^game_register_captcha_stock_level\\{pixel_ratio="${pixelRatio}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0,
    );
    if (level >= size) return (performance.now() - started) / 1000;
    if (performance.now() - started > STOCK_FILL_TIMEOUT_MS) throw new Error(`the stock did not fill: ${level} at ratio ${pixelRatio}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The server's settings for the stock sections: one draw thread, `stock` puzzles per ratio, its metrics, Redis. */
const stockEnv = (redis: RedisServer, stock: number, metricsPort: number, prefix: string): ServerEnv => ({
  CAPTCHA_DRAW_THREADS: '1',
  CAPTCHA_DRAW_QUEUE: '1000',
  CAPTCHA_STOCK: String(stock),
  METRICS_PORT: String(metricsPort),
  REDIS_URL: redis.url, // as an instance behind a balancer keeps its challenges
  REDIS_PREFIX: prefix,
});

/** Section 4: a burst at `pixelRatio` from `stock` puzzles (0: none), then at once a sustained load (refills included). */
export async function stockRun(start: Start, redis: RedisServer, pixelRatio: number, stock: number) {
  const metricsPort = await freePort();
  const server = await start(stockEnv(redis, stock, metricsPort, `bench-stock-${pixelRatio}-${stock}:`));
  try {
    await challenges(server.base, pixelRatio, { connections: 1, amount: 3 }); // warm: the draw thread has its canvases
    const fillSeconds = stock > 0 ? await stockFilled(metricsPort, stock, pixelRatio) : null;
    const rssMb = Math.round(server.rssMb());
    const loopBefore = server.cpuSeconds({ mainThread: true });
    const burst = await challenges(server.base, pixelRatio, { connections: BURST, amount: BURST, timeout: 60 });
    const loopMsPerChallenge = ((server.cpuSeconds({ mainThread: true }) - loopBefore) * 1000) / BURST;
    const cpuBefore = server.cpuSeconds();
    const sustained = await challenges(server.base, pixelRatio, { connections: 4, duration: DURATION_S, timeout: 60 });
    const cpuMsPerChallenge = ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, sustained.requests.total);
    return {
      'pixel ratio': pixelRatio,
      stock: stock > 0 ? `${stock} full` : 'none',
      'fill s': fillSeconds === null ? '' : Number(fillSeconds.toFixed(1)),
      'RSS MB, idle': rssMb,
      [`burst of ${BURST}: p50 ms`]: burst.latency.p50,
      'p99 ms': burst.latency.p99,
      // One event loop answers the whole burst: on an idle core its p99 is about BURST times this.
      'event-loop CPU ms each': Number(loopMsPerChallenge.toFixed(2)),
      'challenges/s after it': Number(sustained.requests.average.toFixed(1)),
      // What a challenge costs the server in CPU, whatever else the machine runs: 1000 / this = challenges per core-second.
      'server CPU ms per challenge': Number(cpuMsPerChallenge.toFixed(1)),
      'non-2xx': nonOk(burst, sustained),
    };
  } finally {
    await server.stop();
  }
}

/** Redis commands run since the last reset, by name (INFO commandstats; a script's own commands are counted too). */
async function redisCommands(client: Redis): Promise<Record<string, number>> {
  const text = await client.info('commandstats');
  return Object.fromEntries([...text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map(([, name, calls]) => [name, Number(calls)]));
}

/** Section 5: `rounds` bursts of BURST at ratio 3 from a full stock, one server, refilled between rounds. */
export async function burstRuns(start: Start, redis: RedisServer, rounds: number) {
  const metricsPort = await freePort();
  const server = await start(stockEnv(redis, STOCK, metricsPort, 'bench-burst:'));
  const client = new Redis(redis.url);
  const rows = [];
  try {
    await challenges(server.base, 3, { connections: 1, amount: 3 });
    for (let round = 1; round <= rounds; round += 1) {
      await stockFilled(metricsPort, STOCK, 3);
      await client.config('RESETSTAT');
      const loopBefore = server.cpuSeconds({ mainThread: true });
      const burst = await challenges(server.base, 3, { connections: BURST, amount: BURST, timeout: 60 });
      const loopMs = ((server.cpuSeconds({ mainThread: true }) - loopBefore) * 1000) / BURST;
      const commands = await redisCommands(client);
      delete commands['config|resetstat'];
      const total = Object.values(commands).reduce((sum, calls) => sum + calls, 0);
      rows.push({
        round,
        [`burst of ${BURST}: p50 ms`]: burst.latency.p50,
        'p99 ms': burst.latency.p99,
        'event-loop CPU ms each': Number(loopMs.toFixed(2)),
        'Redis commands each': Number((total / BURST).toFixed(1)),
        'load average': Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
        'non-2xx': nonOk(burst),
      });
    }
  } finally {
    client.disconnect();
    await server.stop();
  }
  return rows;
}
