import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'libsql';
import { join } from 'node:path';
import { fixedChannels } from '../../channels/site-channels';
import { passToken, strictConfig } from '../../../testing/server/strict-mode';
import { buildTestApp, tempDir } from '../../../testing/server/test-support';
import { readApiRequestLine, readingOf } from '../reading/reading';
import { withListedCode } from './listed-code';

const CLIENT = '203.0.113.9';
const channels = fixedChannels({ default: 'H5REG', allowed: ['CH7', 'CH8'], param: 'c' });
const HEAD = 'name=%E7%8E%A9%E5%AE%B6&Password=a%2Bb%20c&rePassword=a%2Bb%20c&wash=1&washType=2';
const TAIL = 'mobile=13800138000&QQ=&islogin=true';
const reg = (codes: string) => `/api/Index/reg?${HEAD}&${codes}&${TAIL}`;

/** A stand-in game backend on a free port that records every request's URL and body, and answers y. */
async function startUpstream() {
  const seen: { url: string; body: string; cookie: string | undefined }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ url: request.url!, body: Buffer.concat(chunks).toString(), cookie: request.headers.cookie });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'y', info: 'from upstream' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { url, seen, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const UNLISTED = ['code=EVIL', `code=${'x'.repeat(200)}`, 'code=', 'nocode=1'];
const TWO_READINGS = [
  'code=CH7&code=EVIL',
  'Code=EVIL',
  'code[]=EVIL',
  'code=EVIL&code%5B%5D=CH7',
  'code=CH7&code%00=EVIL',
  'co.de=EVIL&code=CH7',
];

describe('reg reaches the backend with a listed code only', () => {
  it('proxy mode: a listed code goes on byte for byte; any other, or none, goes on as the default', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp({ apiTarget: upstream.url }, { channels });
    for (const codes of ['code=CH7', 'code=H5REG', ...UNLISTED]) {
      expect((await app.inject({ method: 'POST', url: reg(codes) })).json()).toEqual({ status: 'y', info: 'from upstream' });
    }
    await app.close();
    await upstream.stop();
    expect(upstream.seen.map(({ url }) => url)).toEqual([reg('code=CH7'), reg('code=H5REG'), ...UNLISTED.map(() => reg('code=H5REG'))]);
  });

  it('proxy mode: a code spelled so that a backend could read another one is refused with 400 and never sent on', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp({ apiTarget: upstream.url }, { channels });
    const answers = [];
    for (const codes of TWO_READINGS) answers.push(await app.inject({ method: 'POST', url: reg(codes) }));
    const cookie = await app.inject({ method: 'POST', url: reg('code=CH7'), headers: { cookie: 'code=EVIL; sid=1' } });
    await app.close();
    await upstream.stop();
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual(
      TWO_READINGS.map(() => [400, { status: 'n', info: '参数格式不正确' }]),
    );
    // A cookie is not a field: the backend gets none (API_FORWARD_COOKIES names the ones it needs).
    expect(cookie.statusCode).toBe(200);
    expect(upstream.seen).toHaveLength(1);
    expect(upstream.seen[0]!.url).toBe(reg('code=CH7'));
    expect(upstream.seen[0]!.cookie).toBeUndefined();
  });

  it('proxy mode: a reg with a body is refused with 400 and never sent on; the download ping still is', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp({ apiTarget: upstream.url }, { channels });
    const form = await app.inject({
      method: 'POST',
      url: reg('code=CH7'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=EVIL',
    });
    const json = await app.inject({ method: 'POST', url: reg('code=CH7'), payload: { code: 'EVIL' } });
    const ping = await app.inject({ method: 'POST', url: '/api/Index/reg' });
    await app.close();
    await upstream.stop();
    expect([form.statusCode, json.statusCode]).toEqual([400, 400]);
    expect(form.json()).toEqual({ status: 'n', info: '参数格式不正确' });
    expect(ping.statusCode).toBe(200);
    expect(upstream.seen).toEqual([{ url: '/api/Index/reg', body: '', cookie: undefined }]);
  });

  it('strict mode behind the proxy: the token is spent, and the code is still made a listed one', async () => {
    const upstream = await startUpstream();
    const { app } = await buildTestApp(strictConfig({}, { apiTarget: upstream.url }), { channels });
    const token = await passToken(app);
    expect((await app.inject({ method: 'POST', url: `${reg('code=EVIL')}&captchaToken=${token}` })).json()).toEqual({
      status: 'y',
      info: 'from upstream',
    });
    await app.close();
    await upstream.stop();
    expect(upstream.seen.map(({ url }) => url)).toEqual([reg('code=H5REG')]);
  });

  it('the reference API stores a listed code as sent and any other under the default', async () => {
    const databasePath = join(await tempDir(), 'app.db');
    const { app } = await buildTestApp({ databasePath }, { channels });
    const answers = [];
    for (const [index, codes] of ['code=CH8', 'code=EVIL', 'code=', 'nocode=CH7'].entries()) {
      const url = reg(codes).replace('%E7%8E%A9%E5%AE%B6', `player${index}`).replace('13800138000', `1380013800${index}`);
      answers.push((await app.inject({ method: 'POST', url })).json());
    }
    await app.close();
    const db = new Database(databasePath);
    const rows = db.prepare('SELECT name, channel_code FROM accounts ORDER BY id').all();
    db.close();
    expect(answers.every((answer) => answer.status === 'y')).toBe(true);
    expect(rows).toEqual([
      { name: 'player0', channel_code: 'CH8' },
      { name: 'player1', channel_code: 'H5REG' },
      { name: 'player2', channel_code: 'H5REG' },
      { name: 'player3', channel_code: 'H5REG' },
    ]);
  });
});

describe("withListedCode: the pipeline's step, reading in, reading out", () => {
  const settings = { default: 'H5REG', allowed: ['CH7', 'CH8'], param: 'c' };
  const readingOfUrl = (url: string) => {
    const raw = { method: 'POST', url, headers: {} } as unknown as IncomingMessage;
    readApiRequestLine(raw, CLIENT);
    return readingOf({ raw })!;
  };

  it('keeps a listed code: the same reading comes back', () => {
    const reading = readingOfUrl('/api/Index/reg?name=a&code=CH7');
    expect(withListedCode(reading, settings)).toBe(reading);
    const asDefault = readingOfUrl('/api/Index/reg?name=a&code=H5REG');
    expect(withListedCode(asDefault, settings)).toBe(asDefault);
  });

  it('makes an unlisted code, an empty one or none the default, in a new reading, and leaves the one it was given alone', () => {
    for (const url of [
      '/api/Index/reg?name=a&code=EVIL',
      '/api/Index/reg?name=a&code=',
      '/api/Index/reg?name=a',
      '/api/Index/reg?captchaToken=t',
    ]) {
      const reading = readingOfUrl(url);
      const before = { ...reading.query };
      const listed = withListedCode(reading, settings);
      expect(listed).not.toBe(reading);
      expect(listed.query.code).toBe('H5REG');
      expect(reading.query).toEqual(before);
      // What it was sent with stays, for the funnel's label; nothing else changes.
      expect(listed).toEqual({ ...reading, query: { ...before, code: 'H5REG' } });
    }
  });

  it("leaves reg without any field (the download screen's ping) and every other call alone", () => {
    for (const url of ['/api/Index/reg', '/api/Index/checkuser?param=a', '/api/funnel?step=shown&c=EVIL']) {
      const reading = readingOfUrl(url);
      expect(withListedCode(reading, settings)).toBe(reading);
    }
  });
});
