// Load bench of the built server on loopback: checkuser and hashed assets, 10 s each at 50 connections,
// with the rate limits raised; prints req/s, p99 latency and the server's peak resident memory.
import autocannon, { type Options, type Result } from 'autocannon';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ensureBuilt } from '../../scripts/build-if-stale';
import { LOAD_ENV, startServer, type BenchServer } from '../common/server-process';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 50;
export const TARGETS = { checkuserRps: 3000, checkuserP99Ms: 50, assetRps: 8000, rssMB: 150 };

/** The server's peak RSS, sampled while fn runs. */
async function withPeakRss(server: BenchServer, fn: () => Promise<Result>) {
  let peakMB = 0;
  const sample = () => {
    peakMB = Math.max(peakMB, server.rssMb());
  };
  const timer = setInterval(sample, 200);
  try {
    const result = await fn();
    sample();
    return { result, peakMB };
  } finally {
    clearInterval(timer);
  }
}

function load(title: string, options: Options) {
  return autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options, title });
}

/** The entry stylesheet and script that index.html links: hashed, precompressed assets of the real build. */
function entryAssets() {
  const html = readFileSync('dist/index.html', 'utf8');
  const first = (pattern: RegExp, extension: string) =>
    pattern.exec(html)?.[1] ?? `/assets/${readdirSync('dist/assets').find((name) => name.endsWith(extension))}`;
  return {
    css: first(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/, '.css'),
    js: first(/<script[^>]+type="module"[^>]+src="([^"]+)"/, '.js'),
  };
}

async function main() {
  ensureBuilt({ customDist: false });
  const server = await startServer(LOAD_ENV);
  const { base } = server;
  try {
    await fetch(`${base}/api/Index/reg?name=bench_user&Password=bench-pass&rePassword=bench-pass&mobile=13800138000`, { method: 'POST' });
    const assets = entryAssets();
    /** How the asset goes over the wire to a browser: "br, 2.6 KB". */
    const wireForm = async (path: string) => {
      const { headers } = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      return `${headers.get('content-encoding') ?? 'identity'}, ${(Number(headers.get('content-length')) / 1024).toFixed(1)} KB`;
    };
    const [cssWire, jsWire] = [await wireForm(assets.css), await wireForm(assets.js)];

    console.log(`[bench:server] ${DURATION_S} s per run, ${CONNECTIONS} connections, server pid ${server.pid} on ${base}`);
    const checkuser = await withPeakRss(server, () =>
      load('checkuser', {
        url: `${base}/api/Index/checkuser?param=bench_user&name=name`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ param: 'bench_user', name: 'name' }),
      }),
    );
    const assetRun = (path: string) => () => load(path, { url: `${base}${path}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const css = await withPeakRss(server, assetRun(assets.css));
    const js = await withPeakRss(server, assetRun(assets.js));

    const row = (name: string, { result, peakMB }: { result: Result; peakMB: number }) => ({
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
    ] as const;
    console.table(rows);
    console.log('  * autocannon decodes every body into a string; at this size the load generator, not the server, sets the pace.');

    const peakRss = Math.max(checkuser.peakMB, css.peakMB, js.peakMB);
    const checks: [string, boolean][] = [
      [`checkuser >= ${TARGETS.checkuserRps} req/s`, rows[0]['req/s'] >= TARGETS.checkuserRps],
      [`checkuser p99 < ${TARGETS.checkuserP99Ms} ms`, rows[0]['p99 ms'] < TARGETS.checkuserP99Ms],
      [`hashed asset (entry CSS) >= ${TARGETS.assetRps} req/s`, rows[1]['req/s'] >= TARGETS.assetRps],
      [`server RSS <= ${TARGETS.rssMB} MB`, peakRss <= TARGETS.rssMB],
      ['every answer 2xx', rows.every((r) => r['non-2xx'] === 0)],
    ];
    for (const [label, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'MISS'} ${label}`);

    mkdirSync('bench-results', { recursive: true });
    writeFileSync(
      'bench-results/server.json',
      `${JSON.stringify({ date: new Date().toISOString(), durationS: DURATION_S, connections: CONNECTIONS, targets: TARGETS, rows, peakRssMB: Math.round(peakRss) }, null, 2)}\n`,
    );
    return checks.every(([, ok]) => ok);
  } finally {
    await server.stop();
  }
}

process.exitCode = (await main()) ? 0 : 1;
