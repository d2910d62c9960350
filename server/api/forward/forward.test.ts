import { forwardedRequest, type ForwardedFrom, type ForwardedTo } from './forward';
import { readBody } from '../reading/read-body';
import { readTarget } from '../reading/read-target';

const FROM: ForwardedFrom = { headers: {}, protocol: 'https' };
/** The client the server decided on arrival, which the reading carries. */
const CLIENT = '203.0.113.9';
const TO: ForwardedTo = { target: new URL('http://backend.example:8080'), cookies: [] };

/** The request the backend gets for a request line and body, read as the server reads them. */
function forwarded(target: string, contentType?: string, body?: string, from: ForwardedFrom = FROM, to: ForwardedTo = TO) {
  const { call, query, refusal } = readTarget('POST', target);
  if (refusal !== null || (call !== 'reg' && call !== 'checkuser' && call !== 'checktel')) throw new Error(`refused: ${target}`);
  const read = readBody(call, contentType, body === undefined ? undefined : Buffer.from(body));
  if ('refusal' in read) throw new Error(`refused body: ${body}`);
  return forwardedRequest(call, { query, body: read.body, bodyType: read.type, client: CLIENT }, from, to);
}

/** The path, body and body headers alone. */
const content = (request: ReturnType<typeof forwarded>) => ({
  path: request.path,
  body: request.body,
  type: request.headers['content-type'] ?? null,
  length: request.headers['content-length'],
});

describe('forwardedRequest: the path, the query and the body', () => {
  it('gives the backend what the app sends, byte for byte', () => {
    const query =
      'name=%E7%8E%A9%E5%AE%B6&Password=a%2Bb%20c&rePassword=a%2Bb%20c&wash=1&washType=2&code=H5REG&mobile=13800138000&QQ=&islogin=true';
    expect(content(forwarded(`/api/Index/reg?${query}`))).toEqual({ path: `/api/Index/reg?${query}`, body: null, type: null, length: '0' });
    expect(
      content(forwarded('/api/Index/checkuser?param=%E7%8E%A9%20x&name=name', 'application/json', '{"param":"玩 x","name":"name"}')),
    ).toEqual({
      path: '/api/Index/checkuser?param=%E7%8E%A9%20x&name=name',
      body: '{"param":"玩 x","name":"name"}',
      type: 'application/json',
      length: String(Buffer.byteLength('{"param":"玩 x","name":"name"}')),
    });
    expect(content(forwarded('/api/Index/reg'))).toEqual({ path: '/api/Index/reg', body: null, type: null, length: '0' });
  });

  it('gives any other spelling as it was read: canonical path, app order, one encoding, no other name', () => {
    expect(forwarded('/api/index/%72eg?islogin=true&x=1&name=a+b&%63ode=CH7&captchaToken=t').path).toBe(
      '/api/Index/reg?name=a%20b&code=CH7&islogin=true',
    );
    expect(content(forwarded('/api/Index/checktel?name=mobile', 'application/x-www-form-urlencoded', 'x=1&param=%31%33%38'))).toEqual({
      path: '/api/Index/checktel?name=mobile',
      body: 'param=138',
      type: 'application/x-www-form-urlencoded',
      length: '9',
    });
  });

  it("sends each call to its own canonical path, always as a POST, under the target's path", () => {
    const to = { target: new URL('http://backend.example/game/'), cookies: [] };
    expect(
      ['/api/index/CHECKUSER', '/api/Index/checktel', '/api/INDEX/reg'].map((target) => forwarded(target, undefined, undefined, FROM, to)),
    ).toMatchObject([
      { method: 'POST', path: '/game/api/Index/checkuser' },
      { method: 'POST', path: '/game/api/Index/checktel' },
      { method: 'POST', path: '/game/api/Index/reg' },
    ]);
  });

  it("never forwards a field only the gateway reads, nor another call's field", () => {
    // reg's pass token (the gate drops it before, and this would leave it out even if not); a check's reg fields.
    expect(forwarded('/api/Index/reg?captchaToken=t&name=a').path).toBe('/api/Index/reg?name=a');
    expect(forwarded('/api/Index/checkuser?param=a&Password=p&code=CH7').path).toBe('/api/Index/checkuser?param=a');
    expect(forwarded('/api/Index/checkuser', 'application/json', '{"param":"a","Password":"p","step":"shown"}').body).toBe('{"param":"a"}');
  });
});

describe('forwardedRequest: the headers', () => {
  const sent = {
    accept: 'application/json',
    'accept-language': 'zh-CN',
    'user-agent': 'Mozilla/5.0 (iPhone)',
    cookie: 'sid=1; theme=dark; lang=zh',
    'x-channel': 'H5REG',
    'x-ad-clicks': 'clickid=a1',
    'x-ad-consent': '1',
    'x-forwarded-for': '198.51.100.1',
    'x-forwarded-host': 'evil.example',
    'x-custom': 'no',
    host: 'm.game.example.com',
    'content-type': 'text/plain',
    'content-length': '999',
    authorization: 'Bearer x',
  };

  it('passes on the allow-list as sent, sets host, length, type and the forwarded-for pair, and nothing else', () => {
    const request = forwarded('/api/Index/checkuser?param=a', 'application/json', '{"param":"a"}', { ...FROM, headers: sent });
    expect(request.headers).toEqual({
      accept: 'application/json',
      'accept-language': 'zh-CN',
      'user-agent': 'Mozilla/5.0 (iPhone)',
      host: 'backend.example:8080',
      'content-length': '13',
      'content-type': 'application/json',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
    });
    // In this order: what undici writes on the wire.
    expect(Object.keys(request.headers)).toEqual([
      'accept',
      'accept-language',
      'user-agent',
      'host',
      'content-length',
      'content-type',
      'x-forwarded-for',
      'x-forwarded-proto',
    ]);
  });

  it('sends reg, which has no body, with a zero length and no content type', () => {
    const request = forwarded('/api/Index/reg?name=a', undefined, undefined, { ...FROM, headers: sent });
    expect(request.headers['content-length']).toBe('0');
    expect(request.headers).not.toHaveProperty('content-type');
  });

  it('leaves out a header of the allow-list the client did not send', () => {
    expect(Object.keys(forwarded('/api/Index/reg', undefined, undefined, { ...FROM, headers: { 'user-agent': 'ua' } }).headers)).toEqual([
      'user-agent',
      'host',
      'content-length',
      'x-forwarded-for',
      'x-forwarded-proto',
    ]);
  });

  it('passes on only the cookies a setting names, and no cookie header when none of them came', () => {
    const cookies = (header: string | undefined, names: string[]) =>
      forwarded(
        '/api/Index/reg',
        undefined,
        undefined,
        { ...FROM, headers: header === undefined ? {} : { cookie: header } },
        { ...TO, cookies: names },
      ).headers.cookie;
    expect(cookies('sid=1; theme=dark; lang=zh', [])).toBeUndefined();
    expect(cookies('sid=1; theme=dark; lang=zh', ['sid', 'lang'])).toBe('sid=1; lang=zh');
    expect(cookies('theme=dark', ['sid'])).toBeUndefined();
    expect(cookies(undefined, ['sid'])).toBeUndefined();
    expect(cookies('sidx=1;sid=2', ['sid'])).toBe('sid=2');
  });
});
