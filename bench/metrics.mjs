#!/usr/bin/env node
// What the Prometheus metrics cost: checkuser req/s and p99 on the built server with METRICS_PORT unset and
// set (with a scrape every 5 s while it runs), alternating off/on runs so drift on a busy machine hits both.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, SERVER_ENTRY } from '../scripts/build-if-stale.mjs';
import { freePort } from '../scripts/free-port.mjs';
import { waitUntilUp } from './wait-until-up.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 50;
export const TARGET_LOSS_PERCENT = 5;

async function start(metricsPort) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-metrics-'));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: join(dataDir, 'bench.db'),
      RATE_LIMIT_CHECKS: '1000000000',
      RATE_LIMIT_REG: '1000000000',
      LOG_LEVEL: 'info',
      ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/`);
  return { base, pid: child.pid, stop: () => { child.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true }); } };
}

async function run(metrics) {
  const metricsPort = metrics ? await freePort() : null;
  const server = await start(metricsPort);
  const scraper = metricsPort ? setInterval(() => void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text()), 5000) : null;
  try {
    const cpuBefore = cpuSeconds(server.pid);
    const result = await autocannon({
      url: `${server.base}/api/Index/checkuser?param=bench_user&name=name`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ param: 'bench_user', name: 'name' }),
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const cpuPerRequest = ((cpuSeconds(server.pid) - cpuBefore) / result.requests.total) * 1e6;
    return { rps: result.requests.average, p99: result.latency.p99, cpu: cpuPerRequest, bad: result.non2xx + result.errors + result.timeouts };
  } finally {
    if (scraper) clearInterval(scraper);
    server.stop();
  }
}

/** CPU time (user + system) a process has used, in seconds: less shaken by a busy machine than req/s. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  ensureBuilt({ customDist: false });
  console.log(`[bench:metrics] checkuser, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s with metrics off then on`);
  const off = [];
  const on = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    off.push(await run(false));
    on.push(await run(true));
  }
  const summary = (runs) => ({
    'req/s (median)': Math.round(median(runs.map((r) => r.rps))),
    'p99 ms (median)': median(runs.map((r) => r.p99)),
    'server CPU µs/req (median)': Math.round(median(runs.map((r) => r.cpu))),
    runs: runs.map((r) => Math.round(r.rps)).join(' / '),
    'non-2xx': runs.reduce((n, r) => n + r.bad, 0),
  });
  const rows = [{ metrics: 'off', ...summary(off) }, { metrics: 'on (scraped every 5 s)', ...summary(on) }];
  console.table(rows);
  const loss = (1 - rows[1]['req/s (median)'] / rows[0]['req/s (median)']) * 100;
  const cpuCost = (rows[1]['server CPU µs/req (median)'] / rows[0]['server CPU µs/req (median)'] - 1) * 100;
  console.log(`  ${loss < TARGET_LOSS_PERCENT ? 'ok  ' : 'MISS'} throughput lost with metrics on: ${loss.toFixed(1)}% (goal < ${TARGET_LOSS_PERCENT}%)`);
  console.log(`  ${cpuCost < TARGET_LOSS_PERCENT ? 'ok  ' : 'MISS'} server CPU per request with metrics on: ${cpuCost >= 0 ? '+' : ''}${cpuCost.toFixed(1)}% (the same goal, less shaken by other load on the machine)`);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/metrics.json', `${JSON.stringify({ date: new Date().toISOString(), durationS: DURATION_S, rounds: ROUNDS, rows, lossPercent: Number(loss.toFixed(1)), cpuPerRequestPercent: Number(cpuCost.toFixed(1)) }, null, 2)}\n`);
}

await main();
