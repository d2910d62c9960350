#!/usr/bin/env node
// Load bench of the built server on loopback: checkuser and hashed assets, 10 s each at 50 connections,
// with the rate limits raised; prints req/s, p99 latency and the server's peak resident memory.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, SERVER_ENTRY } from '../scripts/build-if-stale.mjs';
import { freePort } from '../scripts/free-port.mjs';
import { waitUntilUp } from './wait-until-up.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 50;
export const TARGETS = { checkuserRps: 3000, checkuserP99Ms: 50, assetRps: 8000, rssMB: 150 };

/** The built server on loopback with the limits out of the way; `env` adds settings (METRICS_PORT...). */
export function startServer(port, dataDir, env = {}) {
  return spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: join(dataDir, 'bench.db'),
      RATE_LIMIT_CHECKS: '1000000000',
      RATE_LIMIT_REG: '1000000000',
      LOG_LEVEL: 'info', // the one line per request is part of the cost; it goes to /dev/null
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Peak VmRSS of a process, sampled while fn runs. */
async function withPeakRss(pid, fn) {
  let peakKB = 0;
  const sample = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    peakKB = Math.max(peakKB, Number(match?.[1] ?? 0));
  };
  const timer = setInterval(sample, 200);
  try {
    const result = await fn();
    sample();
    return { result, peakMB: peakKB / 1024 };
  } finally {
    clearInterval(timer);
  }
}

function load(title, options) {
  return autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options, title });
}

/** The entry stylesheet and script that index.html links: hashed, precompressed assets of the real build. */
function entryAssets() {
  const html = readFileSync('dist/index.html', 'utf8');
  const first = (pattern, extension) =>
    pattern.exec(html)?.[1] ?? `/assets/${readdirSync('dist/assets').find((name) => name.endsWith(extension))}`;
  return {
    css: first(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/, '.css'),
    js: first(/<script[^>]+type="module"[^>]+src="([^"]+)"/, '.js'),
  };
}

async function main() {
  ensureBuilt({ customDist: false });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const server = startServer(port, dataDir);
  try {
    await waitUntilUp(`${base}/`);
    await fetch(`${base}/api/Index/reg?name=bench_user&Password=bench-pass&rePassword=bench-pass&mobile=13800138000`, { method: 'POST' });
    const assets = entryAssets();
    /** How the asset goes over the wire to a browser: "br, 2.6 KB". */
    const wireForm = async (path) => {
      const { headers } = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      return `${headers.get('content-encoding') ?? 'identity'}, ${(Number(headers.get('content-length')) / 1024).toFixed(1)} KB`;
    };
    const [cssWire, jsWire] = [await wireForm(assets.css), await wireForm(assets.js)];

    console.log(`[bench:server] ${DURATION_S} s per run, ${CONNECTIONS} connections, server pid ${server.pid} on ${base}`);
    const checkuser = await withPeakRss(server.pid, () =>
      load('checkuser', {
        url: `${base}/api/Index/checkuser?param=bench_user&name=name`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ param: 'bench_user', name: 'name' }),
      }),
    );
    const assetRun = (path) => () => load(path, { url: `${base}${path}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const css = await withPeakRss(server.pid, assetRun(assets.css));
    const js = await withPeakRss(server.pid, assetRun(assets.js));

    const row = (name, { result, peakMB }) => ({
      run: name,
      'req/s': Math.round(result.requests.average),
      'p99 ms': result.latency.p99,
      'non-2xx': result.non2xx + result.errors + result.timeouts,
      'peak RSS MB': Math.round(peakMB),
    });
    const rows = [
      row('POST checkuser', checkuser),
      row(`GET ${assets.css} (${cssWire})`, css),
      row(`GET ${assets.js} (${jsWire})*`, js),
    ];
    console.table(rows);
    console.log('  * autocannon decodes every body into a string; at this size the load generator, not the server, sets the pace.');

    const peakRss = Math.max(checkuser.peakMB, css.peakMB, js.peakMB);
    const checks = [
      [`checkuser >= ${TARGETS.checkuserRps} req/s`, rows[0]['req/s'] >= TARGETS.checkuserRps],
      [`checkuser p99 < ${TARGETS.checkuserP99Ms} ms`, rows[0]['p99 ms'] < TARGETS.checkuserP99Ms],
      [`hashed asset (entry CSS) >= ${TARGETS.assetRps} req/s`, rows[1]['req/s'] >= TARGETS.assetRps],
      [`server RSS <= ${TARGETS.rssMB} MB`, peakRss <= TARGETS.rssMB],
      ['every answer 2xx', rows.every((r) => r['non-2xx'] === 0)],
    ];
    for (const [label, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'MISS'} ${label}`);

    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/server.json', `${JSON.stringify({ date: new Date().toISOString(), durationS: DURATION_S, connections: CONNECTIONS, targets: TARGETS, rows, peakRssMB: Math.round(peakRss) }, null, 2)}\n`);
    return checks.every(([, ok]) => ok);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await main()) ? 0 : 1;
}
