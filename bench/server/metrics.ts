// What the Prometheus metrics cost: checkuser req/s and p99 on the built server with METRICS_PORT unset and
// set (with a scrape every 5 s while it runs), alternating off/on runs so drift on a busy machine hits both.
import autocannon, { type Options } from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { ensureBuilt } from '../../scripts/build-if-stale';
import { freePort } from '../../scripts/free-port';
import { LOAD_ENV, startServer } from '../common/server-process';
import { median } from '../common/stats';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const CONNECTIONS = 50;
const FIXED_RATE = Number(process.env.BENCH_FIXED_RATE || 1000); // req/s, well under what one core serves
const FIXED_RATE_S = Math.max(3, Math.round(DURATION_S / 2));
export const TARGET_LOSS_PERCENT = 5;

interface Run {
  rps: number;
  p99: number;
  cpu: number;
  cpuAtRate: number;
  bad: number;
}

async function run(metrics: boolean): Promise<Run> {
  const metricsPort = metrics ? await freePort() : null;
  const server = await startServer(metricsPort ? { ...LOAD_ENV, METRICS_PORT: String(metricsPort) } : LOAD_ENV);
  const scraper = metricsPort ? setInterval(() => void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text()), 5000) : null;
  try {
    const load = (extra: Omit<Options, 'url'>) =>
      autocannon({
        url: `${server.base}/api/Index/checkuser?param=bench_user&name=name`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ param: 'bench_user', name: 'name' }),
        connections: CONNECTIONS,
        ...extra,
      });
    let cpuBefore = server.cpuSeconds();
    const result = await load({ duration: DURATION_S });
    const cpuPerRequest = ((server.cpuSeconds() - cpuBefore) / result.requests.total) * 1e6;
    // The same work at a fixed, modest rate: a saturated server batches more requests per event-loop turn
    // when it gets more CPU, so its CPU per request moves with the machine's other load; at a fixed rate
    // both halves of a pair batch alike and the difference is the metrics' own work.
    cpuBefore = server.cpuSeconds(); // the CPU time, less shaken by a busy machine than req/s
    const paced = await load({ duration: FIXED_RATE_S, overallRate: FIXED_RATE });
    const cpuAtRate = ((server.cpuSeconds() - cpuBefore) / paced.requests.total) * 1e6;
    const bad = result.non2xx + result.errors + result.timeouts + paced.non2xx + paced.errors + paced.timeouts;
    return { rps: result.requests.average, p99: result.latency.p99, cpu: cpuPerRequest, cpuAtRate, bad };
  } finally {
    if (scraper) clearInterval(scraper);
    await server.stop();
  }
}

async function main() {
  ensureBuilt({ customDist: false });
  console.log(`[bench:metrics] checkuser, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s with metrics off then on`);
  const off: Run[] = [];
  const on: Run[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    off.push(await run(false));
    on.push(await run(true));
  }
  const summary = (runs: Run[]) => ({
    'req/s (median)': Math.round(median(runs.map((r) => r.rps))),
    'p99 ms (median)': median(runs.map((r) => r.p99)),
    'server CPU µs/req (median)': Math.round(median(runs.map((r) => r.cpu))),
    [`CPU µs/req at ${FIXED_RATE} req/s`]: Math.round(median(runs.map((r) => r.cpuAtRate))),
    runs: runs.map((r) => Math.round(r.rps)).join(' / '),
    'non-2xx': runs.reduce((n, r) => n + r.bad, 0),
  });
  const rows = [
    { metrics: 'off', ...summary(off) },
    { metrics: 'on (scraped every 5 s)', ...summary(on) },
  ];
  console.table(rows);
  // Each round's on run against the off run just before it, then the median: drift on a shared machine
  // (other jobs starting and stopping) moves both halves of a pair, less so the ratio.
  const loss = median(off.map((r, i) => (1 - on[i]!.rps / r.rps) * 100));
  const cpuCost = median(off.map((r, i) => (on[i]!.cpu / r.cpu - 1) * 100));
  const cpuAtRateCost = median(off.map((r, i) => (on[i]!.cpuAtRate / r.cpuAtRate - 1) * 100));
  console.log(
    `  ${loss < TARGET_LOSS_PERCENT ? 'ok  ' : 'MISS'} throughput lost with metrics on (median of ${ROUNDS} paired rounds): ${loss.toFixed(1)}% (goal < ${TARGET_LOSS_PERCENT}%)`,
  );
  console.log(
    `  ${cpuCost < TARGET_LOSS_PERCENT ? 'ok  ' : 'MISS'} server CPU per request with metrics on (median of paired rounds): ${cpuCost >= 0 ? '+' : ''}${cpuCost.toFixed(1)}% (the same goal, less shaken by other load on the machine)`,
  );
  console.log(
    `  ${cpuAtRateCost < TARGET_LOSS_PERCENT ? 'ok  ' : 'MISS'} server CPU per request at a fixed ${FIXED_RATE} req/s with metrics on (median of paired rounds): ${cpuAtRateCost >= 0 ? '+' : ''}${cpuAtRateCost.toFixed(1)}% (the steadiest of the three on a shared machine)`,
  );
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/metrics.json',
    `${JSON.stringify({ date: new Date().toISOString(), durationS: DURATION_S, rounds: ROUNDS, rows, lossPercent: Number(loss.toFixed(1)), cpuPerRequestPercent: Number(cpuCost.toFixed(1)), cpuAtFixedRatePercent: Number(cpuAtRateCost.toFixed(1)) }, null, 2)}\n`,
  );
}

await main();
