// The runs of bench/strict-scale.ts, one function per section; each starts its own servers and stops them.
import autocannon, { type Options } from 'autocannon';
import { Redis } from 'ioredis';
import { readFileSync } from 'node:fs';
import type { RedisServer } from '../../testing/redis/redis-server';
import { freePort } from '../../scripts/free-port';
import { startServer, STRICT_ENV, type ServerEnv } from '../common/server-process';
import { percentile } from '../common/stats';
import { solvedWork } from '@game-register/gateway/testing';
import { challenge, findAnswer, trailMaker, verify } from './strict-client';

export const DURATION_S = Number(process.env.BENCH_DURATION || 10);
export const CHECK_CONNECTIONS = 10;
export const CHALLENGE_CONNECTIONS = 8;
export const SEQUENTIAL_RUNS = Number(process.env.BENCH_VERIFY_RUNS || 200);
export const BURST = 200;
/** The stock for sections 4 and 5: the burst's size (the default, 300, takes long to fill on a busy machine). */
export const STOCK = BURST;
const STOCK_FILL_TIMEOUT_MS = 600_000;

/** Which build the runs start: the built server, or another one to compare with (--server). */
export const runsOf = (entry?: string) => (env: ServerEnv) => startServer({ ...STRICT_ENV, ...env }, entry);
type Start = ReturnType<typeof runsOf>;

const checkuser = (base: string, duration = DURATION_S) =>
  autocannon({ url: `${base}/api/Index/checkuser?param=benchuser`, method: 'POST', connections: CHECK_CONNECTIONS, duration });
const challenges = (base: string, pixelRatio = 2, load: Omit<Options, 'url'> = { connections: CHALLENGE_CONNECTIONS, duration: DURATION_S }) =>
  autocannon({ ...load, url: `${base}/api/captcha/challenge`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pixelRatio }) });
const nonOk = (...results: autocannon.Result[]) => results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);

/** Waits until the server's stock holds `size` puzzles at `pixelRatio` (its metrics), and answers how long that took. */
async function stockFilled(metricsPort: number, size: number, pixelRatio: number) {
  const started = performance.now();
  for (;;) {
    const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((response) => response.text());
    const level = Number(new RegExp(`^game_register_captcha_stock_level\\{pixel_ratio="${pixelRatio}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    if (level >= size) return (performance.now() - started) / 1000;
    if (performance.now() - started > STOCK_FILL_TIMEOUT_MS) throw new Error(`the stock did not fill: ${level} at ratio ${pixelRatio}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Section 1: checkuser alone and while challenges are drawn, with `threads` draw threads (0: the main thread). */
export async function isolation(start: Start, threads: number, label: string) {
  const server = await start({ CAPTCHA_DRAW_THREADS: String(threads) });
  try {
    await checkuser(server.base, 2); // warm up
    const alone = await checkuser(server.base);
    const [during, drawn] = await Promise.all([checkuser(server.base), challenges(server.base)]);
    return {
      draws: label,
      'checkuser/s alone': Math.round(alone.requests.average),
      'p99 ms alone': alone.latency.p99,
      'checkuser/s during': Math.round(during.requests.average),
      'p99 ms during': during.latency.p99,
      'max ms during': during.latency.max,
      'challenges/s during': Math.round(drawn.requests.average),
      'non-2xx': nonOk(alone, during, drawn),
    };
  } finally {
    await server.stop();
  }
}

/** Section 2: challenges per second with `threads` draw threads. */
export async function challengeRate(start: Start, threads: number) {
  const server = await start({ CAPTCHA_DRAW_THREADS: String(threads), CAPTCHA_DRAW_QUEUE: '1000' });
  try {
    await challenges(server.base, 2, { connections: CHALLENGE_CONNECTIONS, duration: 2 });
    const result = await challenges(server.base);
    return { 'draw threads': threads, 'challenges/s': Math.round(result.requests.average), 'p99 ms': result.latency.p99, 'non-2xx': nonOk(result) };
  } finally {
    await server.stop();
  }
}

/** Section 3: two instances on one Redis (`redis`: REDIS_URL, or the REDIS_SENTINEL* variables), verify on B of challenges from A and reg on A, one at a time. */
export async function twoInstances(start: Start, redis: ServerEnv) {
  const shared = { ...redis, REDIS_PREFIX: 'bench:', CAPTCHA_DRAW_THREADS: '1' };
  const [a, b] = await Promise.all([start(shared), start(shared)]);
  try {
    const trailFor = trailMaker(8);
    const { offsetX, challenge: pinned } = await findAnswer(a.base, trailFor);
    const trail = trailFor(offsetX, pinned);
    const verifyMs: number[] = [];
    const regMs: number[] = [];
    let passes = 0;
    let registered = 0;
    for (let run = 0; run < SEQUENTIAL_RUNS; run += 1) {
      const next = await challenge(a.base);
      const work = next.work ? solvedWork(next.work).work : undefined; // solved before the clock starts
      let started = performance.now();
      const verdict = await verify(b.base, { id: next.id, offsetX, trail, work });
      verifyMs.push(performance.now() - started);
      if (verdict.status !== 'y' || verdict.token === undefined) continue;
      passes += 1;
      const mobile = `139${String(run).padStart(8, '0')}`;
      const query = `name=bench${run}&Password=secret1&rePassword=secret1&wash=1&washType=2&code=H5REG&mobile=${mobile}&QQ=&islogin=true&captchaToken=${verdict.token}`;
      started = performance.now();
      const answer: unknown = await fetch(`${a.base}/api/Index/reg?${query}`, { method: 'POST' }).then((response) => response.json());
      regMs.push(performance.now() - started);
      if (typeof answer === 'object' && answer !== null && 'status' in answer && answer.status === 'y') registered += 1;
    }
    const row = (run: string, timings: number[], ok: number) => ({ run, 'p50 ms': Number(percentile(timings, 50).toFixed(2)), 'p99 ms': Number(percentile(timings, 99).toFixed(2)), ok: `${ok}/${SEQUENTIAL_RUNS}` });
    return [row('verify on B of a challenge from A', verifyMs, passes), row('reg on A through the gate (token from B)', regMs, registered)];
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

/**
 * Section 6: the same instance on one Redis and on Redis behind Sentinel (`redis`): challenges per second
 * (ratio 1, drawn on demand) and the server's CPU per challenge (which other load on the machine does not
 * change); with `sequential`, then verify and reg one at a time on two instances (a reg's spend waits for a
 * replica behind Sentinel: WAIT).
 */
export async function redisCompare(start: Start, label: string, redis: ServerEnv, sequential: boolean) {
  const server = await start({ ...redis, REDIS_PREFIX: 'bench-compare:', CAPTCHA_DRAW_THREADS: '1', CAPTCHA_DRAW_QUEUE: '1000' });
  let drawn: autocannon.Result;
  let cpuMs: number;
  try {
    await challenges(server.base, 1, { connections: CHALLENGE_CONNECTIONS, duration: 2 });
    const cpuBefore = server.cpuSeconds();
    drawn = await challenges(server.base, 1);
    cpuMs = ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, drawn.requests.total);
  } finally {
    await server.stop();
  }
  const [verifyRow, regRow] = sequential ? await twoInstances(start, redis) : [];
  return {
    redis: label,
    'challenges/s': Math.round(drawn.requests.average),
    'challenge p99 ms': drawn.latency.p99,
    'server CPU ms per challenge': Number(cpuMs.toFixed(2)),
    'verify p50 / p99 ms': verifyRow ? `${verifyRow['p50 ms']} / ${verifyRow['p99 ms']}` : '',
    'reg p50 / p99 ms': regRow ? `${regRow['p50 ms']} / ${regRow['p99 ms']}` : '',
    ok: verifyRow && regRow ? `${verifyRow.ok}, ${regRow.ok}` : '',
    'non-2xx': nonOk(drawn),
  };
}

/**
 * Section 6, what WAIT adds: a pass token's spend (`SET NX PX`) one at a time on the primary behind Sentinel,
 * alone and followed by `WAIT 1` as the gate sends it (one replica's confirmation).
 */
export async function spendCosts(sentinels: { host: string; port: number }[], master: string, runs = 2000) {
  const redis = new Redis({ sentinels, name: master, enableAutoPipelining: true });
  try {
    const timed = async (label: string, spend: (id: string) => Promise<unknown>) => {
      const ms: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const started = performance.now();
        await spend(`${label}:${run}`);
        ms.push(performance.now() - started);
      }
      return { spend: label, 'p50 ms': Number(percentile(ms, 50).toFixed(3)), 'p99 ms': Number(percentile(ms, 99).toFixed(3)) };
    };
    const set = (id: string) => redis.set(`bench-spend:${id}`, '1', 'PX', 60_000, 'NX');
    return [await timed('SET NX', set), await timed('SET NX, then WAIT 1 300', (id) => Promise.all([set(id), redis.wait(1, 300)]))];
  } finally {
    redis.disconnect();
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
