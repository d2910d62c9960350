import { randomBytes } from 'node:crypto';
import { HOST_ACCESSIBLE_LIMIT, CARRIER_NAT_VISITORS } from '@game-register/gateway/policy';
import { passToken, strictConfig } from '../../../testing/server/strict-mode';
import { sendRaw } from '../../../testing/http/raw-http';
import { startTestRedis, type TestRedis } from '../../../testing/redis/test-redis';
import { buildTestApp, testConfig } from '../../../testing/server/test-support';

describe('per-address rate limits', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  beforeEach(async () => {
    ({ app } = await buildTestApp({ rateLimit: { windowMs: 60_000, checksPerWindow: 3, regPerWindow: 2 } }));
  });
  afterEach(() => app.close());

  const call = (url: string, remoteAddress = '203.0.113.7') => app.inject({ method: 'POST', url, remoteAddress });

  it('answers checks over the limit with 429 JSON and Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call(`/api/Index/checkuser?param=u${i}`)).statusCode);
    const limited = await call('/api/Index/checktel?param=13800138000');
    expect(statuses).toEqual([200, 200, 200]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 'n', info: '请求过于频繁，请稍后再试' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts registrations apart from checks', async () => {
    for (let i = 0; i < 3; i += 1) await call(`/api/Index/checkuser?param=u${i}`);
    const regs = [
      (await call('/api/Index/reg')).statusCode,
      (await call('/api/Index/reg')).statusCode,
      (await call('/api/Index/reg')).statusCode,
    ];
    expect(regs).toEqual([200, 200, 429]);
    expect((await call('/api/Index/checkuser?param=x')).statusCode).toBe(429);
  });

  it('counts each address on its own', async () => {
    for (let i = 0; i < 3; i += 1) await call('/api/Index/reg');
    expect((await call('/api/Index/reg', '198.51.100.9')).statusCode).toBe(200);
  });

  it("charges a spelling of reg to reg's budget: the call as read, never as sent, picks the budget", async () => {
    const spellings = ['/api/Index/%72eg', '/api/index/REG', '/api/Index/r%65g', '/api/INDEX/%52EG'];
    const statuses = [];
    for (const path of spellings) statuses.push((await call(`${path}?name=a`)).statusCode);
    expect(statuses).toEqual([200, 200, 429, 429]);
    // The checks' budget is untouched.
    expect((await call('/api/Index/checkuser?param=x')).statusCode).toBe(200);
  });

  it("charges a request refused as unreadable to a budget of its own, as strict as reg's: reg's and the checks' stay whole", async () => {
    const statuses = [];
    for (const target of ['/api/Index/checkuser?param=a&param=b', '/api/Index/checkuser/code/EVIL', '/api/Index%2Fcheckuser'])
      statuses.push((await call(target)).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
    expect((await call('/api/Index/reg')).statusCode).toBe(200);
    expect((await call('/api/Index/checkuser?param=x')).statusCode).toBe(200);
  });

  it('does not limit the static pages', async () => {
    for (let i = 0; i < 5; i += 1) await call('/api/Index/checkuser');
    expect((await app.inject({ url: '/register', remoteAddress: '203.0.113.7' })).statusCode).not.toBe(429);
  });
});

describe('per-address rate limits, on a real socket (what inject cannot send)', () => {
  it("charges a reg with a raw # in its request line to the unreadable's budget and refuses it, and strict mode's accessible path likewise", async () => {
    const { app } = await buildTestApp(strictConfig({}, { rateLimit: { windowMs: 60_000, checksPerWindow: 100, regPerWindow: 2 } }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const send = (target: string) => sendRaw({ port, method: 'POST', target, headers: [['Content-Length', '0']] });
    const regs = [];
    for (let i = 0; i < 3; i += 1) regs.push((await send('/api/Index/reg#?name=a&Password=p')).status);
    const accessible = await send('/api/captcha/accessible#x');
    const dots = await send('/api/Index/checkuser/../reg?name=a');
    await app.close();
    expect(regs).toEqual([400, 400, 429]);
    expect([accessible.status, dots.status]).toEqual([429, 429]);
  });
});

describe('budgets behind a carrier NAT, in strict mode', () => {
  const REG = 2;
  const regQuery = (name: string, token?: string) =>
    `/api/Index/reg?name=${name}&Password=secret1&rePassword=secret1&wash=1&washType=2&code=H5REG&mobile=138001380${String(name.length).padStart(2, '0')}&QQ=&islogin=true${token ? `&captchaToken=${token}` : ''}`;

  it('spends a budget of their own on regs without an accepted pass token: the next person with one registers', async () => {
    const { app } = await buildTestApp(strictConfig({}, { rateLimit: { windowMs: 60_000, checksPerWindow: 100, regPerWindow: REG } }));
    try {
      const at = '198.51.100.9';
      const bare = [];
      for (let i = 0; i < REG + 3; i += 1)
        bare.push(
          (await app.inject({ method: 'POST', url: regQuery(`bot${i}`, i % 2 ? 'forged.token' : undefined), remoteAddress: at }))
            .statusCode,
        );
      expect(bare).toEqual([200, 200, 429, 429, 429]); // the gate's own answer, then the budget of the unproven
      const token = await passToken(app, at);
      expect((await app.inject({ method: 'POST', url: regQuery('person', token), remoteAddress: at })).json()).toMatchObject({
        status: 'y',
      });
    } finally {
      await app.close();
    }
  });

  it("counts a carrier NAT address's regs and 无障碍验证 fetches as its people's, another address's as one person's", async () => {
    const { app } = await buildTestApp(strictConfig({}, { rateLimit: { windowMs: 60_000, checksPerWindow: 1000, regPerWindow: REG } }));
    try {
      const statuses = async (address: string, count: number, url: (i: number) => string) => {
        const seen = new Set<number>();
        for (let i = 0; i < count; i += 1) seen.add((await app.inject({ method: 'POST', url: url(i), remoteAddress: address })).statusCode);
        return seen;
      };
      const nat = '36.128.9.1'; // China Mobile, in the shipped origin-AS table
      expect(await statuses(nat, REG * CARRIER_NAT_VISITORS, (i) => regQuery(`p${i}`))).toEqual(new Set([200]));
      expect(await statuses(nat, 1, (i) => regQuery(`q${i}`))).toEqual(new Set([429]));
      expect(await statuses('198.51.100.9', REG + 1, (i) => regQuery(`r${i}`))).toEqual(new Set([200, 429]));
      expect(await statuses(nat, HOST_ACCESSIBLE_LIMIT.max * CARRIER_NAT_VISITORS, () => '/api/captcha/accessible')).toEqual(
        new Set([200]),
      );
      expect(await statuses(nat, 1, () => '/api/captcha/accessible')).toEqual(new Set([429]));
    } finally {
      await app.close();
    }
  });
});

describe('shared rate limits (REDIS_URL) while Redis is away', () => {
  let redis: TestRedis;
  beforeEach(async () => {
    redis = await startTestRedis();
  });
  afterEach(() => redis.close());

  it("counts each address in the instance's memory meanwhile, and in Redis again once it is back", async () => {
    const { app } = await buildTestApp({
      rateLimit: { windowMs: 60_000, checksPerWindow: 100, regPerWindow: 2 },
      redis: { ...testConfig().redis, url: redis.url, prefix: `away-limit-${randomBytes(4).toString('hex')}:` },
    });
    const reg = async () => (await app.inject({ method: 'POST', url: '/api/Index/reg', remoteAddress: '203.0.113.7' })).statusCode;
    try {
      await redis.stop();
      const away = [await reg(), await reg(), await reg()];
      await redis.start();
      await expect.poll(async () => (await app.inject({ url: '/readyz' })).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
      const back = [await reg(), await reg(), await reg()];
      expect(away).toEqual([200, 200, 429]);
      expect(back).toEqual([200, 200, 429]); // Redis came back empty: its own window starts again
    } finally {
      await app.close();
    }
  });
});
