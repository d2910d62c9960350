import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp } from '../testing/server/test-support';

const PASSWORD = 'Pw-7f3a9c!Q';
/** The part of the password that survives every encoding (raw, encodeURIComponent, form encoding). */
const PASSWORD_CORE = '7f3a9c';
const regUrl = (password = PASSWORD) =>
  `/api/Index/reg?${new URLSearchParams({ name: 'logger', Password: password, rePassword: password, mobile: '13800138000', code: 'H5REG' })}`;

describe('request logs', () => {
  it('are one JSON line per request, with method, path, status and time', async () => {
    const { app, logs } = await buildTestApp();
    await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=a&name=name' });
    await app.inject({ url: '/nothing.js' });
    await app.close();
    const requests = logs.records.filter((record) => record.msg === 'request completed');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      req: {
        method: 'POST',
        url: expect.stringMatching(/^\/api\/Index\/checkuser\?param=\[len=1 #[0-9a-f]{8}\]&name=\[len=4 #[0-9a-f]{8}\]$/),
      },
      res: { statusCode: 200 },
    });
    expect(requests[0]!.responseTime).toEqual(expect.any(Number));
    expect(logs.records.filter((record) => record.msg === 'incoming request')).toEqual([]);
  });

  it('never contain a registration password, on success or on any refusal', async () => {
    const { app, logs } = await buildTestApp({ logLevel: 'trace' });
    await app.inject({ method: 'POST', url: regUrl() });
    await app.inject({ method: 'POST', url: regUrl() }); // taken
    await app.inject({ method: 'POST', url: `${regUrl()}&name=again` }); // repeated param: 400
    await app.inject({ method: 'POST', url: regUrl(), payload: { Password: PASSWORD, big: 'x'.repeat(1 << 20) } }); // 413
    await app.inject({ method: 'POST', url: '/api/Index/checkuser', payload: { param: 'a', Password: PASSWORD } });
    await app.inject({ method: 'POST', url: `/api/Index/nothing?Password=${PASSWORD}` });
    await app.inject({ method: 'GET', url: `/register?rePassword=${encodeURIComponent(PASSWORD)}` });
    await app.inject({ method: 'POST', url: `/api/Index/reg?Pass%77ord=${PASSWORD}` });
    await app.close();

    expect(logs.lines.length).toBeGreaterThanOrEqual(8);
    expect(logs.text).toContain('Password=[REDACTED]');
    expect(logs.text).not.toContain(PASSWORD_CORE);
  });

  it('never contain the account name or the mobile number of a registration or a check, in either mode', async () => {
    const name = 'zhangwei_7q';
    const mobile = '13987654321';
    const upstream = createServer((_request, response) => response.end('{"status":"y","info":""}'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const target = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
    const lines: string[] = [];
    for (const overrides of [{}, { apiTarget: target }]) {
      const { app, logs } = await buildTestApp({ ...overrides, logLevel: 'trace' });
      const reg = `/api/Index/reg?${new URLSearchParams({ name, Password: PASSWORD, rePassword: PASSWORD, wash: '1', washType: '2', code: 'H5REG', mobile, QQ: '', islogin: 'true' })}`;
      expect((await app.inject({ method: 'POST', url: reg })).json()).toMatchObject({ status: 'y' });
      await app.inject({ method: 'POST', url: `/api/Index/checkuser?param=${name}&name=name` });
      await app.inject({ method: 'POST', url: `/api/Index/checktel?param=${mobile}&name=mobile` });
      await app.inject({ method: 'POST', url: `/api/Index/reg?mobile=${mobile}&mobile=${mobile}` }); // refused: a field twice
      await app.close();
      lines.push(...logs.lines);
    }
    await new Promise((resolve) => upstream.close(resolve));

    const text = lines.join('');
    expect(lines.filter((line) => line.includes('"request completed"'))).toHaveLength(8);
    expect(text).not.toContain(name);
    expect(text).not.toContain(mobile.slice(3));
    expect(text).toContain(`mobile=[len=11 #`);
  });

  it('never contain a registration password in proxy mode, up or down', async () => {
    const upstream = createServer((_request, response) => response.end('{"status":"y","info":""}'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const target = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
    const { app, logs } = await buildTestApp({ apiTarget: target, logLevel: 'trace' });
    expect((await app.inject({ method: 'POST', url: regUrl() })).statusCode).toBe(200);
    await new Promise((resolve) => upstream.close(resolve));
    expect((await app.inject({ method: 'POST', url: regUrl() })).statusCode).toBe(502);
    await app.close();

    expect(logs.records.filter((record) => record.msg === 'request completed')).toHaveLength(2);
    expect(logs.text).not.toContain(PASSWORD_CORE);
  });
});
