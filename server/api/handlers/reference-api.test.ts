import Database from 'libsql';
import { join } from 'node:path';
import { verifyPassword } from '../../db/password';
import { fixedChannels } from '../../channels/site-channels';
import { buildTestApp, tempDir } from '../../../testing/server/test-support';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const registration = (fields: Record<string, string> = {}) =>
  new URLSearchParams({
    name: 'player1',
    Password: 'Secret#123',
    rePassword: 'Secret#123',
    wash: '1',
    washType: '2',
    code: 'H5REG',
    mobile: '13800138000',
    QQ: '',
    islogin: 'true',
    ...fields,
  }).toString();

async function register(app: App, fields: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url: `/api/Index/reg?${registration(fields)}` });
  return { statusCode: response.statusCode, ...(response.json() as { status: string; info: string }) };
}

async function check(app: App, endpoint: 'checkuser' | 'checktel', param: string) {
  const name = endpoint === 'checkuser' ? 'name' : 'mobile';
  const response = await app.inject({
    method: 'POST',
    url: `/api/Index/${endpoint}?${new URLSearchParams({ param, name })}`,
    payload: { param, name },
  });
  return { statusCode: response.statusCode, ...(response.json() as { status: string; info: string }) };
}

describe('reference API', () => {
  let app: App;
  beforeEach(async () => {
    ({ app } = await buildTestApp());
  });
  afterEach(() => app.close());

  describe('checkuser', () => {
    it('answers y for a free name', async () => {
      expect(await check(app, 'checkuser', 'newplayer')).toEqual({ statusCode: 200, status: 'y', info: '用户名可用' });
    });

    it('answers n 请输入用户名 for an empty or blank name', async () => {
      expect(await check(app, 'checkuser', '')).toMatchObject({ status: 'n', info: '请输入用户名' });
      expect(await check(app, 'checkuser', '   ')).toMatchObject({ status: 'n', info: '请输入用户名' });
    });

    it('answers n 用户名已存在 for a registered name, whatever its ASCII case', async () => {
      await register(app);
      expect(await check(app, 'checkuser', 'player1')).toMatchObject({ status: 'n', info: '用户名已存在' });
      expect(await check(app, 'checkuser', 'PLAYER1')).toMatchObject({ status: 'n', info: '用户名已存在' });
    });

    it('reads the param from the query alone, a JSON body alone, or a form body alone', async () => {
      await register(app);
      const fromQuery = await app.inject({ method: 'POST', url: '/api/Index/checkuser?param=player1&name=name' });
      const fromJson = await app.inject({ method: 'POST', url: '/api/Index/checkuser', payload: { param: 'player1', name: 'name' } });
      const fromForm = await app.inject({
        method: 'POST',
        url: '/api/Index/checkuser',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'param=player1&name=name',
      });
      for (const response of [fromQuery, fromJson, fromForm]) {
        expect(response.json()).toEqual({ status: 'n', info: '用户名已存在' });
      }
    });

    it('answers n missing when no param comes at all', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/Index/checkuser' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'n', info: '请输入用户名' });
    });
  });

  describe('checktel', () => {
    it('answers y for a free well-formed mobile number', async () => {
      expect(await check(app, 'checktel', '13912345678')).toEqual({ statusCode: 200, status: 'y', info: '手机号可用' });
    });

    it.each(['', '1381234567', '138123456789', '12812345678', '23812345678', '1381234567a', '+8613812345678', '１３８１２３４５６７８'])(
      'answers n 手机号格式不正确 for %j',
      async (mobile) => {
        expect(await check(app, 'checktel', mobile)).toMatchObject({ status: 'n', info: '手机号格式不正确' });
      },
    );

    it('answers n 该手机号已注册 for a registered number', async () => {
      await register(app);
      expect(await check(app, 'checktel', '13800138000')).toMatchObject({ status: 'n', info: '该手机号已注册' });
    });
  });

  describe('reg', () => {
    it('stores a valid registration and answers y 注册成功', async () => {
      expect(await register(app)).toEqual({ statusCode: 200, status: 'y', info: '注册成功' });
      expect(await check(app, 'checkuser', 'player1')).toMatchObject({ status: 'n' });
    });

    it('with no query and no body answers n and stores nothing', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/Index/reg' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'n', info: '请输入用户名' });
      expect(await register(app)).toMatchObject({ status: 'y' });
    });

    it.each([
      [{ name: '' }, '请输入用户名'],
      [{ Password: '' }, '请输入密码'],
      [{ rePassword: '' }, '请输入密码'],
      [{ rePassword: 'Other#123' }, '两次密码不一致'],
      [{ mobile: '' }, '请输入手机号'],
      [{ mobile: '1380013800' }, '手机号格式不正确'],
    ])('re-checks everything: %j answers n %s and stores nothing', async (fields, info) => {
      expect(await register(app, fields)).toMatchObject({ statusCode: 200, status: 'n', info });
      expect(await register(app)).toMatchObject({ status: 'y' });
    });

    it('refuses a taken name and a taken mobile number', async () => {
      await register(app);
      expect(await register(app, { mobile: '13900139000' })).toMatchObject({ status: 'n', info: '用户名已存在' });
      expect(await register(app, { name: 'player2' })).toMatchObject({ status: 'n', info: '该手机号已注册' });
    });

    it('lets exactly one of 50 concurrent registrations of one name win', { timeout: 30_000 }, async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) => register(app, { mobile: `139${String(index).padStart(8, '0')}` })),
      );
      expect(answers.filter((answer) => answer.status === 'y')).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 'n' && answer.info === '用户名已存在')).toHaveLength(49);
    });

    it('lets exactly one of several concurrent registrations of one mobile number win', { timeout: 30_000 }, async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => register(app, { name: `racer${index}` })));
      expect(answers.filter((answer) => answer.status === 'y')).toHaveLength(1);
      expect(new Set(answers.filter((answer) => answer.status === 'n').map((answer) => answer.info))).toEqual(new Set(['该手机号已注册']));
    });
  });

  describe('bad input is answered with n or a 4xx JSON, never a 500', () => {
    const long = 'x'.repeat(65);

    it.each([
      ['checkuser', { param: long }, '用户名不能超过64个字符'],
      ['checkuser', { param: 'ok', name: long }, '参数 name 不能超过64个字符'],
      ['checktel', { param: '1'.repeat(65) }, '手机号不能超过64个字符'],
    ])('%s with a param over 64 characters %j answers n with the reason', async (endpoint, params, info) => {
      const response = await app.inject({ method: 'POST', url: `/api/Index/${endpoint}?${new URLSearchParams(params)}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'n', info });
    });

    it.each([
      ['name', '用户名不能超过64个字符'],
      ['Password', '密码不能超过64个字符'],
      ['rePassword', '确认密码不能超过64个字符'],
      ['mobile', '手机号不能超过64个字符'],
      ['QQ', '参数 QQ 不能超过64个字符'],
    ])('reg with %s over 64 characters answers n %s and stores nothing', async (field, info) => {
      expect(await register(app, { [field]: long })).toMatchObject({ statusCode: 200, status: 'n', info });
      expect(await register(app)).toMatchObject({ status: 'y' });
    });

    it('counts characters, not bytes: a 64-character Chinese name is accepted', async () => {
      expect(await register(app, { name: '玩'.repeat(64) })).toMatchObject({ status: 'y' });
      expect(await check(app, 'checkuser', '玩'.repeat(65))).toMatchObject({ status: 'n', info: '用户名不能超过64个字符' });
    });

    it.each([
      ["' OR '1'='1' --", 'sql-1'],
      ['x"; DROP TABLE accounts; --', 'sql-2'],
      ['<script>alert(1)</script>', 'html'],
      ['<img src=x onerror=alert(1)>', 'html-2'],
    ])('treats %j as a plain name', async (name) => {
      expect(await check(app, 'checkuser', name)).toMatchObject({ statusCode: 200, status: 'y' });
      expect(await register(app, { name })).toMatchObject({ status: 'y' });
      expect(await check(app, 'checkuser', name)).toMatchObject({ status: 'n', info: '用户名已存在' });
      expect(await check(app, 'checkuser', 'someone-else')).toMatchObject({ status: 'y' });
    });

    it.each([
      ['an object', { param: { $gt: '' } }],
      ['a nested array', { param: [['a']] }],
      ['a list of two', { param: ['a', 'b'] }],
    ])('answers 400 JSON when the param is %s', async (_label, payload) => {
      const response = await app.inject({ method: 'POST', url: '/api/Index/checkuser', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'n', info: '参数格式不正确' });
    });

    it('answers 400 JSON for a repeated query param', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/Index/reg?name=a&name=b' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'n' });
    });

    it.each([
      ['JSON that is not an object', 'application/json', '"player1"'],
      ['JSON null', 'application/json', 'null'],
      ['broken JSON', 'application/json', '{"param":'],
    ])('answers 400 JSON for %s', async (_label, contentType, payload) => {
      const response = await app.inject({ method: 'POST', url: '/api/Index/checkuser', headers: { 'content-type': contentType }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ status: 'n' });
    });

    describe('a declared content type with an empty body', () => {
      const TYPES = [
        'application/json',
        'application/x-www-form-urlencoded',
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
      ];

      it.each(TYPES)('lets checkuser and checktel read the query (%s)', async (contentType) => {
        const user = await app.inject({
          method: 'POST',
          url: '/api/Index/checkuser?param=player1&name=name',
          headers: { 'content-type': contentType },
          payload: '',
        });
        expect(user.statusCode).toBe(200);
        expect(user.json()).toEqual({ status: 'y', info: expect.any(String) });
        const tel = await app.inject({
          method: 'POST',
          url: '/api/Index/checktel?param=13800138000&name=mobile',
          headers: { 'content-type': contentType },
          payload: '',
        });
        expect(tel.statusCode).toBe(200);
        expect(tel.json()).toMatchObject({ status: 'y' });
      });

      it.each(TYPES)('lets reg register from the query (%s)', async (contentType) => {
        const response = await app.inject({
          method: 'POST',
          url: `/api/Index/reg?${registration()}`,
          headers: { 'content-type': contentType },
          payload: '',
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ status: 'y' });
        expect(await check(app, 'checkuser', 'player1')).toMatchObject({ status: 'n', info: '用户名已存在' });
      });

      it('still answers 400 JSON for a non-empty malformed JSON body on reg', async () => {
        const response = await app.inject({
          method: 'POST',
          url: `/api/Index/reg?${registration()}`,
          headers: { 'content-type': 'application/json' },
          payload: '{"a":',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ status: 'n', info: '参数格式不正确' });
        expect(await check(app, 'checkuser', 'player1')).toMatchObject({ status: 'y' });
      });
    });

    it('answers 415 JSON for an unknown content type', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/Index/checkuser',
        headers: { 'content-type': 'application/xml' },
        payload: '<param>x</param>',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ status: 'n', info: '不支持的内容类型' });
    });

    it.each(['application/json', 'application/x-www-form-urlencoded'])('answers 413 JSON for a 1 MB %s body', async (contentType) => {
      const payload = contentType === 'application/json' ? JSON.stringify({ param: 'x'.repeat(1 << 20) }) : `param=${'x'.repeat(1 << 20)}`;
      const response = await app.inject({ method: 'POST', url: '/api/Index/checkuser', headers: { 'content-type': contentType }, payload });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ status: 'n', info: '请求内容过大' });
    });

    it('answers 413 JSON for a 1 MB body sent to reg', async () => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/Index/reg?${registration()}`,
        payload: { junk: 'x'.repeat(1 << 20) },
      });
      expect(response.statusCode).toBe(413);
      expect(await check(app, 'checkuser', 'player1')).toMatchObject({ status: 'y' });
    });

    it('answers a GET on a call with 405 JSON naming POST', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/Index/checkuser?param=a' });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.json()).toEqual({ status: 'n', info: '请求方式不支持' });
    });

    it('answers 415 JSON for a plain-text body on a check', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/Index/checkuser',
        headers: { 'content-type': 'text/plain' },
        payload: 'param=player1',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ status: 'n', info: '不支持的内容类型' });
    });
  });
});

describe('reference API storage', () => {
  it('keeps a scrypt hash with its own salt, never the password, plus channel code, wash, washType and a timestamp', async () => {
    const dir = await tempDir();
    const databasePath = join(dir, 'app.db');
    const { app } = await buildTestApp({ databasePath }, { channels: fixedChannels({ default: 'H5REG', allowed: ['CH9'], param: 'c' }) });
    await register(app, { name: 'alice', mobile: '13800000001', Password: 'same-pass', rePassword: 'same-pass' });
    await register(app, { name: 'bob', mobile: '13800000002', Password: 'same-pass', rePassword: 'same-pass', code: 'CH9' });
    await app.close();

    const db = new Database(databasePath);
    const rows = db.prepare('SELECT * FROM accounts ORDER BY id').all() as Record<string, string>[];
    db.close();
    expect(rows).toHaveLength(2);
    const [alice, bob] = rows as [Record<string, string>, Record<string, string>];
    expect(alice).toMatchObject({ name: 'alice', mobile: '13800000001', channel_code: 'H5REG', wash: '1', wash_type: '2' });
    expect(bob.channel_code).toBe('CH9');
    expect(Date.now() - Date.parse(alice.created_at!)).toBeLessThan(60_000);
    expect(JSON.stringify(rows)).not.toContain('same-pass');
    expect(alice.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(alice.password_hash).not.toBe(bob.password_hash);
    await expect(verifyPassword('same-pass', alice.password_hash!)).resolves.toBe(true);
    await expect(verifyPassword('other-pass', alice.password_hash!)).resolves.toBe(false);
  });

  it('keeps its data across a restart on the same file', async () => {
    const databasePath = join(await tempDir(), 'nested', 'app.db');
    const first = await buildTestApp({ databasePath });
    expect(await register(first.app)).toMatchObject({ status: 'y' });
    await first.app.close();

    const second = await buildTestApp({ databasePath });
    expect(await check(second.app, 'checkuser', 'player1')).toMatchObject({ status: 'n', info: '用户名已存在' });
    expect(await check(second.app, 'checktel', '13800138000')).toMatchObject({ status: 'n', info: '该手机号已注册' });
    expect(await register(second.app, { name: 'player2', mobile: '13900139000' })).toMatchObject({ status: 'y' });
    await second.app.close();
  });
});
