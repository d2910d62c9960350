// Sections 3 and 6 of bench/strict/strict-scale.ts: instances sharing one Redis, and Redis behind Sentinel; each run starts its own servers and stops them.
import type autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { solvedWork } from '@game-register/gateway/testing';
import type { ServerEnv } from '../common/server-process';
import { percentile } from '../common/stats';
import { challenge, findAnswer, trailMaker, verify } from './strict-client';
import { challenges, CHALLENGE_CONNECTIONS, nonOk, SEQUENTIAL_RUNS, type Start } from './strict-scale-load';

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
    const row = (run: string, timings: number[], ok: number) => ({
      run,
      'p50 ms': Number(percentile(timings, 50).toFixed(2)),
      'p99 ms': Number(percentile(timings, 99).toFixed(2)),
      ok: `${ok}/${SEQUENTIAL_RUNS}`,
    });
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
