// The one way a bench starts the built server: its own process on a free loopback port with a scratch
// database, ready once /readyz answers, measured from /proc (RSS, CPU time) and stopped by its pid.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENTRY } from '../../scripts/build-if-stale';
import { freePort } from '../../scripts/free-port';

/** Settings added to the bench's own environment; undefined removes one from it. */
export type ServerEnv = Record<string, string | undefined>;

/** The rate limits out of a load test's way (every request comes from 127.0.0.1). */
export const LIFTED_LIMITS: ServerEnv = { RATE_LIMIT_CHECKS: '1000000000', RATE_LIMIT_REG: '1000000000' };

/** The load benches' server: the limits lifted, and the log line per request it writes in production (to /dev/null). */
export const LOAD_ENV: ServerEnv = { ...LIFTED_LIMITS, LOG_LEVEL: 'info' };

/** Every puzzle the same, so a bench can find its answer from outside (a test hook, refused in production). */
export const TEST_SEED = '20240607';

/** Strict mode under load: the limits lifted, the fixed seed, no stock (every challenge drawn when asked for). */
export const STRICT_ENV: ServerEnv = {
  ...LIFTED_LIMITS,
  NODE_ENV: 'test',
  CAPTCHA_NETWORK_CHALLENGES: '1000000000',
  TRUST_PROXY: 'loopback', // the search for the answer poses as many X-Forwarded-For addresses
  CAPTCHA_MODE: 'strict',
  // Every request comes from 127.0.0.1: level 0 pinned (its signals still counted), so a load bench measures
  // what a person's challenge costs rather than a quota's refusals. bench:bots and bench:attack run adaptive.
  CAPTCHA_LEVEL: '0',
  CAPTCHA_TEST_SEED: TEST_SEED,
  CAPTCHA_STOCK: '0',
};

/**
 * Strict mode as deployed (its default limits, costs and lock, its levels adaptive), trusting X-Forwarded-For
 * from loopback so one machine poses as many addresses; still NODE_ENV=test, the fixed seed and no stock.
 */
export const DEPLOYED_STRICT_ENV: ServerEnv = {
  ...STRICT_ENV,
  RATE_LIMIT_CHECKS: undefined,
  RATE_LIMIT_REG: undefined,
  CAPTCHA_NETWORK_CHALLENGES: undefined,
  CAPTCHA_LEVEL: undefined,
};

export interface BenchServer {
  /** http://127.0.0.1:port */
  base: string;
  pid: number;
  /** Its scratch database (DATABASE_PATH), gone once it stopped. */
  databasePath: string;
  /** Resident memory now (VmRSS, draw threads included), in MB. */
  rssMb(): number;
  /** CPU seconds (user + system) used so far: the whole process, or with `mainThread` its event loop's thread. */
  cpuSeconds(options?: { mainThread?: boolean }): number;
  /** SIGTERM to its pid; resolves once it exited and its scratch directory is gone. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000; // two instances starting at once on a shared 2-core machine under load take more than 20 s

/** Fields of /proc/<pid>/stat after the command's name; utime and stime are 11 and 12, in ticks of 10 ms. */
const cpuSecondsOf = (statFile: string) => {
  const fields = (readFileSync(statFile, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * Starts the built server (or `entry`, another build to compare with, or a script run with `nodeArgs` such as
 * `--import tsx`) and waits until it is ready.
 */
export async function startServer(env: ServerEnv = {}, entry: string = SERVER_ENTRY, nodeArgs: string[] = []): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const merged: ServerEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: join(dataDir, 'bench.db'),
    LOG_LEVEL: 'warn',
    ...env,
  };
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: Object.fromEntries(Object.entries(merged).filter((pair): pair is [string, string] => pair[1] !== undefined)),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`the server did not start: ${entry}`);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await untilReady(`${base}/readyz`, () => child.exitCode !== null || child.signalCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    base,
    pid,
    databasePath: merged.DATABASE_PATH!,
    rssMb: () => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024,
    cpuSeconds: ({ mainThread = false } = {}) => cpuSecondsOf(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`),
    stop,
  };
}

async function untilReady(url: string, hasExited: () => boolean) {
  const started = performance.now();
  while (performance.now() - started < READY_TIMEOUT_MS) {
    if (hasExited()) throw new Error(`the server exited before it was ready (${url})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s at ${url}`);
}
