// The ledger as the operator meets it, on libsql and on Redis: a reg answered by the backend becomes an entry
// with what strict mode knew of its pass, readable on the metrics listener with the bearer token only, and its
// network's cluster is judged again.
import type { FastifyInstance } from 'fastify';
import { PASS_TOKEN_PARAM } from '@game-register/puzzle-captcha/protocol';
import { buildTestApp, type LogCapture } from '../../testing/server/test-support';
import { humanAnswer, openPuzzle, strictConfig, verify } from '../../testing/server/strict-mode';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import type { ServerConfig } from '../config/config';
import type { LedgerEntry } from './entry';
import type { LedgerGroup } from './groups';
import { waitFor } from '../../testing/ads/wait-for';

const TOKEN = 'ledger-test-token-0123456789abcdef';
const PASSWORD = 'Secret#123';
let clock = Date.now();
const now = () => clock;

const regQuery = (name: string, mobile: string, token?: string) =>
  new URLSearchParams({
    name,
    Password: PASSWORD,
    rePassword: PASSWORD,
    wash: '1',
    washType: '2',
    code: 'H5REG',
    mobile,
    QQ: '',
    islogin: 'true',
    ...(token ? { [PASS_TOKEN_PARAM]: token } : {}),
  });
const register = (app: FastifyInstance, name: string, mobile: string, remoteAddress: string, token?: string) =>
  app.inject({ method: 'POST', url: `/api/Index/reg?${regQuery(name, mobile, token)}`, remoteAddress });

async function readLedger<T>(
  app: FastifyInstance,
  query: string,
  token: string | null = TOKEN,
): Promise<{ status: number; body: T; text: string }> {
  const { port } = app.metricsAddress()!;
  const response = await fetch(`http://127.0.0.1:${port}/ledger?${query}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  return { status: response.status, body: (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T, text };
}

describe.each([['libsql'], ['Redis']])('the ledger of registrations (%s)', (store) => {
  let redis: TestRedis | undefined;
  let app: FastifyInstance;
  let logs: LogCapture;
  const config = (overrides: Partial<ServerConfig> = {}): Partial<ServerConfig> => ({
    metrics: { port: 0, host: '127.0.0.1' },
    ledger: { retentionDays: 30, token: TOKEN },
    ...(redis ? { redis: { url: redis.url, prefix: `ledger${Math.random().toString(36).slice(2, 8)}:` } } : {}),
    ...overrides,
  });
  beforeAll(async () => {
    if (store === 'Redis') redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis?.close();
  });
  afterEach(async () => {
    await app?.close();
  });

  it('keeps a strict-mode registration with its pass: level, picture, path, answer time, network; the mobile masked, never the password', async () => {
    ({ app, logs } = await buildTestApp(config(strictConfig()), { now }));
    const puzzle = await openPuzzle(app, '203.0.113.7');
    clock += 6000; // a person's look at the puzzle and the drag
    const passed = (await verify(app, humanAnswer(puzzle), '203.0.113.7')).json<{ status: string; token: string }>();
    expect(passed).toMatchObject({ status: 'y' });
    const answer = await register(app, 'Player_One', '13812345678', '203.0.113.9', passed.token);
    expect(answer.json()).toMatchObject({ status: 'y' });

    const { status, body, text } = await readLedger<{ entries: LedgerEntry[] }>(app, 'since=1h');
    expect(status).toBe(200);
    expect(body.entries).toHaveLength(1);
    const [entry] = body.entries;
    expect(entry).toMatchObject({
      outcome: 'registered',
      account: 'Player_One',
      mobile: '138****5678',
      channel: 'H5REG',
      address: '203.0.113.9',
      network: '203.0.113.0/24',
      verdict: 'clear',
      reasons: [],
    });
    expect(entry!.pass).toMatchObject({
      level: 0,
      picture: 'plain',
      path: 'drag',
      network: '203.0.113.0/24',
      carriers: 0,
      campaign: null,
      cause: 'none',
    });
    expect(entry!.pass!.answeredInMs).toBe(6000);
    expect(entry!.pass!.fitsMs).toBeGreaterThan(600);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('13812345678');
    expect(logs.text).not.toContain(TOKEN);
    const { port } = app.metricsAddress()!;
    expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toMatch(
      /^game_register_ledger_registrations_total\{verdict="clear"\} 1$/m,
    );
  });

  it('keeps a refused registration with its reason, and none the gate refused (it never reached the backend)', async () => {
    ({ app, logs } = await buildTestApp(config(), { now }));
    expect((await register(app, 'twice', '13900000001', '198.51.100.4')).json()).toMatchObject({ status: 'y' });
    clock += 1000;
    expect((await register(app, 'twice', '13900000002', '198.51.100.4')).json()).toMatchObject({ status: 'n' });
    const { body } = await readLedger<{ entries: LedgerEntry[] }>(app, 'since=1h');
    expect(body.entries.map((entry) => [entry.outcome, entry.reason, entry.pass])).toEqual([
      ['refused', 'name_taken', null],
      ['registered', 'none', null],
    ]);
  });

  it('is unreadable without the token: 401 with none, a wrong one or another scheme; and not on the public port', async () => {
    ({ app, logs } = await buildTestApp(config(), { now }));
    await register(app, 'secretive', '13900000003', '198.51.100.5');
    expect((await readLedger(app, 'since=1h', null)).status).toBe(401);
    expect((await readLedger(app, 'since=1h', `${TOKEN}x`)).status).toBe(401);
    const { port } = app.metricsAddress()!;
    expect((await fetch(`http://127.0.0.1:${port}/ledger`, { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/ledger', headers: { authorization: `Bearer ${TOKEN}` } })).body).not.toContain(
      'secretive',
    );
    expect((await readLedger<{ error: string }>(app, 'since=yesterday')).body.error).toContain('since must be');
  });

  it('marks a registration for review when its network rises to the guarded picture within ten minutes after it, suspect when to level 3', async () => {
    ({ app, logs } = await buildTestApp(config(strictConfig()), { now }));
    const puzzle = await openPuzzle(app, '192.0.2.7');
    clock += 6000;
    const { token } = (await verify(app, humanAnswer(puzzle), '192.0.2.7')).json<{ token: string }>();
    await register(app, 'before_the_rise', '13812340000', '192.0.2.7', token);
    const entries = async () => (await readLedger<{ entries: LedgerEntry[] }>(app, 'since=1h')).body.entries;
    expect((await entries())[0]).toMatchObject({ verdict: 'clear' });
    // Then a script from the same /24: wrong answers from address after address, until the network is guarded.
    const seen = new Set<string>();
    for (let n = 0; n < 200 && !seen.has('suspect'); n += 1) {
      clock += 1000;
      const answer = await openPuzzle(app, `192.0.2.${20 + (n % 200)}`).catch(() => null);
      if (answer !== null) await verify(app, humanAnswer(answer, 3), `192.0.2.${20 + (n % 200)}`);
      const [entry] = await entries();
      seen.add(`${entry!.verdict}:${entry!.reasons.join(',')}`);
      seen.add(entry!.verdict);
    }
    expect([...seen]).toEqual(expect.arrayContaining(['review:network_rose', 'suspect:network_rose,network_attacked']));
  });

  it('marks a cluster, ten registrations from one /24 within minutes, as one group to review, with each account', async () => {
    ({ app, logs } = await buildTestApp(config(), { now }));
    for (let n = 0; n < 12; n += 1) {
      clock += 20_000;
      await register(app, `crowd${n}`, `1370000${String(n).padStart(4, '0')}`, `192.0.2.${10 + n}`);
    }
    await register(app, 'alone', '13600000001', '198.51.100.77');
    // The revisions run off the request's path: soon after.
    const groups = async () => (await readLedger<{ groups: LedgerGroup[] }>(app, 'since=1h&view=groups')).body.groups;
    await waitFor(async () => (await groups())[0]?.registered.review === 12, 5000, 'the cluster judged again');
    const body = { groups: await groups() };
    expect(body.groups[0]).toMatchObject({
      network: '192.0.2.0/24',
      entries: 12,
      verdict: 'review',
      registered: { clear: 0, review: 12, suspect: 0 },
      reasons: { cluster: 12 },
    });
    expect(body.groups[0]!.accounts).toHaveLength(12);
    expect(body.groups[1]).toMatchObject({ network: '198.51.100.0/24', verdict: 'clear', accounts: ['alone'] });
    const csv = await readLedger<string>(app, 'since=1h&verdict=review&format=csv');
    expect(csv.text.trim().split('\n')).toHaveLength(13);
    expect(csv.text.split('\n')[0]).toMatch(/^time,verdict,reasons,outcome,account,mobile/);
  });
});
