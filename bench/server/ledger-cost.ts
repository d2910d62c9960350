// What the ledger's write adds to a reg's CPU (issue 51: at most +5%). The built server in proxy mode in front
// of a trivial upstream that answers every reg `y` at once (the cheapest reg there is, so the ledger's share is
// at its largest), each reg a new name and phone from a /24 of its own, `LEDGER_COST_ROUNDS` rounds of `BENCH_DURATION` s at 10
// connections, alternating: the build before the ledger (`LEDGER_BEFORE_REF`, default c23370d: the last commit
// before the ledger was merged, main holding it since; built from
// `git archive` into a temp folder) and this one; on the database (one instance) and on Redis. The server's
// CPU (user + system, /proc) per reg, median of the rounds.
import autocannon, { type Request } from 'autocannon';
import { execFileSync, execSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ensureBuilt, SERVER_ENTRY } from '../../scripts/build-if-stale';
import { startRedisServer } from '../../testing/redis/redis-server';
import { LIFTED_LIMITS, startServer, type ServerEnv } from '../common/server-process';
import { median } from '../common/stats';

const ROOT = resolve(import.meta.dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION || 8);
const ROUNDS = Number(process.env.LEDGER_COST_ROUNDS || 3);
const BEFORE_REF = process.env.LEDGER_BEFORE_REF || 'c23370d';
const GOAL = 0.05;

/** The server of `ref` built from its sources (the packages too), beside this checkout's node_modules. */
function buildBefore(ref: string): { entry: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-before-'));
  execSync(`git -C ${JSON.stringify(ROOT)} archive ${ref} | tar -x -C ${JSON.stringify(dir)}`);
  mkdirSync(join(dir, 'node_modules', '@game-register'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules')))
    if (name !== '@game-register') symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  // The workspace's packages by their folder's name, as npm links them: the ref's own sources, not this checkout's.
  for (const name of readdirSync(join(dir, 'packages')))
    symlinkSync(join(dir, 'packages', name), join(dir, 'node_modules', '@game-register', name));
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'server/vite.config.ts'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { entry: join(dir, SERVER_ENTRY), dir };
}

/**
 * Regs numbered from `counter` (one per round, shared by its warm-up and its measure), each from a /24 of its own,
 * as people come: 10.a.b.x with a.b the reg's number, so a round's first 65,536 regs never share a /24 (a shared
 * one makes its 10th and later regs a cluster's, judged again and written twice: the ledger's costliest case).
 */
function registrations(run: string, counter: { n: number }): Request[] {
  return [
    {
      method: 'POST',
      setupRequest(request) {
        counter.n += 1;
        const n = counter.n;
        const query = new URLSearchParams({
          name: `l${run}${n}`,
          Password: 'Bench#123',
          rePassword: 'Bench#123',
          wash: '1',
          washType: '2',
          code: 'H5REG',
          mobile: `15${String(n).padStart(9, '0')}`,
          QQ: '',
          islogin: 'true',
        });
        return {
          ...request,
          path: `/api/Index/reg?${query}`,
          headers: { 'x-forwarded-for': `10.${(n >> 8) & 255}.${n & 255}.${1 + (n % 250)}` },
        };
      },
    },
  ];
}

/** CPU-µs per reg of one round on `entry`. */
async function round(entry: string, env: ServerEnv, run: string): Promise<{ cpuUs: number; rps: number }> {
  // Each round its own Redis keys: a round's entries never count in the next one's clusters.
  const prefix = env.REDIS_PREFIX === undefined ? {} : { REDIS_PREFIX: `${env.REDIS_PREFIX}${run}:` };
  const server = await startServer({ ...LIFTED_LIMITS, TRUST_PROXY: 'loopback', DIST_DIR: join(ROOT, 'dist'), ...env, ...prefix }, entry);
  const counter = { n: 0 };
  try {
    await autocannon({ url: server.base, connections: 10, duration: 2, requests: registrations(`${run}w`, counter) }); // warm up
    const before = server.cpuSeconds();
    const result = await autocannon({ url: server.base, connections: 10, duration: DURATION_S, requests: registrations(run, counter) });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
    return { cpuUs: ((server.cpuSeconds() - before) * 1e6) / result.requests.total, rps: result.requests.average };
  } finally {
    await server.stop();
  }
}

async function main() {
  ensureBuilt();
  const upstream = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"status":"y","info":"注册成功"}'),
  );
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const before = buildBefore(BEFORE_REF);
  const redis = await startRedisServer();
  console.log(
    `[bench:ledger] the reg's CPU before (${BEFORE_REF}) and with the ledger, proxy mode to a trivial upstream, ${ROUNDS} rounds of ${DURATION_S} s at 10 connections`,
  );
  let met = true;
  try {
    for (const [store, env] of [
      ['database', { API_TARGET: target }],
      ['Redis', { API_TARGET: target, REDIS_URL: redis.url, REDIS_PREFIX: 'ledger-cost:' }],
    ] as const) {
      const runs: Record<'before' | 'after', { cpuUs: number; rps: number }[]> = { before: [], after: [] };
      for (let i = 0; i < ROUNDS; i += 1) {
        runs.before.push(await round(before.entry, env, `b${store[0]}${i}`));
        runs.after.push(await round(join(ROOT, SERVER_ENTRY), env, `a${store[0]}${i}`));
      }
      const [b, a] = [median(runs.before.map((r) => r.cpuUs)), median(runs.after.map((r) => r.cpuUs))];
      const added = a / b - 1;
      met &&= added <= GOAL;
      console.log(
        `  ${store}: ${b.toFixed(0)} CPU-µs a reg before, ${a.toFixed(0)} with the ledger (${added >= 0 ? '+' : ''}${(100 * added).toFixed(1)}%; goal at most +${100 * GOAL}%): ${added <= GOAL ? 'PASS' : 'MISS'}; ${median(runs.before.map((r) => r.rps)).toFixed(0)} and ${median(runs.after.map((r) => r.rps)).toFixed(0)} req/s`,
      );
    }
  } finally {
    upstream.close();
    await redis.close();
    rmSync(before.dir, { recursive: true, force: true });
  }
  process.exitCode = met ? 0 : 1;
}

void main();
