// A kill -9 of the server in the middle of registrations and reports loses no registration answered y: the
// real server (tsx-run) as a child process, killed with SIGKILL, started again on the same database or Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { adClicksHeader, clickOfLanding, type AdPlatform } from '@game-register/site-settings/ad-clicks';
import { freePort } from '../../scripts/free-port';
import { makeDist, tempDir } from '../../testing/server/test-support';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import { conversionId, DEDUPES } from './event';
import { startFakePlatforms, type FakePlatforms } from '../../testing/ads/fake-platforms';
import { adsEnv, ALL_PLATFORMS_ON, mobileOf, siteConfigWithAds, waitFor } from '../../testing/ads/test-app';

const ROOT = resolve(import.meta.dirname, '../..');
const PARAMS = { tencent: 'qz_gdt', oceanengine: 'clickid', baidu: 'bd_vid', kuaishou: 'callback' } as const;
/** The platforms whose reports carry a dedupe key (Baidu's not confirmed to dedupe: DEDUPES). */
const KEYED = new Set(['tencent', 'baidu']);

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // The server from source, as tsx runs it, with the puzzle package's source condition (no build needed).
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

/** One registration from a landing with this click; resolves to the click when the answer was y, else null. */
async function registerFrom(port: number, platform: keyof typeof PARAMS, n: number): Promise<string | null> {
  const clickId = `k9_${platform}_${n}_abcdef`;
  const click = clickOfLanding(`https://m.game.example.com/register?${PARAMS[platform]}=${clickId}`)!;
  const name = `k${platform.slice(0, 3)}${n}`;
  const query = new URLSearchParams({
    name,
    Password: 'Secret#123',
    rePassword: 'Secret#123',
    wash: '1',
    washType: '2',
    code: 'H5REG',
    mobile: mobileOf(name),
    QQ: '',
    islogin: 'true',
  });
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/Index/reg?${query}`, {
      method: 'POST',
      headers: { 'x-ad-clicks': adClicksHeader(click, 'H5REG') },
    });
    return ((await response.json()) as { status?: string }).status === 'y' ? `${platform}:${clickId}` : null;
  } catch {
    return null; // cut off by the kill: the visitor never saw y
  }
}

describe.each([['libsql'], ['Redis']])('a kill -9 of the server (%s outbox)', (store) => {
  let fake: FakePlatforms;
  let redis: TestRedis | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null) await killed(child);
    await fake.close();
    await redis?.stop();
  });

  it('loses no reported registration: each is sent, at most twice where the platform has no dedupe', async () => {
    fake = await startFakePlatforms();
    fake.behave('all', 'ok', 300); // slow answers: sends are in flight when the process dies
    const dir = await tempDir('kill-nine-');
    redis = store === 'Redis' ? await startTestRedis() : undefined;
    const env = {
      ...adsEnv(fake, { ADS_TIMEOUT_MS: '2000' }),
      SITE_CONFIG: await siteConfigWithAds(ALL_PLATFORMS_ON),
      DATABASE_PATH: join(dir, 'app.db'),
      DIST_DIR: await makeDist(), // the start refuses a folder without the built app
      RATE_LIMIT_REG: '100000',
      ...(redis ? { REDIS_URL: redis.url } : {}),
    };
    const port = await freePort();
    child = await startServer(env, port);

    const platforms = Object.keys(PARAMS) as (keyof typeof PARAMS)[];
    const answered = (await Promise.all(Array.from({ length: 40 }, (_, n) => registerFrom(port, platforms[n % 4]!, n)))).filter(
      (click) => click !== null,
    );
    expect(answered).toHaveLength(40);
    // More registrations in flight, and the kill in their middle: once a few have been answered.
    let answeredSoFar = 0;
    const inFlight = Promise.all(
      Array.from({ length: 40 }, (_, n) => registerFrom(port, platforms[n % 4]!, 100 + n).then((click) => ((answeredSoFar += 1), click))),
    );
    await waitFor(() => answeredSoFar >= 5, 10_000, 'a few answers');
    await killed(child);
    answered.push(...(await inFlight).filter((click) => click !== null));
    expect(answered.length).toBeGreaterThan(40); // some of the second lot were answered y before the kill
    expect(answered.length).toBeLessThan(80); // and some were cut off
    const sentBeforeKill = fake.requests.length;

    fake.behave('all', 'ok');
    child = await startServer(env, port);
    const reported = () =>
      new Set(fake.requests.filter((request) => request.answered === 'ok').map((request) => `${request.platform}:${request.clickId}`));
    await waitFor(() => answered.every((click) => reported().has(click)), 20_000, 'every registration answered y to be reported');

    expect(sentBeforeKill).toBeGreaterThan(0);
    expect(fake.problems).toEqual([]);
    const sends = new Map<string, number>();
    for (const request of fake.requests)
      sends.set(`${request.platform}:${request.clickId}`, (sends.get(`${request.platform}:${request.clickId}`) ?? 0) + 1);
    for (const [click, count] of sends) {
      if (!DEDUPES[click.split(':')[0] as AdPlatform]) expect(count, click).toBeLessThanOrEqual(2);
    }
    // Where the report carries a dedupe key, every send of one click carries the same key: the event's id.
    for (const request of fake.requests.filter((each) => KEYED.has(each.platform))) {
      expect(request.eventId, `${request.platform}:${request.clickId}`).toBe(conversionId(request.platform, request.clickId));
    }
  }, 90_000);
});
