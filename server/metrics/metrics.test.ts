import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { challenge, humanAnswer, openPuzzle, passToken, RIGHT_OFFSET, strictConfig, verify } from '../../testing/server/strict-mode';
import { humanTrail } from '@game-register/gateway/testing';
import { loadConfig } from '../config/config';
import { buildTestApp } from '../../testing/server/test-support';
import { metricsOn, parseExposition, scrape, valueOf, type Sample } from '../../testing/server/metrics';

const P = 'game_register_';
const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const registration = (name: string, mobile: string, extra: Record<string, string> = {}) =>
  query({
    name,
    Password: 'Secret#123',
    rePassword: 'Secret#123',
    wash: '1',
    washType: '2',
    code: 'H5REG',
    mobile,
    QQ: '',
    islogin: 'true',
    ...extra,
  });
const post = (app: FastifyInstance, url: string, remoteAddress = '127.0.0.1') => app.inject({ method: 'POST', url, remoteAddress });

async function samples(app: FastifyInstance): Promise<Sample[]> {
  return parseExposition((await scrape(app)).text).samples;
}

/** Every funnel and strict-mode series as name{labels} -> value, to compare two scrapes. */
function funnel(list: Sample[]): Map<string, number> {
  const names = [
    'check_answers_total',
    'reg_outcomes_total',
    'captcha_challenges_total',
    'captcha_work_doublings_total',
    'captcha_answers_total',
    'captcha_verifies_total',
    'captcha_tokens_total',
    'rate_limited_total',
  ].map((n) => P + n);
  const map = new Map<string, number>();
  for (const sample of list) {
    if (!names.includes(sample.name)) continue;
    map.set(`${sample.name}${JSON.stringify(sample.labels)}`, sample.value);
  }
  return map;
}

function delta(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const [key, value] of after) {
    const change = value - (before.get(key) ?? 0);
    if (change !== 0) moved[key] = change;
  }
  return moved;
}

describe('metrics', () => {
  it('are served on their own listener as a parseable exposition holding every metric', async () => {
    const { app } = await buildTestApp(strictConfig({}, metricsOn()));
    await post(app, '/api/Index/checkuser?param=alice&name=name');
    await challenge(app);
    const { status, contentType, text } = await scrape(app);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const { types } = parseExposition(text);
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith(P)))).toEqual({
      [`${P}http_request_duration_seconds`]: 'histogram',
      [`${P}check_answers_total`]: 'counter',
      [`${P}reg_outcomes_total`]: 'counter',
      [`${P}register_page_views_total`]: 'counter',
      [`${P}puzzle_steps_total`]: 'counter',
      [`${P}puzzle_opening_steps_total`]: 'counter',
      [`${P}rate_limited_total`]: 'counter',
      [`${P}captcha_challenges_total`]: 'counter',
      [`${P}captcha_work_doublings_total`]: 'counter',
      // What strict mode costs people, by level and picture (difficulty.ts).
      [`${P}captcha_answers_total`]: 'counter',
      [`${P}captcha_solve_seconds`]: 'histogram',
      [`${P}captcha_pass_seconds`]: 'histogram', // people's cost per level and picture (issue 50)
      [`${P}captcha_pass_tries`]: 'histogram',
      [`${P}captcha_opening_first_answers_total`]: 'counter',
      [`${P}captcha_work_seconds`]: 'histogram',
      [`${P}captcha_level_changes_total`]: 'counter',
      [`${P}captcha_quota_refusals_total`]: 'counter',
      [`${P}captcha_verifies_total`]: 'counter',
      [`${P}captcha_tokens_total`]: 'counter',
      [`${P}captcha_draw_seconds`]: 'histogram',
      [`${P}captcha_draw_queue_length`]: 'gauge',
      [`${P}captcha_stock_level`]: 'gauge',
      [`${P}captcha_stock_misses_total`]: 'counter',
      [`${P}captcha_operator_switch`]: 'gauge', // server/metrics/operator-gauge.ts
      // The ad reports (server/ads/ads-metrics.ts).
      [`${P}ads_registrations_not_reported_total`]: 'counter',
      [`${P}ads_enqueued_total`]: 'counter',
      [`${P}ads_duplicates_total`]: 'counter',
      [`${P}ads_outbox_write_failures_total`]: 'counter',
      [`${P}ads_reported_total`]: 'counter',
      [`${P}ads_failed_total`]: 'counter',
      [`${P}ads_given_up_total`]: 'counter',
      [`${P}ads_report_lag_seconds`]: 'histogram',
      [`${P}ads_request_duration_seconds`]: 'histogram',
      [`${P}ads_pending`]: 'gauge',
      [`${P}ads_oldest_pending_age_seconds`]: 'gauge',
      // The ledger of registrations (server/ledger/ledger-metrics.ts).
      [`${P}ledger_registrations_total`]: 'counter',
      [`${P}ledger_revised_total`]: 'counter',
      [`${P}ledger_write_failures_total`]: 'counter',
    });
    // The process's own: CPU, memory, heap, event-loop lag; no GC histogram (metrics/process-metrics.ts).
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_heap_space_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_active_handles_total',
      'nodejs_version_info',
    ]) {
      expect(types.has(name), name).toBe(true);
    }
    expect(types.has('nodejs_gc_duration_seconds')).toBe(false);
    const list = parseExposition(text).samples;
    expect(
      valueOf(list, `${P}http_request_duration_seconds_count`, { route: '/api/Index/checkuser', method: 'POST', status_code: '200' }),
    ).toBe(1);
    expect(valueOf(list, `${P}captcha_draw_seconds_count`)).toBe(1);
    expect(valueOf(list, `${P}captcha_draw_seconds_sum`)).toBeGreaterThan(0);
    await app.close();
  });

  it('label a request by the route the /api wing named: a backend call by its path however spelled, else the pattern', async () => {
    const { app } = await buildTestApp(metricsOn());
    await post(app, `/api/index/CheckUser?${query({ param: 'name', name: 'alice01' })}`);
    await post(app, `/api/index/reg?${registration('bob00001', '13800138000')}`, '127.0.0.9');
    await app.inject({ method: 'GET', url: '/api/nothing' });
    const list = await samples(app);
    const count = (labels: Record<string, string>) => valueOf(list, `${P}http_request_duration_seconds_count`, labels);
    expect(count({ route: '/api/Index/checkuser', method: 'POST' })).toBe(1);
    expect(count({ route: '/api/Index/reg', method: 'POST' })).toBe(1);
    expect(count({ route: '/api/*', method: 'GET', status_code: '404' })).toBe(1);
    await app.close();
  });

  it('answer anything but GET /metrics on their listener with 404', async () => {
    const { app } = await buildTestApp(metricsOn());
    const { port } = app.metricsAddress()!;
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    await app.close();
  });

  it.each([
    ['on', metricsOn()],
    ['off', {}],
  ])('are never on the public port (metrics %s): /metrics is a JSON 404', async (_label, config) => {
    const { app } = await buildTestApp(config);
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'n', info: '接口不存在' });
    await app.close();
  });

  it('are off unless METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT must be an integer/);
    expect(() => loadConfig({ METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST is set but METRICS_PORT is not/);
  });

  it('count a scripted funnel through strict mode exactly', async () => {
    const { app } = await buildTestApp(strictConfig({}, metricsOn()));
    const before = funnel(await samples(app));

    await post(app, '/api/Index/checkuser?param=alice&name=name'); // y
    await post(app, '/api/Index/checktel?param=123&name=mobile'); // n: not a phone number
    await verify(app, humanAnswer(await openPuzzle(app), RIGHT_OFFSET + 40)); // wrong offset
    await post(app, `/api/Index/reg?${registration('alice', '13800138000')}`); // no token: the gate refuses
    const token = await passToken(app); // a challenge and a passing verify
    await post(app, `/api/Index/reg?${registration('alice', '13800138000', { captchaToken: token })}`); // registered

    expect(delta(before, funnel(await samples(app)))).toEqual({
      [`${P}check_answers_total{"call":"checkuser","verdict":"y","channel":"H5REG"}`]: 1,
      [`${P}check_answers_total{"call":"checktel","verdict":"n","channel":"H5REG"}`]: 1,
      [`${P}captcha_challenges_total{"level":"0","picture":"plain"}`]: 2,
      // The second challenge came after the wrong offset: its work was doubled once.
      [`${P}captcha_work_doublings_total{"doublings":"0"}`]: 1,
      [`${P}captcha_work_doublings_total{"doublings":"1"}`]: 1,
      [`${P}captcha_verifies_total{"result":"failed","reason":"wrong_offset"}`]: 1,
      [`${P}captcha_verifies_total{"result":"passed","reason":"passed"}`]: 1,
      // The second answer came after the first one's failure: a retry.
      [`${P}captcha_answers_total{"level":"0","picture":"plain","result":"failed","attempt":"first"}`]: 1,
      [`${P}captcha_answers_total{"level":"0","picture":"plain","result":"passed","attempt":"retry"}`]: 1,
      [`${P}captcha_tokens_total{"result":"refused","reason":"missing"}`]: 1,
      [`${P}captcha_tokens_total{"result":"spent","reason":"none"}`]: 1,
      [`${P}reg_outcomes_total{"outcome":"gate_refused","reason":"none","channel":"H5REG"}`]: 1,
      [`${P}reg_outcomes_total{"outcome":"registered","reason":"none","channel":"H5REG"}`]: 1,
    });
    await app.close();
  });

  it('count refusals by reason, spent and expired tokens, and unknown challenges', async () => {
    const time = { at: 1_800_000_000_000 };
    const { app } = await buildTestApp(strictConfig({}, metricsOn()), { now: () => time.at });
    const before = funnel(await samples(app));
    const first = await passToken(app);
    await post(app, `/api/Index/reg?${registration('bob', '13800138000', { captchaToken: first })}`);
    await post(app, `/api/Index/reg?${registration('bob2', '13800138001', { captchaToken: first })}`); // spent
    const second = await passToken(app);
    await post(app, `/api/Index/reg?${registration('BOB', '13800138002', { captchaToken: second })}`); // name taken
    await post(app, `/api/Index/reg?${registration('carol', '13800138003', { captchaToken: 'forged.token' })}`);
    const late = await passToken(app);
    time.at += 3 * 60_000;
    await post(app, `/api/Index/reg?${registration('dave', '13800138004', { captchaToken: late })}`);
    await verify(app, { id: 'no-such-challenge', offsetX: RIGHT_OFFSET, trail: humanTrail(RIGHT_OFFSET) });
    const level = humanTrail(RIGHT_OFFSET).map((point) => ({ ...point, y: 80 })); // no hand drags dead level
    await verify(app, humanAnswer(await openPuzzle(app), RIGHT_OFFSET, level));
    const { id: bare } = await openPuzzle(app);
    await verify(app, { id: bare, offsetX: RIGHT_OFFSET, trail: [] }); // no work

    expect(delta(before, funnel(await samples(app)))).toMatchObject({
      [`${P}reg_outcomes_total{"outcome":"registered","reason":"none","channel":"H5REG"}`]: 1,
      [`${P}reg_outcomes_total{"outcome":"refused","reason":"name_taken","channel":"H5REG"}`]: 1,
      [`${P}reg_outcomes_total{"outcome":"gate_refused","reason":"none","channel":"H5REG"}`]: 3,
      [`${P}captcha_tokens_total{"result":"refused","reason":"spent"}`]: 1,
      [`${P}captcha_tokens_total{"result":"refused","reason":"invalid"}`]: 1,
      [`${P}captcha_tokens_total{"result":"refused","reason":"expired"}`]: 1,
      [`${P}captcha_verifies_total{"result":"failed","reason":"expired_or_unknown"}`]: 1,
      [`${P}captcha_verifies_total{"result":"failed","reason":"trail_refused"}`]: 1,
      [`${P}captcha_verifies_total{"result":"failed","reason":"work_refused"}`]: 1,
    });
    await app.close();
  });

  it('count a locked address and refuse its verifies, even of challenges fetched before the lock', async () => {
    const { app } = await buildTestApp(strictConfig({}, metricsOn()));
    const stockpile = (await challenge(app, undefined, '10.0.0.9')).json<{ id: string }>();
    for (let i = 0; i < 5; i += 1) {
      const { id } = (await challenge(app, undefined, '10.0.0.9')).json<{ id: string }>();
      await verify(app, { id, offsetX: 1, trail: humanTrail(1) }, '10.0.0.9');
    }
    const locked = await verify(app, { id: stockpile.id, offsetX: RIGHT_OFFSET, trail: humanTrail(RIGHT_OFFSET) }, '10.0.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(valueOf(await samples(app), `${P}captcha_verifies_total`, { reason: 'locked' })).toBe(1);
    await app.close();
  });

  it('show the draw queue while challenges wait for the draw thread, and time each draw', { timeout: 30_000 }, async () => {
    const { app } = await buildTestApp(strictConfig({ drawThreads: 1, drawQueue: 16 }, metricsOn()));
    let settled = false;
    const burst = Promise.all(Array.from({ length: 4 }, (_, i) => challenge(app, { pixelRatio: 2 }, `192.0.2.${i + 1}`))).finally(
      () => (settled = true),
    );
    const lengths: number[] = [];
    while (!settled) lengths.push(valueOf(await samples(app), `${P}captcha_draw_queue_length`));
    const answers = await burst;
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(4).fill(200));
    // One thread, four puzzles: some waited, and the gauge saw them; once all are drawn, nothing waits.
    expect(Math.max(...lengths)).toBeGreaterThan(0);
    const after = await samples(app);
    expect(valueOf(after, `${P}captcha_draw_queue_length`)).toBe(0);
    expect(valueOf(after, `${P}captcha_draw_seconds_count`)).toBe(4);
    await app.close();
  });

  it('count rate-limit refusals by route, and a limited reg in the funnel', async () => {
    const { app } = await buildTestApp({ ...metricsOn(), rateLimit: { windowMs: 60_000, checksPerWindow: 1, regPerWindow: 1 } });
    await post(app, `/api/Index/reg?${registration('erin', '13800138005')}`);
    await post(app, `/api/Index/reg?${registration('erin', '13800138005')}`);
    await post(app, '/api/Index/checkuser?param=x');
    await post(app, '/api/Index/checkuser?param=x');
    const list = await samples(app);
    expect(valueOf(list, `${P}rate_limited_total`, { route: 'reg' })).toBe(1);
    expect(valueOf(list, `${P}rate_limited_total`, { route: 'checkuser' })).toBe(1);
    expect(valueOf(list, `${P}reg_outcomes_total`, { outcome: 'rate_limited' })).toBe(1);
    expect(valueOf(list, `${P}check_answers_total`, { call: 'checkuser', verdict: 'error' })).toBe(1);
    await app.close();
  });

  it('carry no value a client sent in any label', async () => {
    const { app } = await buildTestApp(strictConfig({}, metricsOn()));
    const marks = ['zqxname7731', 'zqxphone7732', 'zqxtoken7733', 'zqxpath7734', 'zqxquery7735', 'zqxid7736'];
    await post(app, `/api/Index/checkuser?param=${marks[0]}&name=name`);
    await post(app, `/api/Index/checktel?param=${marks[1]}&name=mobile`);
    await post(app, `/api/Index/reg?${registration(marks[0]!, marks[1]!, { captchaToken: marks[2]! })}`);
    await post(app, `/api/Index/${marks[3]}?q=${marks[4]}`);
    await app.inject({ method: 'GET', url: `/${marks[3]}/${marks[4]}.js?${marks[4]}` });
    await verify(app, { id: marks[5], offsetX: 1, trail: [] });
    await app.inject({
      method: 'POST',
      url: '/api/Index/checkuser',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ param: marks[0] }),
    });
    const { text } = await scrape(app);
    for (const mark of marks) expect(text).not.toContain(mark);
    // An /api path that names no call is counted under the API's one catch-all label, not its URL.
    expect(valueOf(parseExposition(text).samples, `${P}http_request_duration_seconds_count`, { route: '/api/*' })).toBeGreaterThan(0);
    await app.close();
  });
});

describe('metrics in proxy mode', () => {
  type Handler = (request: IncomingMessage, response: ServerResponse) => void;
  async function backend(handler: Handler) {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => handler(request, response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return { url, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it("read the backend's status without changing what is passed on", async () => {
    const answers: Record<string, string> = {
      checkuser: '{"status":"y","info":"ok"}',
      checktel: '{"status":"n","info":"该手机号已注册"}',
      reg: '{"status":"n","info":"用户名已存在"}',
    };
    const upstream = await backend((request, response) => {
      const call = request.url!.split('?')[0]!.split('/').pop()!;
      if (call === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', 'x-backend': 'yes' }).end(answers[call]);
    });
    const { app } = await buildTestApp(metricsOn({ apiTarget: upstream.url }));
    const before = funnel(await samples(app));
    for (const call of ['checkuser', 'checktel', 'reg']) {
      const response = await post(app, `/api/Index/${call}?param=x`);
      expect(response.body).toBe(answers[call]); // byte for byte
      expect(response.headers['x-backend']).toBe('yes');
    }
    expect(delta(before, funnel(await samples(app)))).toEqual({
      [`${P}check_answers_total{"call":"checkuser","verdict":"y","channel":"H5REG"}`]: 1,
      [`${P}check_answers_total{"call":"checktel","verdict":"n","channel":"H5REG"}`]: 1,
      [`${P}reg_outcomes_total{"outcome":"refused","reason":"name_taken","channel":"H5REG"}`]: 1,
    });
    await app.close();
    await upstream.stop();
  });

  it('count a garbled answer, a backend that is down, and one that is too slow', async () => {
    const upstream = await backend((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
    });
    const { app } = await buildTestApp(metricsOn({ apiTarget: upstream.url }));
    expect((await post(app, '/api/Index/reg?name=a')).body).toBe('<html>502 Bad Gateway</html>');
    await upstream.stop();
    expect((await post(app, '/api/Index/reg?name=a')).statusCode).toBe(502);
    const list = await samples(app);
    expect(valueOf(list, `${P}reg_outcomes_total`, { outcome: 'backend_error' })).toBe(2);
    await app.close();

    const slow = await backend(() => undefined); // never answers
    const timed = await buildTestApp(metricsOn({ apiTarget: slow.url, apiTimeoutMs: 200 }));
    expect((await post(timed.app, '/api/Index/reg?name=a')).statusCode).toBe(504);
    expect((await post(timed.app, '/api/Index/checkuser?param=a')).statusCode).toBe(504);
    const timedList = await samples(timed.app);
    expect(valueOf(timedList, `${P}reg_outcomes_total`, { outcome: 'timeout' })).toBe(1);
    expect(valueOf(timedList, `${P}check_answers_total`, { call: 'checkuser', verdict: 'error' })).toBe(1);
    await timed.app.close();
    await slow.stop();
  });
});
