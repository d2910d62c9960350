import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../config/config';
import { metricsOn, parseExposition, scrape, valueOf } from '../../testing/server/metrics';
import { buildTestApp } from '../../testing/server/test-support';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import { challenge, humanAnswer, openPuzzle, passToken, strictConfig, verify } from '../../testing/server/strict-mode';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const NEEDS_CAPTCHA = { status: 'n', info: '请先完成验证' };
const regUrl = (token: string, mobile: string) =>
  `/api/Index/reg?name=u${mobile}&Password=secret1&rePassword=secret1&wash=1&washType=2&code=H5REG&mobile=${mobile}&QQ=&islogin=true&captchaToken=${token}`;

let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(() => redis.close());

/** Two instances behind one balancer: each its own process state and database, one Redis, one prefix. */
async function twoInstances(overrides: Partial<ServerConfig> = {}, captcha: Parameters<typeof strictConfig>[0] = {}): Promise<[App, App]> {
  const shared = { redis: { url: redis.url, prefix: `two-${randomBytes(4).toString('hex')}:` }, ...overrides };
  const [a, b] = await Promise.all([buildTestApp(strictConfig(captcha, shared)), buildTestApp(strictConfig(captcha, shared))]);
  return [a.app, b.app];
}

describe('two strict-mode instances on one Redis', () => {
  let apps: [App, App];
  afterEach(() => Promise.all(apps.map((app) => app.close())));

  it('verifies on B a challenge drawn by A, once', async () => {
    apps = await twoInstances();
    const [a, b] = apps;
    const answer = humanAnswer(await openPuzzle(a));
    expect((await verify(b, answer)).json()).toMatchObject({ status: 'y' });
    expect((await verify(a, answer)).json()).toEqual({ status: 'n', info: '验证失败，请重试' });
  });

  it('verifies on B, once, a puzzle A handed out from its stock', { timeout: 30_000 }, async () => {
    apps = await twoInstances(metricsOn(), { stockSize: 1 });
    const [a, b] = apps;
    const stocked = async () =>
      valueOf(parseExposition((await scrape(a)).text).samples, `game_register_captcha_stock_level`, { pixel_ratio: '1' });
    while ((await stocked()) < 1) await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = humanAnswer(await openPuzzle(a));
    expect(valueOf(parseExposition((await scrape(a)).text).samples, 'game_register_captcha_stock_misses_total')).toBe(0);
    expect((await verify(b, answer)).json()).toMatchObject({ status: 'y' });
    expect((await verify(a, answer)).json()).toEqual({ status: 'n', info: '验证失败，请重试' });
  });

  it('refuses on B a token already spent on A, and accepts on B a token that A signed', async () => {
    apps = await twoInstances();
    const [a, b] = apps;
    const spent = await passToken(a);
    expect((await a.inject({ method: 'POST', url: regUrl(spent, '13800138001') })).json()).toEqual({ status: 'y', info: '注册成功' });
    expect((await b.inject({ method: 'POST', url: regUrl(spent, '13800138002') })).json()).toEqual(NEEDS_CAPTCHA);
    const fresh = await passToken(a);
    expect((await b.inject({ method: 'POST', url: regUrl(fresh, '13800138003') })).json()).toEqual({ status: 'y', info: '注册成功' });
  });

  it('locks an address on both after 5 failures spread across them', async () => {
    apps = await twoInstances();
    const address = '198.51.100.20';
    for (let i = 0; i < 5; i += 1) {
      const app = apps[i % 2]!;
      expect((await verify(app, humanAnswer(await openPuzzle(app, address), 0), address)).json()).toMatchObject({ status: 'n' });
    }
    for (const app of apps) {
      const locked = await challenge(app, {}, address);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await challenge(apps[1], {}, '198.51.100.21')).statusCode).toBe(200);
  });

  it('locks an IPv6 /64 on both after 5 failures from 5 of its addresses', async () => {
    apps = await twoInstances();
    for (let i = 0; i < 5; i += 1) {
      const [app, address] = [apps[i % 2]!, `2001:db8:20:1::${i + 1}`];
      expect((await verify(app, humanAnswer(await openPuzzle(app, address), 0), address)).json()).toMatchObject({ status: 'n' });
    }
    for (const app of apps) expect((await challenge(app, {}, '2001:db8:20:1:ffff::6')).statusCode).toBe(429);
    expect((await challenge(apps[1], {}, '2001:db8:20:2::1')).statusCode).toBe(200);
  });

  it('counts the rate limits across both, checks apart from reg', async () => {
    apps = await twoInstances({ rateLimit: { windowMs: 60_000, checksPerWindow: 3, regPerWindow: 2 } });
    const [a, b] = apps;
    const call = (app: App, url: string) => app.inject({ method: 'POST', url, remoteAddress: '203.0.113.30' });
    const checks = [
      await call(a, '/api/Index/checkuser?param=x1'),
      await call(b, '/api/Index/checkuser?param=x2'),
      await call(a, '/api/Index/checktel?param=13800138000'),
    ];
    expect(checks.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const limited = await call(b, '/api/Index/checkuser?param=x3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 'n', info: '请求过于频繁，请稍后再试' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const regs = [
      (await call(b, '/api/Index/reg')).statusCode,
      (await call(a, '/api/Index/reg')).statusCode,
      (await call(b, '/api/Index/reg')).statusCode,
    ];
    expect(regs).toEqual([200, 200, 429]);
    expect((await b.inject({ method: 'POST', url: '/api/Index/checkuser?param=x4', remoteAddress: '203.0.113.31' })).statusCode).toBe(200);
  });

  it('each exports its own counts to Prometheus, not the shared ones', async () => {
    apps = await twoInstances(metricsOn());
    const [a, b] = apps;
    const token = (await verify(b, humanAnswer(await openPuzzle(a)))).json<{ token: string }>().token;
    expect((await b.inject({ method: 'POST', url: regUrl(token, '13800138004') })).json()).toEqual({ status: 'y', info: '注册成功' });
    const counts = async (app: App) => {
      const list = parseExposition((await scrape(app)).text).samples;
      return {
        challenges: valueOf(list, 'game_register_captcha_challenges_total'),
        passed: valueOf(list, 'game_register_captcha_verifies_total', { result: 'passed' }),
        spent: valueOf(list, 'game_register_captcha_tokens_total', { result: 'spent' }),
        registered: valueOf(list, 'game_register_reg_outcomes_total', { outcome: 'registered' }),
      };
    };
    expect(await counts(a)).toEqual({ challenges: 1, passed: 0, spent: 0, registered: 0 });
    expect(await counts(b)).toEqual({ challenges: 0, passed: 1, spent: 1, registered: 1 });
  });
});
