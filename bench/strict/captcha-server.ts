// Strict mode on the built server, on loopback: challenges per second (drawn with @napi-rs/canvas and
// encoded at 2x, as a phone asks) under concurrent load, and the latency of verify (a passing answer with a
// hand-like trail) one request at a time. Targets: >= 40 challenges/s, verify p99 < 20 ms.
import autocannon from 'autocannon';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { ensureBuilt } from '../../scripts/build-if-stale';
import { startServer, STRICT_ENV } from '../common/server-process';
import { median, percentile } from '../common/stats';
import { solvedWork } from '@game-register/gateway/testing';
import { challenge, findAnswer, trailMaker, verify } from './strict-client';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 8;
const VERIFY_RUNS = Number(process.env.BENCH_VERIFY_RUNS || 300);
export const TARGETS = { challengesPerSecond: 40, verifyP99Ms: 20 };

async function main() {
  ensureBuilt({ customDist: false });
  const server = await startServer(STRICT_ENV); // every challenge drawn when asked for: this bench measures drawing (bench:strict-scale the stock)
  const { base } = server;
  try {
    console.log(`[bench:captcha-server] ${cpus().length} CPUs, server pid ${server.pid} on ${base}`);
    const challenges = await autocannon({
      url: `${base}/api${CAPTCHA_PATHS.challenge}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pixelRatio: 2 }),
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const answerKB = (JSON.stringify(await challenge(base)).length / 1024).toFixed(1);

    const trailFor = trailMaker(7);
    const { offsetX, challenge: pinned } = await findAnswer(base, trailFor);
    const trail = trailFor(offsetX, pinned);
    const timings: number[] = [];
    let passes = 0;
    for (let run = 0; run < VERIFY_RUNS; run += 1) {
      const next = await challenge(base);
      const work = next.work ? solvedWork(next.work).work : undefined; // solved before the clock starts: verify's own time is measured
      const started = performance.now();
      const verdict = await verify(base, { id: next.id, offsetX, trail, work });
      timings.push(performance.now() - started);
      if (verdict.status === 'y') passes += 1;
    }

    const rows = [
      {
        run: `POST /api${CAPTCHA_PATHS.challenge} (2x, ${CONNECTIONS} connections, ${DURATION_S} s)`,
        'per s': Math.round(challenges.requests.average),
        'p99 ms': challenges.latency.p99,
        'non-2xx': challenges.non2xx + challenges.errors + challenges.timeouts,
      },
      {
        run: `POST /api${CAPTCHA_PATHS.verify} (one at a time, ${VERIFY_RUNS} runs, ${passes} passed)`,
        'per s': Math.round(1000 / (timings.reduce((sum, ms) => sum + ms, 0) / timings.length)),
        'p99 ms': Number(percentile(timings, 99).toFixed(2)),
        'non-2xx': 0,
      },
    ] as const;
    console.table(rows);
    console.log(`  a challenge answer is ${answerKB} KB of JSON (both pictures as data URLs); verify p50 ${median(timings).toFixed(2)} ms`);
    const checks: [string, boolean][] = [
      [`challenges >= ${TARGETS.challengesPerSecond}/s`, rows[0]['per s'] >= TARGETS.challengesPerSecond],
      [`verify p99 < ${TARGETS.verifyP99Ms} ms`, rows[1]['p99 ms'] < TARGETS.verifyP99Ms],
      ['every challenge answered 2xx', rows[0]['non-2xx'] === 0],
      ['every verify passed', passes === VERIFY_RUNS],
    ];
    for (const [label, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'MISS'} ${label}`);

    mkdirSync('bench-results', { recursive: true });
    writeFileSync(
      'bench-results/captcha-server.json',
      `${JSON.stringify({ date: new Date().toISOString(), cpus: cpus().length, targets: TARGETS, rows, answerKB: Number(answerKB) }, null, 2)}\n`,
    );
    return checks.every(([, ok]) => ok);
  } finally {
    await server.stop();
  }
}

process.exitCode = (await main()) ? 0 : 1;
