// The forwarded call at the cost of a reverse proxy (issue 46). The gateway in proxy mode and Debian's nginx
// proxy_pass, each pinned to core 0, in front of the same trivial upstream (nginx answering JSON); then the
// backend's stand-in (nginx and php-fpm, 4 workers, running testing/php-backend/router.php) alone on core 0 and
// behind the gateway on the same core; then
// the gateway's RSS every 10 s through minutes at full load. wrk, one thread, on core 1, POSTs checkuser with its
// JSON body. Prints req/s, p50, p99 and CPU-µs per call, the ratios, and PASS or MISS against the goals.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../../scripts/build-if-stale';
import { freePort } from '../../scripts/free-port';
import { LIFTED_LIMITS, startServer, type BenchServer } from '../common/server-process';
import { median } from '../common/stats';
import {
  ensureTools,
  measured,
  pin,
  startNginx,
  startPhpFpm,
  untilAnswers,
  withChildren,
  wrk,
  type Load,
  type Started,
} from './proxy-parts';
import { startFloor } from './proxy-floors';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.PROXY_CONNECTIONS || 10);
/** The memory run's length (PROXY_SOAK_SECONDS=30 for a quick look; 0 leaves it out). */
const SOAK_S = Number(process.env.PROXY_SOAK_SECONDS ?? 300);
const PHP_WORKERS = Number(process.env.PROXY_PHP_WORKERS || 4);
/** Rounds of the four runs, taken in turn so that a busy moment of a shared machine falls on all of them; medians shown. */
const ROUNDS = Number(process.env.PROXY_ROUNDS || 3);
const PROXY_CORE = '0';
const LOAD_CORE = '1';
export const GOALS = { cpuRatio: 2.5, p99Ms: 2, backendKept: 0.9, rssGrowth: 0.1 };

const CALL = '/api/Index/checkuser?param=bench_user&name=name';
const BODY = JSON.stringify({ param: 'bench_user', name: 'name' });
const POST: RequestInit = { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY };

type Row = Load & { cpuUsPerCall: number };

async function gateway(dir: string, target: string): Promise<BenchServer> {
  const server = await startServer({ ...LIFTED_LIMITS, LOG_LEVEL: 'warn', CAPTCHA_MODE: 'off', API_TARGET: target, DIST_DIR: dir });
  pin(server.pid, PROXY_CORE);
  return server;
}

async function main() {
  ensureTools();
  ensureBuilt({ customDist: true });
  const dir = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title>\n'); // the gateway serves no page here
  const stops: Started[] = [];
  const load = (url: string, seconds = DURATION_S) => wrk(url, { cores: LOAD_CORE, connections: CONNECTIONS, seconds, body: BODY, dir });
  /** A short warm-up (the JIT, the pools), then the measured run. */
  const run = async (pids: () => number[], url: string) => {
    await load(url, 2);
    return measured(pids(), () => load(url));
  };
  try {
    const [upstreamPort, nginxPort, fpmPort, phpPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    stops.push(startNginx(join(dir, 'upstream'), upstreamPort, LOAD_CORE, { answer: '{"status":"y","info":"ok"}' }));
    const nginx = startNginx(join(dir, 'proxy'), nginxPort, PROXY_CORE, { proxyTo: upstreamPort });
    stops.push(nginx);
    const nginxUrl = `http://127.0.0.1:${nginxPort}${CALL}`;
    await untilAnswers(nginxUrl, POST);
    const gw = await gateway(dir, `http://127.0.0.1:${upstreamPort}`);
    stops.push(gw);
    // Where the time goes: the same forwarding in Node with none of the rules, bare and behind a bare Fastify route.
    const floors = [await startFloor('node:http', upstreamPort, PROXY_CORE), await startFloor('fastify', upstreamPort, PROXY_CORE)];
    stops.push(...floors);
    console.log(
      `[bench:proxy] ${ROUNDS} rounds of ${DURATION_S} s per run (medians), wrk -t1 -c${CONNECTIONS} on core ${LOAD_CORE}; the proxies and the backend on core ${PROXY_CORE}`,
    );

    const fpm = startPhpFpm(join(dir, 'fpm'), fpmPort, PROXY_CORE, PHP_WORKERS);
    stops.push(fpm);
    const php = startNginx(join(dir, 'php'), phpPort, PROXY_CORE, { fastcgiTo: fpmPort });
    stops.push(php);
    const phpUrl = `http://127.0.0.1:${phpPort}${CALL}`;
    await untilAnswers(phpUrl, POST);
    const backend = () => [php.pid, ...withChildren(fpm.pid)];
    const front = await gateway(dir, `http://127.0.0.1:${phpPort}`);
    stops.push(front);

    const rounds: Row[][] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.push([
        await run(() => [nginx.pid], nginxUrl),
        await run(() => [gw.pid], `${gw.base}${CALL}`),
        await run(backend, phpUrl),
        await run(() => [front.pid, ...backend()], `${front.base}${CALL}`),
        await run(() => [floors[0]!.pid], `${floors[0]!.base}${CALL}`),
        await run(() => [floors[1]!.pid], `${floors[1]!.base}${CALL}`),
      ]);
    }
    await front.stop();
    const [nginxRow, gatewayRow, aloneRow, behindRow, bareRow, fastifyRow] = [0, 1, 2, 3, 4, 5].map((i) =>
      medianRow(rounds.map((runs) => runs[i]!)),
    ) as [Row, Row, Row, Row, Row, Row];

    const show = (name: string, row: Row) => ({
      run: name,
      'req/s': Math.round(row.rps),
      'p50 ms': Math.round(row.p50Ms * 1000) / 1000,
      'p99 ms': Math.round(row.p99Ms * 1000) / 1000,
      'CPU µs/call': Math.round(row.cpuUsPerCall),
      errors: row.errors,
    });
    console.table([
      show('nginx proxy_pass -> trivial upstream', nginxRow),
      show('gateway -> trivial upstream', gatewayRow),
      show(`nginx + php-fpm (${PHP_WORKERS} workers) alone`, aloneRow),
      show('gateway -> nginx + php-fpm, same core', behindRow),
      show("floor: node:http + the proxy's client, no rules -> trivial upstream", bareRow),
      show("floor: bare Fastify route + the proxy's client, no rules -> trivial upstream", fastifyRow),
    ]);
    const times = (row: Row) => `${(row.cpuUsPerCall / nginxRow.cpuUsPerCall).toFixed(2)}x`;
    console.log(
      `  CPU per call against nginx, the same client to the upstream: node:http ${times(bareRow)}, bare Fastify ${times(fastifyRow)}, the gateway ${times(gatewayRow)}`,
    );
    const cpuRatio = gatewayRow.cpuUsPerCall / nginxRow.cpuUsPerCall;
    const rpsRatio = nginxRow.rps / gatewayRow.rps;
    const kept = behindRow.rps / aloneRow.rps;
    const added = behindRow.cpuUsPerCall - aloneRow.cpuUsPerCall;
    console.log(
      `  gateway / nginx: ${cpuRatio.toFixed(2)}x the CPU per call, nginx ${rpsRatio.toFixed(2)}x the req/s; the backend keeps ${(kept * 100).toFixed(1)}% behind the gateway`,
    );
    console.log(
      `  cores per 1,000 forwarded calls a second: ${(gatewayRow.cpuUsPerCall / 1000).toFixed(3)} on a core of its own, ${(added / 1000).toFixed(3)} on the backend's core (${Math.round(added)} us added per call)`,
    );

    const rss = SOAK_S > 0 ? await soak(gw, load) : [];
    if (rss.length > 0)
      console.log(`  gateway RSS every 10 s over ${SOAK_S} s at full load (MB): ${rss.map((mb) => mb.toFixed(0)).join(' ')}`);
    const growth = rss.length > 1 ? Math.max(...rss.slice(1)) / rss[0]! - 1 : Number.NaN;

    const checks: [string, boolean][] = [
      [
        `gateway within ${GOALS.cpuRatio}x of nginx per core (CPU per call ${cpuRatio.toFixed(2)}x, req/s ${rpsRatio.toFixed(2)}x)`,
        cpuRatio <= GOALS.cpuRatio && rpsRatio <= GOALS.cpuRatio,
      ],
      [`gateway p99 under ${GOALS.p99Ms} ms at the same load (${gatewayRow.p99Ms} ms)`, gatewayRow.p99Ms < GOALS.p99Ms],
      [
        `the backend keeps >= ${GOALS.backendKept * 100}% of its throughput behind the gateway (${(kept * 100).toFixed(1)}%)`,
        kept >= GOALS.backendKept,
      ],
      [`every answer 2xx`, [nginxRow, gatewayRow, aloneRow, behindRow, bareRow, fastifyRow].every((row) => row.errors === 0)],
    ];
    if (rss.length > 1)
      checks.push([
        `RSS flat over ${SOAK_S} s at full load (grew ${(growth * 100).toFixed(1)}% after the first sample, goal <= ${GOALS.rssGrowth * 100}%)`,
        growth <= GOALS.rssGrowth,
      ]);
    for (const [label, ok] of checks) console.log(`  ${ok ? 'PASS' : 'MISS'} ${label}`);

    mkdirSync('bench-results', { recursive: true });
    const rows = {
      nginx: nginxRow,
      gateway: gatewayRow,
      phpAlone: aloneRow,
      gatewayPhp: behindRow,
      floorNodeHttp: bareRow,
      floorFastify: fastifyRow,
    };
    writeFileSync(
      'bench-results/proxy.json',
      `${JSON.stringify({ date: new Date().toISOString(), durationS: DURATION_S, rounds: ROUNDS, connections: CONNECTIONS, goals: GOALS, rows, allRounds: rounds, cpuRatio, rpsRatio, kept, addedUsPerCall: added, rssMB: rss }, null, 2)}\n`,
    );
    return checks.every(([, ok]) => ok);
  } finally {
    for (const part of stops.reverse()) await part.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each figure's median over the rounds (the errors summed). */
function medianRow(rows: Row[]): Row {
  const of = (key: keyof Row) => median(rows.map((row) => row[key]));
  return {
    rps: of('rps'),
    p50Ms: of('p50Ms'),
    p99Ms: of('p99Ms'),
    requests: of('requests'),
    cpuUsPerCall: of('cpuUsPerCall'),
    errors: rows.reduce((sum, row) => sum + row.errors, 0),
  };
}

/** The gateway's RSS every 10 s while wrk keeps it at full load for SOAK_S. */
async function soak(server: BenchServer, load: (url: string, seconds: number) => Promise<Load>): Promise<number[]> {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(server.rssMb()), 10_000);
  try {
    await load(`${server.base}${CALL}`, SOAK_S);
  } finally {
    clearInterval(timer);
  }
  return samples;
}

process.exitCode = (await main()) ? 0 : 1;
