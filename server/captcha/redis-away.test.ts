import { randomBytes } from 'node:crypto';
import { buildTestApp } from '../../testing/server/test-support';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import { challenge, passToken, RIGHT_OFFSET, strictConfig, verify } from '../../testing/server/strict-mode';
import { humanTrail } from '@game-register/gateway/testing';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const UNAVAILABLE = { status: 'n', info: '服务暂时不可用，请稍后再试' };
const regUrl = (token: string, mobile: string) =>
  `/api/Index/reg?name=u${mobile}&Password=secret1&rePassword=secret1&wash=1&washType=2&code=H5REG&mobile=${mobile}&QQ=&islogin=true&captchaToken=${token}`;

let redis: TestRedis;
let app: App;
let logs: Awaited<ReturnType<typeof buildTestApp>>['logs'];
beforeEach(async () => {
  redis = await startTestRedis();
});
afterEach(async () => {
  await app.close();
  await redis.close();
});

const config = () => strictConfig({}, { redis: { url: redis.url, prefix: `away-${randomBytes(4).toString('hex')}:` } });

/** What a visitor meets while Redis is away: a clear refusal everywhere strict mode needs it, checks as usual. */
async function expectFailClosed(token: string) {
  const reg = await app.inject({ method: 'POST', url: regUrl(token, '13800138009') });
  expect(reg.statusCode).toBe(200);
  expect(reg.json()).toEqual({ status: 'n', info: '验证服务暂时不可用，请稍后再试' });
  const drawn = await challenge(app);
  expect(drawn.statusCode).toBe(503);
  expect(drawn.headers['retry-after']).toBe('5');
  expect(drawn.json()).toEqual(UNAVAILABLE);
  const verdict = await verify(app, { id: 'x'.repeat(22), offsetX: RIGHT_OFFSET, trail: humanTrail(RIGHT_OFFSET) });
  expect(verdict.statusCode).toBe(503);
  expect(verdict.headers['retry-after']).toBe('5');
  expect(verdict.json()).toEqual(UNAVAILABLE);
  const check = await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=someone' });
  expect(check.statusCode).toBe(200);
  expect(check.json()).toMatchObject({ status: 'y' });
  expect((await app.inject({ method: 'POST', url: '/api/Index/checktel?param=13800138000' })).statusCode).toBe(200);
  const ready = await app.inject({ url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual({ status: 'unready', checks: { database: 'ok', redis: 'unreachable' }, reason: 'redis unreachable' });
  expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
}

describe('strict mode while Redis is away', () => {
  it('refuses reg with n, answers challenge and verify 503, keeps the checks, and recovers by itself', async () => {
    ({ app, logs } = await buildTestApp(config()));
    const token = await passToken(app);
    await redis.stop();
    await expectFailClosed(token);

    await redis.start();
    await expect.poll(async () => (await app.inject({ url: '/readyz' })).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
    expect((await challenge(app)).statusCode).toBe(200);
    // Redis came back empty: the token spent nowhere is unknown to it, and the secret was put back.
    expect((await app.inject({ method: 'POST', url: regUrl(token, '13800138010') })).json()).toEqual({ status: 'y', info: '注册成功' });
    expect((await app.inject({ method: 'POST', url: regUrl(await passToken(app), '13800138011') })).json()).toEqual({
      status: 'y',
      info: '注册成功',
    });
    expect(logs.text).not.toContain('"statusCode":500');
  });

  it('starts without Redis and serves once it appears', async () => {
    await redis.stop();
    ({ app, logs } = await buildTestApp(config()));
    await expectFailClosed('v1.not-a-token');
    expect(logs.text).toContain('Redis is not reachable at start');

    await redis.start();
    await expect.poll(async () => (await challenge(app)).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
    expect((await app.inject({ method: 'POST', url: regUrl(await passToken(app), '13800138012') })).json()).toEqual({
      status: 'y',
      info: '注册成功',
    });
  });
});
