import { join } from 'node:path';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { buildTestApp, tempDir } from '../../testing/server/test-support';
import { CHALLENGE_TTL_MS, FAILURES_BEFORE_LOCK, LOCK_MS } from '@game-register/gateway/policy';
import { planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { humanTrail } from '@game-register/gateway/testing';
import { CHALLENGE_LAYOUT, cryptoRandom } from '@game-register/gateway/internals';
import {
  challenge,
  humanAnswer,
  openPuzzle,
  passToken,
  RIGHT_OFFSET,
  SEEDED_GAP_X,
  strictConfig,
  TEST_SEED,
  verify,
  type OpenPuzzle,
} from '../../testing/server/strict-mode';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

function clock(start = 1_800_000_000_000) {
  const state = { at: start };
  return { now: () => state.at, advance: (ms: number) => void (state.at += ms) };
}

const openChallenge = (app: App, address?: string) => openPuzzle(app, address);
/** A drag to `offsetX` with the puzzle's work solved, as the widget answers. */
const answerFor = (puzzle: OpenPuzzle, offsetX = RIGHT_OFFSET, trail = humanTrail(offsetX)) => humanAnswer(puzzle, offsetX, trail);

describe('POST /api/captcha/challenge', () => {
  it('answers the id, both pictures, the piece y, the sizes and the expiry: nothing that tells the gap x', async () => {
    const time = clock();
    const { app } = await buildTestApp(strictConfig(), { now: time.now });
    const answer = await challenge(app, { pixelRatio: 2 });
    const body = answer.json<Record<string, unknown>>();
    await app.close();

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(Object.keys(body).sort()).toEqual([
      'accessible',
      'background',
      'expiresAt',
      'height',
      'id',
      'piece',
      'pieceSize',
      'pieceY',
      'width',
      'work',
    ]);
    // The work task carries the challenge id and its expiry, signed; nothing about the gap.
    expect(JSON.stringify(body.work)).not.toMatch(/gap/i);
    const plan = planPuzzle(seededRandom(TEST_SEED), CHALLENGE_LAYOUT, 0, -1);
    expect(body).toMatchObject({ width: 310, height: 160, pieceSize: 59, pieceY: plan.gapY, expiresAt: time.now() + CHALLENGE_TTL_MS });
    expect(body.background).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/=]+$/);
    expect(body.piece).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(body.id).toMatch(/^[\w-]{22}$/);
    expect(String(body.id)).not.toContain(String(TEST_SEED));
  });

  it('gives a new random id each time, even for the very same puzzle', async () => {
    const { app } = await buildTestApp(strictConfig());
    const first = (await challenge(app)).json<{ id: string; piece: string }>();
    const second = (await challenge(app)).json<{ id: string; piece: string }>();
    await app.close();
    expect(second.piece).toBe(first.piece); // same seed, same puzzle
    expect(second.id).not.toBe(first.id);
  });

  it('draws every puzzle from the system random source when no test seed is set', async () => {
    const { app } = await buildTestApp(strictConfig({ testSeed: null }));
    const answers = await Promise.all([challenge(app), challenge(app), challenge(app)]);
    await app.close();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json<{ background: string }>().background)).size).toBe(3);
    const samples = Array.from({ length: 5000 }, cryptoRandom);
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...samples)).toBeLessThan(1);
    expect(samples.reduce((sum, value) => sum + value, 0) / samples.length).toBeCloseTo(0.5, 1);
  });

  it('does not exist when CAPTCHA_MODE is off', async () => {
    const { app } = await buildTestApp();
    expect((await challenge(app)).statusCode).toBe(404);
    expect((await verify(app, { id: 'x', offsetX: RIGHT_OFFSET, trail: humanTrail(RIGHT_OFFSET) })).statusCode).toBe(404);
    await app.close();
  });
});

describe('POST /api/captcha/verify', () => {
  let app: App;
  const time = clock();
  beforeEach(async () => {
    ({ app } = await buildTestApp(strictConfig(), { now: time.now }));
  });
  afterEach(() => app.close());

  it('passes the right offset with a human trail once, with a signed token; the same id then fails', async () => {
    const puzzle = await openChallenge(app);
    const first = await verify(app, await answerFor(puzzle));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'y', token: expect.stringMatching(/^v1\.[\w-]{22}\.[0-9a-z]+\.[\w-]{43}$/) });
    expect((await verify(app, await answerFor(puzzle))).json()).toEqual({ status: 'n', info: '验证失败，请重试' });
  });

  it('passes within the widget tolerance: |gapX - 3 - offsetX| < 10', async () => {
    for (const offsetX of [RIGHT_OFFSET - 9.9, RIGHT_OFFSET + 9.9]) {
      expect((await verify(app, await answerFor(await openChallenge(app), offsetX))).json()).toMatchObject({ status: 'y' });
    }
  });

  it('fails wrong offsets', async () => {
    for (const offsetX of [RIGHT_OFFSET - 10, RIGHT_OFFSET + 10, 0, SEEDED_GAP_X + 40, -5]) {
      expect((await verify(app, await answerFor(await openChallenge(app), offsetX))).json()).toEqual({
        status: 'n',
        info: '验证失败，请重试',
      });
    }
  });

  it('fails an id that expired after 2 minutes', async () => {
    const puzzle = await openChallenge(app);
    time.advance(CHALLENGE_TTL_MS + 1);
    expect((await verify(app, await answerFor(puzzle))).json()).toMatchObject({ status: 'n' });
  });

  it('fails an unknown id', async () => {
    const puzzle = await openChallenge(app);
    expect((await verify(app, { ...(await answerFor(puzzle)), id: 'no-such-challenge' })).json()).toMatchObject({ status: 'n' });
  });

  it('fails the right offset without the solved work, whatever the trail', async () => {
    for (const trail of [humanTrail(RIGHT_OFFSET), []]) {
      const { id } = await openChallenge(app);
      expect((await verify(app, { id, offsetX: RIGHT_OFFSET, trail })).json()).toEqual({ status: 'n', info: '验证失败，请重试' });
    }
  });

  it('fails, even with the work, a drag trail that no hand makes: padded with still points, level, instant', async () => {
    const padded = [...Array.from({ length: 10 }, (_, i) => ({ x: 25, y: 80 + (i % 2), t: i * 40 })), { x: 260, y: 80, t: 420 }];
    const unmoved = humanTrail(RIGHT_OFFSET).map((point) => ({ ...point, y: 80 }));
    const instant = humanTrail(RIGHT_OFFSET).map((point) => ({ ...point, t: 0 }));
    for (const trail of [padded, unmoved, instant]) {
      expect((await verify(app, await answerFor(await openChallenge(app), RIGHT_OFFSET, trail))).json()).toMatchObject({ status: 'n' });
    }
  });

  it('answers hostile bodies with a 4xx JSON, never a 500', async () => {
    const { id } = await openChallenge(app);
    const bodies: unknown[] = [
      undefined,
      [],
      'id=1',
      { id },
      { id, offsetX: 1, trail: 'x' },
      { id, offsetX: 1, trail: [{ x: 1, y: 2 }] },
      { id, offsetX: 1e300, trail: [] },
      { id, offsetX: 1, trail: Array.from({ length: 1001 }, () => ({ x: 1, y: 1, t: 1 })) },
      { id: 'a'.repeat(65), offsetX: 1, trail: [] },
      { id, offsetX: 1, trail: [], more: 'x'.repeat(20_000) },
    ];
    for (const body of bodies) {
      const answer = await app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.verify}`, payload: body as string });
      expect(answer.statusCode, JSON.stringify(body)?.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json()).toMatchObject({ status: 'n' });
    }
    // As everywhere in /api, Fastify coerces scalars and drops unknown fields: such bodies are read, and fail.
    const lenient = [
      { id: 5, offsetX: 1, trail: [] },
      { id, offsetX: String(RIGHT_OFFSET), trail: [] },
      { id, offsetX: RIGHT_OFFSET, trail: [{ x: 1, y: 2, t: 3, extra: 1 }] },
    ];
    for (const body of lenient) {
      expect((await verify(app, body)).json()).toEqual({ status: 'n', info: '验证失败，请重试' });
    }
    for (const text of ['{"id":', '{"id":"x","offsetX":1,"trail":[],"__proto__":{"admin":true}}']) {
      const raw = await app.inject({
        method: 'POST',
        url: `/api${CAPTCHA_PATHS.verify}`,
        headers: { 'content-type': 'application/json' },
        payload: text,
      });
      expect(raw.statusCode).toBe(400);
    }
    const challengeAnswers = await Promise.all([{ pixelRatio: 'x' }, [1], 'pixelRatio=2'].map((body) => challenge(app, body)));
    expect(challengeAnswers.map((answer) => answer.statusCode)).toEqual([400, 400, 415]);
    expect((await challenge(app, { pixelRatio: 100 })).statusCode).toBe(200); // clamped to 3
    expect((await app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.challenge}` })).statusCode).toBe(200); // no body: defaults
  });

  // A wrong offset fails whatever the work: none is solved for it (the network's failures soon make the work
  // of its challenges dear, and raise its level, as they should).
  const failFrom = async (address: string) => {
    const puzzle = await openChallenge(app, address);
    await verify(app, { id: puzzle.id, offsetX: 0, trail: humanTrail(0) }, address);
  };

  it(`makes an address wait after ${FAILURES_BEFORE_LOCK} failures, and a pass in between does not wipe them`, async () => {
    for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) await failFrom('198.51.100.1');
    expect((await verify(app, await answerFor(await openChallenge(app, '198.51.100.1')), '198.51.100.1')).json()).toMatchObject({
      status: 'y',
    });
    await failFrom('198.51.100.1');
    const locked = await challenge(app, {}, '198.51.100.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ status: 'n' });
    expect(Number(locked.headers['retry-after'])).toBe(LOCK_MS / 1000);
    expect((await challenge(app, {}, '198.51.100.3')).statusCode).toBe(200); // its neighbours are not locked
    time.advance(LOCK_MS);
    expect((await challenge(app, {}, '198.51.100.1')).statusCode).toBe(200);
    // The failures are still remembered: the next one locks again at once.
    await failFrom('198.51.100.1');
    expect((await challenge(app, {}, '198.51.100.1')).statusCode).toBe(429);
  });

  it('locks an IPv6 /64 like one address, and doubles its work, whichever of its addresses answers', async () => {
    const inSlash64 = (i: number) => `2001:db8:7:1:${i.toString(16)}::${i + 1}`;
    for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) await failFrom(inSlash64(i));
    // A fresh address of that /64 is asked for work doubled once per failure; another /64 of its /48 is not.
    expect((await openChallenge(app, inSlash64(100))).work.parameters.data).toMatchObject({ d: FAILURES_BEFORE_LOCK - 1 });
    expect((await openChallenge(app, '2001:db8:7:2::1')).work.parameters.data).toMatchObject({ d: 0 });
    await failFrom(inSlash64(FAILURES_BEFORE_LOCK));
    for (const i of [FAILURES_BEFORE_LOCK + 1, FAILURES_BEFORE_LOCK + 2])
      expect((await challenge(app, {}, inSlash64(i))).statusCode).toBe(429);
    expect((await challenge(app, {}, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('locks an IPv4 address written as IPv6 (::ffff:a.b.c.d) and plainly as one address', async () => {
    for (let i = 0; i < FAILURES_BEFORE_LOCK - 1; i += 1) await failFrom('::ffff:198.51.100.80');
    await failFrom('198.51.100.80');
    expect((await challenge(app, {}, '::ffff:198.51.100.80')).statusCode).toBe(429);
    expect((await challenge(app, {}, '198.51.100.81')).statusCode).toBe(200);
  });

  it('never locks a network: its neighbours go on answering, whatever one address did', async () => {
    for (let i = 0; i < 30; i += 1) await failFrom(`203.0.113.${1 + (i % 6)}`); // six addresses, locked in turn
    expect((await challenge(app, {}, '203.0.113.200')).statusCode).toBe(200);
    expect((await challenge(app, {}, '203.0.113.1')).statusCode).toBe(429);
  });

  it(`judges at most ${FAILURES_BEFORE_LOCK} of many answers sent at once from one address; the rest are locked out`, async () => {
    const address = '198.51.100.60';
    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push(await answerFor(await openChallenge(app, address), 0));
    const verdicts = await Promise.all(answers.map((answer) => verify(app, answer, address)));
    const judged = verdicts.filter((verdict) => verdict.statusCode === 200);
    expect(judged).toHaveLength(FAILURES_BEFORE_LOCK);
    for (const verdict of judged) expect(verdict.json()).toEqual({ status: 'n', info: '验证失败，请重试' });
    expect(verdicts.filter((verdict) => verdict.statusCode === 429)).toHaveLength(12 - FAILURES_BEFORE_LOCK);
    expect((await challenge(app, {}, address)).statusCode).toBe(429);
  });

  it("refuses work from a challenge fetched before the address's latest failures: a cheap batch is worth nothing after them", async () => {
    const address = '198.51.100.70';
    const batch = [await openChallenge(app, address), await openChallenge(app, address)];
    await failFrom(address);
    // The right offset with work solved at the old, cheaper cost: refused.
    expect((await verify(app, await answerFor(batch[0]!), address)).json()).toEqual({ status: 'n', info: '验证失败，请重试' });
    // A challenge fetched now carries the doubled work, and passes.
    expect((await verify(app, await answerFor(await openChallenge(app, address)), address)).json()).toMatchObject({ status: 'y' });
  });
});

describe('challenges per network', () => {
  const LIMIT = 40; // CAPTCHA_NETWORK_CHALLENGES, lowered so the test draws few puzzles

  it(`counts answers with work from every address of one /24 together: past CAPTCHA_NETWORK_CHALLENGES a minute, all of them wait`, async () => {
    const time = clock();
    const { app } = await buildTestApp(strictConfig({ networkChallenges: LIMIT }), { now: time.now });
    // Bare fetches cost nothing and count for nobody's network: sixty addresses, more than the allowance.
    for (let i = 0; i < 60; i += 1) expect((await challenge(app, {}, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    // Each address far below its own share; together, their answers with work exhaust the network's allowance.
    for (let i = 0; i <= LIMIT; i += 1) {
      const puzzle = (await challenge(app, {}, `198.51.100.${i + 1}`)).json<OpenPuzzle>();
      expect((await verify(app, humanAnswer(puzzle, 7, []), `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    const refused = await challenge(app, {}, '198.51.100.250');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 'n' });
    expect(Number(refused.headers['retry-after'])).toBe(10); // the count slides by 10 s buckets
    expect((await challenge(app, {}, '198.51.101.1')).statusCode).toBe(200); // the next /24 is another network
    time.advance(70_000);
    expect((await challenge(app, {}, '198.51.100.250')).statusCode).toBe(200);
    await app.close();
  }, 60_000); // 100 puzzles drawn and 41 tasks solved, their work doubling with the network's failures
});

describe('strict mode across a restart', () => {
  it('keeps the token key and the spent tokens in the database', async () => {
    const path = join(await tempDir(), 'app.db');
    const first = (await buildTestApp(strictConfig({}, { databasePath: path }))).app;
    const spent = await passToken(first);
    const unspent = await passToken(first);
    const query = (token: string, name: string) =>
      `/api/Index/reg?name=${name}&Password=secret1&rePassword=secret1&wash=1&washType=2&code=H5REG&mobile=1380013800${name.length}&QQ=&islogin=true&captchaToken=${token}`;
    expect((await first.inject({ method: 'POST', url: query(spent, 'ann') })).json()).toMatchObject({ status: 'y' });
    await first.close();

    const second = (await buildTestApp(strictConfig({}, { databasePath: path }))).app;
    expect((await second.inject({ method: 'POST', url: query(spent, 'bert') })).json()).toEqual({ status: 'n', info: '请先完成验证' });
    expect((await second.inject({ method: 'POST', url: query(unspent, 'carla') })).json()).toMatchObject({ status: 'y' });
    await second.close();
  });
});
