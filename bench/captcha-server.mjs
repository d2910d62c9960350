#!/usr/bin/env node
// Strict mode on the built server, on loopback: challenges per second (drawn with @napi-rs/canvas and
// encoded as WebP at 2x, as a phone asks) under concurrent load, and the latency of verify (a passing
// answer with a hand-like trail) one request at a time. Targets: >= 40 challenges/s, verify p99 < 20 ms.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, SERVER_ENTRY } from '../scripts/build-if-stale.mjs';
import { freePort } from '../scripts/free-port.mjs';
import { waitUntilUp } from './wait-until-up.mjs';
import { humanTrail, seededRandom, solvedWork } from '@game-register/gateway/testing';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 8;
const VERIFY_RUNS = Number(process.env.BENCH_VERIFY_RUNS || 300);
const SEED = '20240607'; // every puzzle the same, so the bench can answer it (a test hook, refused in production)
export const TARGETS = { challengesPerSecond: 40, verifyP99Ms: 20 };

function startServer(port, dataDir) {
  return spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: join(dataDir, 'bench.db'),
      RATE_LIMIT_CHECKS: '1000000000',
      RATE_LIMIT_REG: '1000000000',
      TRUST_PROXY: 'loopback', // the search for the answer fails from many X-Forwarded-For addresses, not one
      CAPTCHA_MODE: 'strict',
      CAPTCHA_TEST_SEED: SEED,
      CAPTCHA_STOCK: '0', // every challenge drawn when asked for: this bench measures drawing (bench:strict-scale the stock)
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export const post = (base, path, body, address = '127.0.0.1') =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  }).then((response) => response.json());

/** The hand-like drags the answers carry (the bots' own, the gateway's testing export), seeded so runs repeat. */
const trailRandom = seededRandom(7);

/** Finds the pinned puzzle's answer from outside, as a client would by trying (with the work solved): steps of 19 < 2 x tolerance. */
export async function findAnswer(base) {
  for (let offsetX = 5, attempt = 0; offsetX < 310; offsetX += 19, attempt += 1) {
    const address = `10.9.${attempt}.1`;
    const challenge = await post(base, '/api/captcha/challenge', { pixelRatio: 2 }, address);
    const { work } = solvedWork(challenge.work);
    const verdict = await post(base, '/api/captcha/verify', { id: challenge.id, offsetX, trail: humanTrail(offsetX, challenge, trailRandom), work }, address);
    if (verdict.status === 'y') return { offsetX, challenge };
  }
  throw new Error('no offset passed the pinned puzzle');
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  ensureBuilt({ customDist: false });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-captcha-server-'));
  const server = startServer(port, dataDir);
  try {
    await waitUntilUp(`${base}/api/captcha/challenge`, { method: 'POST' });
    console.log(`[bench:captcha-server] ${cpus().length} CPUs, server pid ${server.pid} on ${base}`);
    const challenges = await autocannon({
      url: `${base}/api/captcha/challenge`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pixelRatio: 2 }),
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const sample = await post(base, '/api/captcha/challenge', { pixelRatio: 2 });
    const answerKB = (JSON.stringify(sample).length / 1024).toFixed(1);

    const { offsetX, challenge } = await findAnswer(base);
    const trail = humanTrail(offsetX, challenge, trailRandom);
    const timings = [];
    let passes = 0;
    for (let run = 0; run < VERIFY_RUNS; run += 1) {
      const next = await post(base, '/api/captcha/challenge', { pixelRatio: 2 });
      const { work } = solvedWork(next.work); // solved before the clock starts: verify's own time is measured
      const started = performance.now();
      const verdict = await post(base, '/api/captcha/verify', { id: next.id, offsetX, trail, work });
      timings.push(performance.now() - started);
      if (verdict.status === 'y') passes += 1;
    }
    timings.sort((a, b) => a - b);

    const rows = [
      {
        run: `POST /api/captcha/challenge (2x, ${CONNECTIONS} connections, ${DURATION_S} s)`,
        'per s': Math.round(challenges.requests.average),
        'p99 ms': challenges.latency.p99,
        'non-2xx': challenges.non2xx + challenges.errors + challenges.timeouts,
      },
      {
        run: `POST /api/captcha/verify (one at a time, ${VERIFY_RUNS} runs, ${passes} passed)`,
        'per s': Math.round(1000 / (timings.reduce((sum, ms) => sum + ms, 0) / timings.length)),
        'p99 ms': Number(percentile(timings, 99).toFixed(2)),
        'non-2xx': 0,
      },
    ];
    console.table(rows);
    console.log(`  a challenge answer is ${answerKB} KB of JSON (both WebP pictures as data URLs); verify p50 ${percentile(timings, 50).toFixed(2)} ms`);
    const checks = [
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
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await main()) ? 0 : 1;
}
