import { spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rawRequestBytes } from '../../../testing/http/raw-http';
import { buildTestApp, tempDir } from '../../../testing/server/test-support';

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
}

/** A stand-in game backend on a free port: records each request; answers, stays silent, or sends headers and stalls. */
async function startUpstream(mode: 'answer' | 'silent' | 'stalls' = 'answer') {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, body: Buffer.concat(chunks).toString(), headers: request.headers });
      if (mode === 'silent') return;
      if (mode === 'stalls') return void response.writeHead(200, { 'content-type': 'application/json' }).write('{"status":');
      response.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      response.end(JSON.stringify({ status: 'y', info: 'from upstream' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, seen, stop };
}

describe('proxy mode (API_TARGET)', () => {
  it('sends what the app sends byte for byte, rebuilt from the reading, and the answer back', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp({ apiTarget: upstream.url });
    const query =
      'name=%E7%8E%A9%E5%AE%B6&Password=a%2Bb%20c&rePassword=a%2Bb%20c&wash=1&washType=2&code=H5REG&mobile=13800138000&QQ=&islogin=true';
    const appHeaders = {
      accept: 'application/json',
      'x-channel': 'H5REG',
      'user-agent': 'Mozilla/5.0 (iPhone)',
      'accept-language': 'zh-CN',
    };
    const reg = await app.inject({
      method: 'POST',
      url: `/api/Index/reg?${query}`,
      headers: { ...appHeaders, cookie: 'sid=1', 'x-custom': 'no' },
    });
    const check = await app.inject({
      method: 'POST',
      url: '/api/Index/checkuser?param=bob&name=name',
      headers: appHeaders,
      payload: { param: 'bob', name: 'name' },
    });
    const form = await app.inject({
      method: 'POST',
      url: '/api/Index/checktel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=mobile&param=%31%33%38&other=1',
    });
    const other = await app.inject({
      method: 'PUT',
      url: '/api/Other/thing',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    await app.close();
    await upstream.stop();

    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({ status: 'y', info: 'from upstream' });
    expect(reg.headers['x-upstream']).toBe('yes');
    expect([check.statusCode, form.statusCode]).toEqual([201, 201]);
    expect(other.statusCode).toBe(404);
    expect(upstream.seen.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: `/api/Index/reg?${query}`, body: '' },
      { method: 'POST', url: '/api/Index/checkuser?param=bob&name=name', body: '{"param":"bob","name":"name"}' },
      // A form is rebuilt from the fields read: the app's order, its encoding, nothing else.
      { method: 'POST', url: '/api/Index/checktel', body: 'param=138&name=mobile' },
    ]);
    expect(upstream.seen[1]!.headers['content-type']).toBe('application/json');
    expect(upstream.seen[2]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const { host: _host, connection: _connection, ...passed } = upstream.seen[0]!.headers;
    expect(passed).toEqual({
      ...appHeaders,
      'x-channel': undefined,
      'content-length': '0',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
    });
  });

  it('passes on only the cookies API_FORWARD_COOKIES names', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp({ apiTarget: upstream.url, apiForwardCookies: ['sid'] });
    await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=a&name=name', headers: { cookie: 'code=EVIL; sid=abc; other=1' } });
    await app.close();
    await upstream.stop();
    expect(upstream.seen[0]!.headers.cookie).toBe('sid=abc');
  });

  it('prefixes the path of API_TARGET when it has one', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp({ apiTarget: new URL('/game/', upstream.url) });
    await app.inject({ method: 'POST', url: '/api/Index/checktel?param=1&name=mobile' });
    await app.close();
    await upstream.stop();
    expect(upstream.seen[0]!.url).toBe('/game/api/Index/checktel?param=1&name=mobile');
  });

  it('refuses a body over 16 KB with 413 JSON before it reaches the backend', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp({ apiTarget: upstream.url });
    const response = await app.inject({ method: 'POST', url: '/api/Index/checkuser', payload: { param: 'x'.repeat(1 << 20) } });
    await app.close();
    await upstream.stop();
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 'n', info: '请求内容过大' });
    expect(upstream.seen).toEqual([]);
  });

  it('answers 502 JSON at once when the backend is down', async () => {
    const upstream = await startUpstream();
    await upstream.stop();
    const { app } = await buildTestApp({ apiTarget: upstream.url });
    const started = Date.now();
    const response = await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=a&name=name' });
    await app.close();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ status: 'n', info: '服务暂时不可用，请稍后再试' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  // undici's timers tick every ~0.5 s: on them alone the 504 came up to 0.5 s late (4.5 s for 4000).
  it.each([
    ['stays silent', 'silent'],
    ['stalls mid-answer', 'stalls'],
  ] as const)('answers 504 JSON within 100 ms of API_TIMEOUT_MS when the backend %s', async (_, mode) => {
    const upstream = await startUpstream(mode);
    const { app } = await buildTestApp({ apiTarget: upstream.url, apiTimeoutMs: 300 });
    await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=warm&name=name' }).catch(() => undefined); // the connection and the code paths warm
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/Index/reg?name=a' });
    const elapsed = performance.now() - started;
    await app.close();
    await upstream.stop();
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ status: 'n', info: '服务响应超时，请稍后再试' });
    expect(elapsed).toBeGreaterThanOrEqual(299);
    expect(elapsed).toBeLessThan(400);
    expect(upstream.seen).toHaveLength(2);
  });

  it('still limits each address, and keeps what the backend answered reg in the ledger (the database)', async () => {
    const upstream = await startUpstream();
    const databasePath = join(await tempDir(), 'data', 'app.db');
    const { app } = await buildTestApp({
      apiTarget: upstream.url,
      databasePath,
      rateLimit: { windowMs: 60_000, checksPerWindow: 2, regPerWindow: 1 },
    });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=a' })).statusCode);
    const reg = [
      (await app.inject({ method: 'POST', url: '/api/Index/reg' })).statusCode,
      (await app.inject({ method: 'POST', url: '/api/index/REG' })).statusCode,
    ];
    await app.close();
    await upstream.stop();
    expect(existsSync(databasePath)).toBe(true); // the ledger of registrations' (docs/ledger.md); the ad outbox shares it
    expect(statuses).toEqual([201, 201, 429]);
    expect(reg).toEqual([201, 429]);
  });
});

describe('a reg whose client resets right after sending it', () => {
  const REG = `/api/Index/reg?${new URLSearchParams({ name: 'resetter', Password: 'Secret#123', rePassword: 'Secret#123', wash: '1', washType: '2', code: 'H5REG', mobile: '13912345678', QQ: '', islogin: 'true' })}`;

  /** Connects, waits for `before` (or nothing), then sends reg and resets at once: the server reads both in one go. */
  async function sendAndReset(port: number, before: (socket: ReturnType<typeof connect>) => Promise<unknown>) {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.on('close', () => resolve());
      void before(socket).then(() => {
        socket.write(rawRequestBytes({ port, method: 'POST', target: REG, headers: [['Connection', 'keep-alive']] }));
        socket.resetAndDestroy();
      });
    });
  }

  it('once its connection was accepted, is forwarded with its real address in X-Forwarded-For', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp({ apiTarget: upstream.url });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const accepted = new Promise((resolve) => app.server.once('connection', resolve));
    await sendAndReset(
      (app.server.address() as AddressInfo).port,
      (socket) => new Promise((resolve) => socket.once('connect', () => void accepted.then(resolve))),
    );
    for (let i = 0; i < 100 && upstream.seen.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await app.close();
    await upstream.stop();
    expect(upstream.seen.map(({ url, headers }) => [url, headers['x-forwarded-for']])).toEqual([[REG, '127.0.0.1']]);
  });

  it('before its connection was even accepted, is not forwarded under an address nobody has', async () => {
    const upstream = await startUpstream();
    const { app, logs } = await buildTestApp({ apiTarget: upstream.url });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const bytes = rawRequestBytes({ port, method: 'POST', target: REG, headers: [['Connection', 'keep-alive']] }).toString('base64');
    // Another process connects, sends and resets while this one's event loop is held: the kernel completes the
    // handshake and takes the bytes and the reset before the server accepts the connection.
    const client = `const s = require('node:net').connect(${port}, '127.0.0.1', () => { s.write(Buffer.from('${bytes}', 'base64')); s.resetAndDestroy(); }); s.on('error', () => {});`;
    expect(spawnSync(process.execPath, ['-e', client], { timeout: 10_000 }).status).toBe(0);
    const refused = () => logs.records.some((record) => record.msg === 'request refused: its client left before its address could be read');
    for (let i = 0; i < 100 && !refused() && upstream.seen.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();
    await upstream.stop();
    expect(upstream.seen).toEqual([]);
    expect(refused()).toBe(true);
  });
});
