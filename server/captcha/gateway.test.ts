import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp } from '../../testing/server/test-support';
import { TOKEN_TTL_MS } from '@game-register/gateway/policy';
import { signPassToken } from '@game-register/gateway/internals';
import { passToken, strictConfig } from '../../testing/server/strict-mode';

const SPEC_QUERY =
  'name=%E7%8E%A9%E5%AE%B6&Password=a%2Bb%20c&rePassword=a%2Bb%20c&wash=1&washType=2&code=H5REG&mobile=13800138000&QQ=&islogin=true';
const NEEDS_CAPTCHA = { status: 'n', info: '请先完成验证' };

/** A stand-in game backend that records the URL of every request and answers y. */
async function startUpstream() {
  const urls: string[] = [];
  const server: Server = createServer((request, response) => {
    urls.push(request.url!);
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'y', info: 'from upstream' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url, urls, stop };
}

const reg = (query: string, path = '/api/Index/reg') => ({ method: 'POST' as const, url: `${path}?${query}` });

describe('the reg gate in strict mode, embedded reference API', () => {
  it('answers n 请先完成验证 without a token, with a forged one, a reused one or an expired one', async () => {
    const time = { at: 1_800_000_000_000 };
    const { app } = await buildTestApp(strictConfig(), { now: () => time.at });
    const forged = signPassToken('not the server key, but long enough to pass', time.at + 60_000);
    expect((await app.inject({ method: 'POST', url: '/api/Index/reg' })).json()).toEqual(NEEDS_CAPTCHA);
    expect((await app.inject(reg(SPEC_QUERY))).json()).toEqual(NEEDS_CAPTCHA);
    expect((await app.inject(reg(`${SPEC_QUERY}&captchaToken=${forged}`))).json()).toEqual(NEEDS_CAPTCHA);
    expect((await app.inject(reg(`${SPEC_QUERY}&captchaToken=garbage`))).json()).toEqual(NEEDS_CAPTCHA);

    const token = await passToken(app);
    const tampered = token.replace(/\.([0-9a-z]+)\./, (_, expiry: string) => `.${(parseInt(expiry, 36) + 1).toString(36)}.`);
    expect((await app.inject(reg(`${SPEC_QUERY}&captchaToken=${tampered}`))).json()).toEqual(NEEDS_CAPTCHA);
    expect((await app.inject(reg(`${SPEC_QUERY}&captchaToken=${token}`))).json()).toEqual({ status: 'y', info: '注册成功' });
    expect((await app.inject(reg(`${SPEC_QUERY.replace('13800138000', '13800138001')}&captchaToken=${token}`))).json()).toEqual(
      NEEDS_CAPTCHA,
    );

    const late = await passToken(app);
    time.at += TOKEN_TTL_MS;
    expect((await app.inject(reg(`${SPEC_QUERY.replace('13800138000', '13800138002')}&captchaToken=${late}`))).json()).toEqual(
      NEEDS_CAPTCHA,
    );
    await app.close();
  });

  it('leaves checkuser alone', async () => {
    const { app } = await buildTestApp(strictConfig());
    expect((await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=bob' })).json()).toMatchObject({ status: 'y' });
    await app.close();
  });

  it('lets reg through without a token when CAPTCHA_MODE is off', async () => {
    const { app } = await buildTestApp();
    expect((await app.inject(reg(SPEC_QUERY))).json()).toEqual({ status: 'y', info: '注册成功' });
    await app.close();
  });
});

describe('the reg gate in strict mode, proxy to API_TARGET', () => {
  it('spends a fresh token and sends the backend exactly the documented reg query, without captchaToken', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp(strictConfig({}, { apiTarget: upstream.url }));
    const refused = await app.inject(reg(SPEC_QUERY));
    const token = await passToken(app);
    const passed = await app.inject(reg(`${SPEC_QUERY}&captchaToken=${token}`));
    const reused = await app.inject(reg(`${SPEC_QUERY}&captchaToken=${token}`));
    const second = await passToken(app);
    const middle = await app.inject(reg(`name=a&captchaToken=${second}&Password=b&code=H5REG`));
    await app.close();
    await upstream.stop();

    expect(refused.json()).toEqual(NEEDS_CAPTCHA);
    expect(passed.json()).toEqual({ status: 'y', info: 'from upstream' });
    expect(reused.json()).toEqual(NEEDS_CAPTCHA);
    expect(middle.json()).toEqual({ status: 'y', info: 'from upstream' });
    expect(upstream.urls).toEqual([`/api/Index/reg?${SPEC_QUERY}`, '/api/Index/reg?name=a&Password=b&code=H5REG']);
  });

  it('guards reg however its path is spelled, refuses what reads more than one way, and never asks the backend', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp(strictConfig({}, { apiTarget: upstream.url }));
    const gated = ['/api/index/reg', '/api/INDEX/REG', '/api/Index/%72eg', '/API/Index/reg'];
    // (Dot segments, %2e too, never reach the server through inject, whose URL parser resolves them: the raw-socket tests send them.)
    const refused = [
      '/api/INDEX/REG/',
      '/api/Index/%2572eg',
      '/api//Index//reg',
      '/api/Index%5Creg',
      '/api/Index%2Freg',
      '/api/Index/reg/code/EVIL',
    ];
    const answers = await Promise.all([...gated, ...refused, '/api/Index/reg.html'].map((path) => app.inject(reg(SPEC_QUERY, path))));
    const check = await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=bob' });
    await app.close();
    await upstream.stop();
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual([
      ...gated.map(() => [200, NEEDS_CAPTCHA]),
      ...refused.map(() => [400, { status: 'n', info: '参数格式不正确' }]),
      [404, { status: 'n', info: '接口不存在' }],
    ]);
    expect(check.json()).toEqual({ status: 'y', info: 'from upstream' });
    expect(upstream.urls).toEqual(['/api/Index/checkuser?param=bob']);
  });
});
