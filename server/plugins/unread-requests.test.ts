// Upgrades and header overflow on real sockets, in front of the PHP stand-in.
import type { FastifyInstance } from 'fastify';
import { parseRawResponse, rawRequestBytes, sendRaw, sendRawBytes, type RawHeaders } from '../../testing/http/raw-http';
import { startTestPhp, type TestPhp } from '../../testing/php-backend/test-php';
import { buildTestApp } from '../../testing/server/test-support';

const REG = `/api/Index/reg?${new URLSearchParams({ name: 'upgrader', Password: 'Secret#123', rePassword: 'Secret#123', wash: '1', washType: '2', code: 'H5REG', mobile: '13912345678', QQ: '', islogin: 'true' })}`;

let php: TestPhp;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  php = await startTestPhp();
  ({ app } = await buildTestApp({ apiTarget: new URL(php.origin) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await php.close();
});
afterEach(async () => {
  await php.readings(); // each test starts with none
});

/** An upgrade request (its Connection header names the upgrade, as Node requires) with a reg pipelined after it. */
function upgradeThenReg(method: string, target: string, upgrade: RawHeaders, connection: string) {
  const first = rawRequestBytes({ port, method, target, headers: [...upgrade, ['Connection', connection]] });
  return Buffer.concat([first, rawRequestBytes({ port, method: 'POST', target: REG })]);
}

describe('an upgrade request', () => {
  it('to WebSocket is answered 501 at once and its connection closed, so nothing pipelined after it waits or is forwarded', async () => {
    const websocket: RawHeaders = [
      ['Upgrade', 'websocket'],
      ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
      ['Sec-WebSocket-Version', '13'],
    ];
    const answer = parseRawResponse(await sendRawBytes(port, upgradeThenReg('POST', REG, websocket, 'Upgrade'), 5000));

    expect(answer.status).toBe(501);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'n' });
    expect(await php.readings()).toEqual([]);
  });

  it('to h2c is answered 501 at once and its connection closed', async () => {
    const h2c: RawHeaders = [
      ['Upgrade', 'h2c'],
      ['HTTP2-Settings', 'AAMAAABkAAQCAAAAAAIAAAAA'],
    ];
    const answer = parseRawResponse(await sendRawBytes(port, upgradeThenReg('GET', '/register', h2c, 'Upgrade, HTTP2-Settings'), 5000));

    expect(answer.status).toBe(501);
    expect(answer.headers.connection).toBe('close');
    expect(await php.readings()).toEqual([]);
  });
});

describe('a request with more headers than Node keeps', () => {
  /** Short lines, so 2,000 of them stay under Node's 16 KB of headers. */
  const padding = (count: number): RawHeaders => Array.from({ length: count }, () => ['a', '1'] as const);
  const form = 'param=hidden&name=name';

  it('is refused with 431 and never forwarded, though its dropped Content-Length framed a body', async () => {
    // Host and Connection come first: past the 2,000th header, the body's type and length are dropped from the server's view.
    const headers: RawHeaders = [
      ['Host', `127.0.0.1:${port}`],
      ['Connection', 'close'],
      ...padding(2000),
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Content-Length', String(form.length)],
    ];
    const answer = await sendRaw({ port, method: 'POST', target: REG, headers, body: form, timeoutMs: 5000 });

    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'n' });
    // Refused before routing, still with the security headers every answer carries.
    expect(answer.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(await php.readings()).toEqual([]);
  });

  it('with a chunked body, is refused with 431 and its connection closed, and nothing it carries reaches the backend', async () => {
    // Kept alive, Transfer-Encoding past the 2,000th header: Node frames the chunked body by it, which the server
    // never sees; a reg rides inside the body, and another right after it in the same packet.
    const hidden = rawRequestBytes({ port, method: 'POST', target: REG, headers: [['Connection', 'keep-alive']] });
    const head = rawRequestBytes({
      port,
      method: 'POST',
      target: REG,
      headers: [['Host', `127.0.0.1:${port}`], ['Connection', 'keep-alive'], ...padding(2000), ['Transfer-Encoding', 'chunked']],
    });
    const body = Buffer.concat([Buffer.from(`${hidden.length.toString(16)}\r\n`), hidden, Buffer.from('\r\n0\r\n\r\n'), hidden]);
    const answered = (await sendRawBytes(port, Buffer.concat([head, body]), 5000)).toString('latin1'); // resolves once the server closed

    expect(answered.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
    const answer = parseRawResponse(Buffer.from(answered, 'latin1'));
    expect(answer.status).toBe(431);
    expect(answer.headers.connection).toBe('close');
    expect(await php.readings()).toEqual([]);
  });

  it('below the limit, is read with all its headers (a body on reg then refused with 400, as documented)', async () => {
    const headers: RawHeaders = [
      ['Host', `127.0.0.1:${port}`],
      ['Connection', 'close'],
      ...padding(1990),
      ['Content-Type', 'application/json'],
    ];
    const answer = await sendRaw({ port, method: 'POST', target: REG, headers, body: '{"a":1}', timeoutMs: 5000 });

    expect(answer.status).toBe(400); // a body on reg: refused as documented, so the body's headers were seen
    expect(await php.readings()).toEqual([]);
  });
});
