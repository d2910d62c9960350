import type { FastifyInstance } from 'fastify';
import { planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import type { CaptchaConfig, ServerConfig } from '../../server/config/config';
import { NETWORK_ANSWER_LIMIT } from '@game-register/gateway/policy';
import { humanTrail, seededOffset, solvedWork } from '@game-register/gateway/testing';
import { CHALLENGE_LAYOUT as layout } from '@game-register/gateway/internals';
import { CAPTCHA_PATHS, type WorkTask } from '@game-register/puzzle-captcha/protocol';

export const TEST_SEED = 20240607;
/** Small tasks, so the tests' own solver is quick. */
export const TEST_WORK = { puzzle: 1000, accessible: 2000 };
/** Where the gap is in every puzzle of a server started with TEST_SEED. */
export const SEEDED_GAP_X = planPuzzle(seededRandom(TEST_SEED), layout, 0, -1).gapX;
/** The right answer to every puzzle of a server started with TEST_SEED (the kit's, as a consumer's tests find it). */
export const RIGHT_OFFSET = seededOffset(TEST_SEED);

/** Strict mode as the tests start it: one draw thread and no stock (each puzzle drawn when asked for) unless a test says so. */
export const strictConfig = (captcha: Partial<CaptchaConfig> = {}, overrides: Partial<ServerConfig> = {}): Partial<ServerConfig> => ({
  // No holdout: every test puzzle from the seed is drawn the way its level says.
  captcha: {
    mode: 'strict',
    secret: null,
    testSeed: TEST_SEED,
    testClockSpeed: 1,
    holdout: 0,
    drawThreads: 1,
    drawQueue: 64,
    stockSize: 0,
    work: TEST_WORK,
    networkChallenges: NETWORK_ANSWER_LIMIT.max,
    level: 'adaptive',
    ...captcha,
  },
  ...overrides,
});

export async function challenge(app: FastifyInstance, body: unknown = { pixelRatio: 1 }, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.challenge}`, payload: body as object, remoteAddress });
}

export async function verify(app: FastifyInstance, body: unknown, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.verify}`, payload: body as object, remoteAddress });
}

export interface OpenPuzzle {
  id: string;
  work: WorkTask;
}

/** A fresh challenge from `remoteAddress`, failing the test unless it is a 200. */
export async function openPuzzle(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<OpenPuzzle> {
  const answer = await challenge(app, { pixelRatio: 1 }, remoteAddress);
  if (answer.statusCode !== 200) throw new Error(`no challenge: ${answer.statusCode} ${answer.body}`);
  return answer.json<OpenPuzzle>();
}

/** The tests' hand: the kit's human trail from one seed, so that every answer's drag is alike: 38 samples over 900 ms (the tests' clocks count on it). */
const handTrail = (offsetX: number) => humanTrail(offsetX, undefined, seededRandom(20));

/** What the widget sends for a drag to `offsetX`: the id, the offset, a hand's trail and the solved work. */
export function humanAnswer(puzzle: OpenPuzzle, offsetX = RIGHT_OFFSET, trail = handTrail(offsetX)) {
  return { id: puzzle.id, offsetX, trail, work: solvedWork(puzzle.work).work };
}

/** Solves a fresh puzzle like a person would and returns the pass token. */
export async function passToken(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const answer = (await verify(app, humanAnswer(await openPuzzle(app, remoteAddress)), remoteAddress)).json<{
    status: string;
    token: string;
  }>();
  if (answer.status !== 'y') throw new Error(`the puzzle was not passed: ${JSON.stringify(answer)}`);
  return answer.token;
}
