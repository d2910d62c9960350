// A kill -9 of the server in the middle of registrations loses no ledger entry of a registration answered y:
// the real server (tsx-run) as a child process, killed with SIGKILL, started again on the same database or Redis,
// its ledger read on the metrics listener.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from '../../scripts/free-port';
import { makeDist, tempDir } from '../../testing/server/test-support';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import { waitFor } from '../../testing/ads/wait-for';
import type { LedgerEntry } from './entry';

const ROOT = resolve(import.meta.dirname, '../..');
const TOKEN = 'kill-nine-ledger-token-0123456789';

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=game-register-source', '--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok === true, 30_000, 'the server');
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });

/** One registration; resolves to its account name when the answer was y, else null. */
async function register(port: number, n: number): Promise<string | null> {
  const name = `k9led${n}`;
  const query = new URLSearchParams({
    name,
    Password: 'Secret#123',
    rePassword: 'Secret#123',
    wash: '1',
    washType: '2',
    code: 'H5REG',
    mobile: `138${String(n).padStart(8, '0')}`,
    QQ: '',
    islogin: 'true',
  });
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/Index/reg?${query}`, { method: 'POST' });
    return ((await response.json()) as { status?: string }).status === 'y' ? name : null;
  } catch {
    return null; // cut off by the kill: the visitor never saw y
  }
}

describe.each([['libsql'], ['Redis']])('a kill -9 of the server (%s ledger)', (store) => {
  let redis: TestRedis | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null) await killed(child);
    await redis?.close();
  });

  it('loses no entry of a registration answered y', async () => {
    redis = store === 'Redis' ? await startTestRedis() : undefined;
    const [port, metricsPort] = [await freePort(), await freePort()];
    const env = {
      DATABASE_PATH: join(await tempDir('ledger-kill-nine-'), 'app.db'),
      DIST_DIR: await makeDist(),
      RATE_LIMIT_REG: '100000',
      METRICS_PORT: String(metricsPort),
      LEDGER_TOKEN: TOKEN,
      ...(redis ? { REDIS_URL: redis.url } : {}),
    };
    child = await startServer(env, port);
    const answered = (await Promise.all(Array.from({ length: 30 }, (_, n) => register(port, n)))).filter((name) => name !== null);
    expect(answered).toHaveLength(30);
    let answeredSoFar = 0;
    const inFlight = Promise.all(
      Array.from({ length: 60 }, (_, n) => register(port, 100 + n).then((name) => ((answeredSoFar += 1), name))),
    );
    await waitFor(() => answeredSoFar >= 5, 10_000, 'a few answers');
    await killed(child);
    answered.push(...(await inFlight).filter((name) => name !== null));
    expect(answered.length).toBeGreaterThan(30);
    expect(answered.length).toBeLessThan(90); // some were cut off

    child = await startServer(env, port);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/ledger?since=1h&limit=1000`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const { entries } = (await response.json()) as { entries: LedgerEntry[] };
    const kept = new Set(entries.filter((entry) => entry.outcome === 'registered').map((entry) => entry.account));
    expect(answered.filter((name) => !kept.has(name))).toEqual([]);
  }, 90_000);
});
