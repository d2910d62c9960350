import { sendRaw, type RawHeaders } from '../http/raw-http';
import { startTestPhp, type PhpReading, type TestPhp } from './test-php';

// Pins how PHP (and the stand-in's nginx and ThinkPHP steps) read hostile requests: the differential test of
// the gateway relies on each of these. Raw bytes over node:net, so no client normalises the target.
let php: TestPhp;
beforeAll(async () => void (php = await startTestPhp()));
afterAll(async () => php?.close());

const FORM = ['Content-Type', 'application/x-www-form-urlencoded'] as const;
const JSON_TYPE = ['Content-Type', 'application/json'] as const;

async function read(
  target: string,
  { method = 'POST', headers = [], body }: { method?: string; headers?: RawHeaders; body?: string } = {},
) {
  const response = await sendRaw({ port: php.port, method, target, headers, body });
  const readings = await php.readings();
  expect(readings).toHaveLength(1);
  const reading = readings[0] as PhpReading;
  expect(response.status).toBe(reading.status);
  return { response, reading };
}

describe('the stand-in answers like the backend', () => {
  it.each(['checkuser', 'checktel', 'reg'])('answers /api/Index/%s with y and ok', async (call) => {
    const { response, reading } = await read(`/api/Index/${call}?param=a&name=name`);
    expect(JSON.parse(response.body)).toEqual({ status: 'y', info: 'ok' });
    expect(reading.call).toBe(call);
  });

  it('answers anything else 404 with JSON, and a path nginx refuses 400', async () => {
    for (const target of ['/api/Index/login', '/Index/reg', '/api/Other/reg', '/api/Index/reg;x']) {
      const { response, reading } = await read(target);
      expect([response.status, reading.call, JSON.parse(response.body).status]).toEqual([404, null, 'n']);
    }
    expect((await read('/api/../../reg')).reading).toMatchObject({ status: 400, pathError: 'dot segment above the root' });
    expect((await read('/api/Index/r%zzeg')).reading).toMatchObject({ status: 400, path: null });
    expect((await read('/api/Index/reg%00')).reading.pathError).toBe('NUL in the path');
  });
});

describe('PHP parses parameter names its own way', () => {
  it('cuts a name at a NUL byte, so code%00=EVIL overwrites code', async () => {
    const { reading } = await read('/api/Index/reg?code=CH7&code%00=EVIL');
    expect(reading.get).toEqual({ code: 'EVIL' });
    expect(reading.param.code).toBe('EVIL');
  });

  it('drops a name that is empty once cut at NUL', async () => {
    expect((await read('/api/Index/reg?%00code=EVIL&a=1')).reading.get).toEqual({ a: '1' });
  });

  it('turns . and space (+ or %20) inside a name into _, and [ without ] too', async () => {
    const { reading } = await read('/api/Index/reg?co.de=1&co+de=2&c%20d=3&e[=4');
    expect(reading.get).toEqual({ co_de: '2', c_d: '3', e_: '4' });
  });

  it('drops leading spaces of a name', async () => {
    expect((await read('/api/Index/reg?%20code=A&++code=B')).reading.get).toEqual({ code: 'B' });
  });

  it('reads code[] as a list and code[x] as a map, and drops what follows the ]', async () => {
    const { reading } = await read('/api/Index/reg?code[]=A&code[]=B&map[x]=C&tail[y]z=D&enc%5B%5D=E');
    expect(reading.get).toEqual({ code: ['A', 'B'], map: { x: 'C' }, tail: { y: 'D' }, enc: ['E'] });
  });

  it('keeps the last of duplicate names, and tells names apart by case', async () => {
    const { reading } = await read('/api/Index/reg?code=A&code=B&Code=C&CODE=D');
    expect(reading.get).toEqual({ code: 'B', Code: 'C', CODE: 'D' });
  });

  it('keeps control bytes in names and values, decodes + as space, and leaves a bad % as it is', async () => {
    const { reading } = await read('/api/Index/reg?co%01de=A%0AB%7F&v=a+b&w=%ZZ%2');
    expect(reading.get).toEqual({ 'co\u0001de': 'A\nB\u007f', v: 'a b', w: '%ZZ%2' });
  });

  it('does not separate on ; in the query', async () => {
    expect((await read('/api/Index/reg?wash=1;code=EVIL')).reading.get).toEqual({ wash: '1;code=EVIL' });
  });

  it('decodes the query once: a double-encoded name stays encoded', async () => {
    expect((await read('/api/Index/reg?%2563ode=EVIL')).reading.get).toEqual({ '%63ode': 'EVIL' });
  });

  it('sees no query after a raw # in the target (the built-in server drops the fragment)', async () => {
    const { reading } = await read('/api/Index/reg#?x=1&code=EVIL');
    expect([reading.call, reading.queryString, reading.get]).toEqual(['reg', null, {}]);
  });
});

describe('cookies under php -n', () => {
  it('puts cookies in $_REQUEST, winning over the body and the query, but not in ThinkPHP param()', async () => {
    const headers = [['Cookie', 'code=COOKIE'], FORM] as const;
    const { reading } = await read('/api/Index/reg?code=QUERY', { headers, body: 'code=FORM' });
    expect(reading.request.code).toBe('COOKIE');
    expect(reading.cookie).toEqual({ code: 'COOKIE' });
    expect(reading.param.code).toBe('FORM');
  });

  it('keeps the first of duplicate cookies, decodes values, not names', async () => {
    const { reading } = await read('/api/Index/reg', { headers: [['Cookie', 'code=A; code=B; c%6Fde=%45VIL; a.b=1']] });
    expect(reading.cookie).toEqual({ code: 'A', 'c%6Fde': 'EVIL', a_b: '1' });
  });
});

describe('the path, as nginx and ThinkPHP route it', () => {
  it.each([
    ['/api/Index/%72eg', 'percent-encoded letters'],
    ['/api/Index/reg.html', 'the .html suffix'],
    ['/api/Index/reg.HTML', 'the suffix in any case'],
    ['/api/index/REG', 'controller and action in any case'],
    ['/API/INDEX/Reg', 'module in any case'],
    ['//api///Index//reg', 'repeated slashes'],
    ['/api/Index/reg/', 'a trailing slash'],
    ['/api/Index/checkuser/../reg', 'a dot-dot segment'],
    ['/api/Index/checkuser/%2e%2e/reg', 'an encoded dot-dot segment'],
    ['/api/./Index/reg', 'a dot segment'],
    ['/api/Index%2Freg', 'an encoded slash'],
    ['/api/Index/checkuser?s=/api/Index/reg', "ThinkPHP's s parameter"],
  ])('routes %s to reg (%s)', async (target) => {
    expect((await read(target)).reading.call).toBe('reg');
  });

  it.each([
    ['/api/Index/%2572eg', 'a double-encoded letter'],
    ['/api\\Index\\reg', 'backslashes'],
    ['/api/Index/reg.php', 'another suffix'],
    ['/api/Index/reg.html/x', 'the suffix before more path'],
  ])('routes %s nowhere (%s)', async (target) => {
    expect((await read(target)).reading.call).toBeNull();
  });

  it('reads name/value pairs after the action as path parameters, which win over query and body', async () => {
    const { reading } = await read('/api/Index/reg/code/EVIL/x/1.html?code=QUERY', { headers: [JSON_TYPE], body: '{"code":"JSON"}' });
    expect([reading.call, reading.pathParams]).toEqual(['reg', { code: 'EVIL', x: '1' }]);
    expect(reading.param.code).toBe('EVIL');
  });

  it('reads a decoded ? in the path as the end of the route', async () => {
    const { reading } = await read('/api/Index/reg%3Fcode=EVIL');
    expect([reading.call, reading.pathParams]).toEqual(['reg', { code: 'EVIL' }]);
  });
});

describe('bodies, as PHP and ThinkPHP read them', () => {
  it('leaves $_POST empty for JSON, which ThinkPHP reads over the query', async () => {
    const { reading } = await read('/api/Index/checkuser?param=a&name=name', { headers: [JSON_TYPE], body: '{"param":"b","name":"name"}' });
    expect([reading.post, reading.json, reading.param]).toEqual([{}, { param: 'b', name: 'name' }, { param: 'b', name: 'name' }]);
  });

  it('parses a form body into $_POST, whatever the case of its content type', async () => {
    const { reading } = await read('/api/Index/reg?code=A', {
      headers: [['Content-Type', 'Application/X-WWW-Form-URLENCODED; charset=UTF-8']],
      body: 'code=B',
    });
    expect([reading.post, reading.param.code]).toEqual([{ code: 'B' }, 'B']);
  });

  it('reads a JSON body labelled text/plain as JSON all the same (ThinkPHP: a body starting {")', async () => {
    const { reading } = await read('/api/Index/reg?code=A', { headers: [['Content-Type', 'text/plain']], body: '{"code":"B"}' });
    expect([reading.post, reading.param.code]).toEqual([{}, 'B']);
  });

  it('reads a form body without a content type through ThinkPHP only, and a form labelled JSON not at all', async () => {
    const bare = (await read('/api/Index/reg?code=A', { body: 'code=B' })).reading;
    expect([bare.post, bare.param.code]).toEqual([{}, 'B']);
    const labelled = (await read('/api/Index/reg?code=A', { headers: [JSON_TYPE], body: 'code=B' })).reading;
    expect([labelled.json, labelled.param.code]).toEqual([null, 'A']);
  });

  it('keeps the last of duplicate JSON keys', async () => {
    expect((await read('/api/Index/checkuser', { headers: [JSON_TYPE], body: '{"param":"a","param":"b"}' })).reading.param).toEqual({
      param: 'b',
    });
  });

  it('reads no body fields of a GET', async () => {
    const { reading } = await read('/api/Index/reg?code=A', { method: 'GET', headers: [FORM], body: 'code=B' });
    expect(reading.param.code).toBe('A');
  });
});

it('writes no password to stderr', async () => {
  await read('/api/Index/reg?name=a&Password=Pw-secret-1&rePassword=Pw-secret-1');
  await read('/api/Index/reg?Password=Pw-secret-2&x%ZZ', { headers: [FORM], body: '%' });
  expect(php.stderr()).not.toMatch(/Pw-secret/);
});
