// Strict mode's proof of work through the real routes: answers without a drag trail, and 无障碍验证.
import type { FastifyInstance } from 'fastify';
import Database from 'libsql';
import { join } from 'node:path';
import { buildTestApp, tempDir } from '../../testing/server/test-support';
import { HOST_ACCESSIBLE_LIMIT } from '@game-register/gateway/policy';
import { challenge, RIGHT_OFFSET, strictConfig, TEST_WORK, verify } from '../../testing/server/strict-mode';
import { solvedWork } from '@game-register/gateway/testing';
import { CAPTCHA_PATHS, type WorkTask } from '@game-register/puzzle-captcha/protocol';

async function freshChallenge(app: FastifyInstance, address = '127.0.0.1') {
  return (await challenge(app, { pixelRatio: 1 }, address)).json<{ id: string; work: WorkTask; accessible: boolean }>();
}

const KEYBOARD_TRAIL: never[] = []; // arrow keys or a tap on the track make no drag trail
const registration = (token: string) =>
  `/api/Index/reg?${new URLSearchParams({ name: 'keyboarder', Password: 'Secret#123', rePassword: 'Secret#123', wash: '1', washType: '2', code: 'H5REG', mobile: '13800138000', QQ: '', islogin: 'true', captchaToken: token })}`;

describe('strict mode: answers without a drag trail', () => {
  it('pass with the right offset and the solved task, and the token registers', async () => {
    const { app } = await buildTestApp(strictConfig());
    const puzzle = await freshChallenge(app);
    expect(puzzle.work.parameters.data).toMatchObject({ cid: puzzle.id, kind: 'puzzle' });
    const answer = await verify(app, { id: puzzle.id, offsetX: RIGHT_OFFSET, trail: KEYBOARD_TRAIL, work: solvedWork(puzzle.work).work });
    const { status, token } = answer.json<{ status: string; token: string }>();
    expect(status).toBe('y');
    expect((await app.inject({ method: 'POST', url: registration(token) })).json()).toMatchObject({ status: 'y' });
    await app.close();
  });

  it('fail with the right offset but no work', async () => {
    const { app } = await buildTestApp(strictConfig());
    const puzzle = await freshChallenge(app);
    expect((await verify(app, { id: puzzle.id, offsetX: RIGHT_OFFSET, trail: KEYBOARD_TRAIL })).json()).toMatchObject({ status: 'n' });
    await app.close();
  });

  it('fail with the solved task but a wrong offset', async () => {
    const { app } = await buildTestApp(strictConfig());
    const puzzle = await freshChallenge(app);
    expect(
      (await verify(app, { id: puzzle.id, offsetX: RIGHT_OFFSET + 30, trail: KEYBOARD_TRAIL, work: solvedWork(puzzle.work).work })).json(),
    ).toMatchObject({ status: 'n' });
    await app.close();
  });

  it('fail with work solved for another challenge, even once its own challenge passed with it', async () => {
    const { app } = await buildTestApp(strictConfig());
    const first = await freshChallenge(app);
    const second = await freshChallenge(app, '127.0.0.2');
    const firstWork = solvedWork(first.work).work;
    // From another address, so this failure does not make the first challenge's work too cheap (captcha-api.test.ts).
    expect(
      (await verify(app, { id: second.id, offsetX: RIGHT_OFFSET, trail: KEYBOARD_TRAIL, work: firstWork }, '127.0.0.2')).json(),
    ).toMatchObject({ status: 'n' });
    expect((await verify(app, { id: first.id, offsetX: RIGHT_OFFSET, trail: KEYBOARD_TRAIL, work: firstWork })).json()).toMatchObject({
      status: 'y',
    });
    const third = await freshChallenge(app);
    expect((await verify(app, { id: third.id, offsetX: RIGHT_OFFSET, trail: KEYBOARD_TRAIL, work: firstWork })).json()).toMatchObject({
      status: 'n',
    });
    await app.close();
  });

  it('fail with work used twice, even when the store hands its challenge out again', async () => {
    const databasePath = join(await tempDir(), 'strict.db');
    const { app } = await buildTestApp(strictConfig({}, { databasePath }));
    const sql = new Database(databasePath);
    const puzzle = await freshChallenge(app);
    const work = solvedWork(puzzle.work).work;
    // A store that lost the take (a replica that missed the delete) gives the challenge back: only the spent work refuses it.
    const row = sql.prepare('SELECT * FROM captcha_challenges WHERE id = ?').get(puzzle.id) as Record<string, unknown>;
    const answer = { id: puzzle.id, offsetX: RIGHT_OFFSET, trail: KEYBOARD_TRAIL, work };
    expect((await verify(app, answer)).json()).toMatchObject({ status: 'y' });
    sql
      .prepare('INSERT INTO captcha_challenges (id, gap_x, expires_at, level, picture) VALUES (@id, @gap_x, @expires_at, @level, @picture)')
      .run(row);
    expect((await verify(app, answer)).json()).toMatchObject({ status: 'n' });
    sql.close();
    await app.close();
  });

  it('fail when the challenge and its task have expired', async () => {
    const time = { at: Date.now() };
    const { app } = await buildTestApp(strictConfig(), { now: () => time.at });
    const puzzle = await freshChallenge(app);
    const work = solvedWork(puzzle.work).work;
    time.at += 3 * 60_000;
    expect((await verify(app, { id: puzzle.id, offsetX: RIGHT_OFFSET, trail: KEYBOARD_TRAIL, work })).json()).toMatchObject({
      status: 'n',
    });
    await app.close();
  });

  it.each([
    ['a string', 'solved'],
    ['a number', 42],
    [
      'a huge nonce',
      {
        task: { parameters: { algorithm: 'SHA-256', nonce: 'a'.repeat(10_000), salt: 'b', keyPrefix: 'c' }, signature: 's' },
        solution: { counter: 1, derivedKey: 'aa' },
      },
    ],
    ['its own task made a billion times dearer', 'dearer'],
  ])('answer hostile work (%s) with a 4xx JSON, never a 500', async (_label, hostile) => {
    const { app } = await buildTestApp(strictConfig());
    const puzzle = await freshChallenge(app);
    const work =
      hostile === 'dearer'
        ? { task: { ...puzzle.work, parameters: { ...puzzle.work.parameters, cost: 1e9 } }, solution: { counter: 1, derivedKey: 'aa' } }
        : hostile;
    const answer = await verify(app, { id: puzzle.id, offsetX: RIGHT_OFFSET, trail: KEYBOARD_TRAIL, work });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.json()).toMatchObject({ status: 'n' });
    await app.close();
  });
});

describe('strict mode: 无障碍验证, the path without the picture', () => {
  const accessible = (app: FastifyInstance, address = '127.0.0.1') =>
    app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.accessible}`, remoteAddress: address });
  const accessibleVerify = (app: FastifyInstance, body: unknown, address = '127.0.0.1') =>
    app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.accessibleVerify}`, payload: body as object, remoteAddress: address });

  it('hands out a harder task alone, whose solution is a pass token, once', async () => {
    const { app } = await buildTestApp(strictConfig());
    const offer = await accessible(app);
    expect(offer.statusCode).toBe(200);
    const { id, work, maxCounter } = offer.json<{ id: string; work: WorkTask; maxCounter: number }>();
    expect(maxCounter).toBe(TEST_WORK.accessible);
    expect(work.parameters.data).toMatchObject({ cid: id, kind: 'accessible' });
    expect(Object.keys(offer.json()).sort()).toEqual(['expiresAt', 'id', 'maxCounter', 'work']); // no picture
    const body = { id, work: solvedWork(work).work };
    const { status, token } = (await accessibleVerify(app, body)).json<{ status: string; token: string }>();
    expect(status).toBe('y');
    expect((await app.inject({ method: 'POST', url: registration(token) })).json()).toMatchObject({ status: 'y' });
    expect((await accessibleVerify(app, body)).json()).toMatchObject({ status: 'n' }); // the same work again
    await app.close();
  });

  it("refuses the puzzle's cheaper task in its place", async () => {
    const { app } = await buildTestApp(strictConfig());
    const puzzle = await freshChallenge(app);
    expect((await accessibleVerify(app, { id: puzzle.id, work: solvedWork(puzzle.work).work })).json()).toMatchObject({ status: 'n' });
    await app.close();
  });

  it('has a tighter limit per address than the puzzle', async () => {
    const { app } = await buildTestApp(strictConfig());
    const codes: number[] = [];
    for (let i = 0; i <= HOST_ACCESSIBLE_LIMIT.max; i += 1) codes.push((await accessible(app, '10.1.1.1')).statusCode);
    expect(codes.slice(0, HOST_ACCESSIBLE_LIMIT.max).every((code) => code === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await accessible(app, '10.1.1.2')).statusCode).toBe(200); // another address is not held back
    expect((await challenge(app, { pixelRatio: 1 }, '10.1.1.1')).statusCode).toBe(200); // nor the puzzle
    await app.close();
  });

  it('answers hostile work with a 4xx JSON', async () => {
    const { app } = await buildTestApp(strictConfig());
    const { id } = (await accessible(app)).json<{ id: string }>();
    for (const work of [null, 'x', { task: 1, solution: 2 }]) {
      const answer = await accessibleVerify(app, { id, work });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ status: 'n' });
    }
    await app.close();
  });

  it('is gone with CAPTCHA_ACCESSIBLE=off, and challenges say so', async () => {
    const { app } = await buildTestApp(strictConfig({ work: { puzzle: TEST_WORK.puzzle, accessible: null } }));
    expect((await accessible(app)).statusCode).toBe(404);
    expect((await freshChallenge(app)).accessible).toBe(false);
    await app.close();
  });
});
