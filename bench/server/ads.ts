// Registrations per second with ad reporting on while every platform answers 500 ms late, against reporting
// off: the outbox write is on reg's path, the reports are not (README, "Ad platforms"). The built server on
// loopback, embedded API, 10 s each at 20 connections; each registration a new name, phone and click id.
import autocannon, { type Request } from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../../scripts/build-if-stale';
import { freePort } from '../../scripts/free-port';
import { LIFTED_LIMITS, startServer, type ServerEnv } from '../common/server-process';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 20;
const PLATFORM_DELAY_MS = 500;
const PARAMS = ['gdt_vid', 'clickid', 'bd_vid', 'callback'] as const;

const startFake = (port: number) =>
  spawn(process.execPath, ['--conditions=game-register-source', '--import', 'tsx', 'testing/ads/fake-platforms-cli.ts'], {
    env: { ...process.env, FAKE_PORT: String(port), FAKE_DELAY_MS: String(PLATFORM_DELAY_MS) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

/** autocannon requests: each reg a fresh account, and with reporting on, a fresh click of the next platform. */
function registrations(run: string, withClicks: boolean): Request[] {
  let n = 0;
  return [
    {
      method: 'POST',
      setupRequest(request) {
        n += 1;
        const name = `b${run}${n}`;
        const query = new URLSearchParams({
          name,
          Password: 'Bench#123',
          rePassword: 'Bench#123',
          wash: '1',
          washType: '2',
          code: 'H5REG',
          mobile: `15${String(n).padStart(9, '0')}`,
          QQ: '',
          islogin: 'true',
        });
        const param = PARAMS[n % 4]!;
        const clicks = new URLSearchParams({
          [param]: `bench_${run}_${n}`,
          url: `https://m.game.example.com/register?${param}=bench_${run}_${n}`,
          c: 'H5REG',
        });
        return { ...request, path: `/api/Index/reg?${query}`, headers: withClicks ? { 'x-ad-clicks': clicks.toString() } : {} };
      },
    },
  ];
}

/** Accounts the run created: each answered y (the database is the run's own). */
async function registered(databasePath: string): Promise<number> {
  const { default: Database } = await import('libsql');
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM accounts').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function measure(run: string, env: ServerEnv, withClicks: boolean) {
  const server = await startServer({ ...LIFTED_LIMITS, ...env });
  try {
    const result = await autocannon({
      url: server.base,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: registrations(run, withClicks),
    });
    const accounts = await registered(server.databasePath);
    return { accounts, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, total: result.requests.total };
  } finally {
    await server.stop();
  }
}

async function untilUp(url: string) {
  for (let i = 0; i < 200; i += 1) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not up: ${url}`);
}

ensureBuilt({ customDist: false });
const fakePort = await freePort();
const fake = startFake(fakePort);
const fakeOrigin = `http://127.0.0.1:${fakePort}`;
const settingsDir = mkdtempSync(join(tmpdir(), 'bench-ads-site-'));
const siteConfig = join(settingsDir, 'site.json');
writeFileSync(
  siteConfig,
  JSON.stringify({
    ads: {
      landingHosts: ['m.game.example.com'],
      tencent: { enabled: true, accountId: 1, userActionSetId: 2 },
      oceanengine: { enabled: true },
      baidu: { enabled: true },
      kuaishou: { enabled: true },
    },
  }),
);
try {
  await untilUp(`${fakeOrigin}/__fake/requests`);
  const reporting: ServerEnv = {
    SITE_CONFIG: siteConfig,
    ADS_TENCENT_TOKEN: 'bench',
    ADS_BAIDU_TOKEN: 'bench',
    ADS_ENDPOINT_TENCENT: fakeOrigin,
    ADS_ENDPOINT_OCEANENGINE: fakeOrigin,
    ADS_ENDPOINT_BAIDU: fakeOrigin,
    ADS_ENDPOINT_KUAISHOU: fakeOrigin,
  };
  // Two rounds, alternated, the better of each kept: a shared machine's noise otherwise decides the comparison.
  const rounds: { off: Awaited<ReturnType<typeof measure>>; on: Awaited<ReturnType<typeof measure>> }[] = [];
  for (const round of [1, 2])
    rounds.push({ off: await measure(`off${round}`, {}, false), on: await measure(`on${round}`, reporting, true) });
  const best = (kind: 'off' | 'on') => rounds.map((round) => round[kind]).sort((a, b) => b.rps - a.rps)[0]!;
  const [off, on] = [best('off'), best('on')];
  const { requests } = (await (await fetch(`${fakeOrigin}/__fake/requests`)).json()) as { requests: unknown[] };
  const withReporting = rounds.reduce((sum, round) => sum + round.on.total, 0);
  const line = (label: string, { rps, p99, non2xx, accounts, total }: typeof off) =>
    `${label.padEnd(44)} ${rps.toFixed(0).padStart(6)} reg/s   p99 ${String(p99).padStart(4)} ms   non-2xx ${non2xx}   accounts ${accounts}/${total}`;
  console.log(line('reporting off', off));
  console.log(line(`reporting on, platforms answering in ${PLATFORM_DELAY_MS} ms`, on));
  console.log(
    `reports the platforms received while it ran: ${requests.length} of ${withReporting} registrations (the rest waited in the outbox)`,
  );
  console.log(`cost of reporting on reg's path: ${(100 * (1 - on.rps / off.rps)).toFixed(1)}% fewer registrations per second`);
} finally {
  fake.kill('SIGTERM');
  rmSync(settingsDir, { recursive: true, force: true });
}
