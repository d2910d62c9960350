import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { handleMax } from '@game-register/puzzle-captcha/core';
import { planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import type { CaptchaConfig, ServerConfig } from '../config';
import { NETWORK_CHALLENGE_LIMIT } from '@game-register/gateway/policy';
import { CHALLENGE_LAYOUT as layout } from '@game-register/gateway/internals';
import type { TrailPoint } from '@game-register/puzzle-captcha/core';
import type { WorkTask } from '@game-register/puzzle-captcha/protocol';

export const TEST_SEED = 20240607;
/** Small tasks, so the tests' own solver is quick. */
export const TEST_WORK = { puzzle: 1000, accessible: 2000 };
/** Where the gap is in every puzzle of a server started with TEST_SEED. */
export const SEEDED_GAP_X = planPuzzle(seededRandom(TEST_SEED), layout, 0, -1).gapX;
export const RIGHT_OFFSET = SEEDED_GAP_X - 3;

/** Strict mode as the tests start it: one draw thread and no stock (each puzzle drawn when asked for) unless a test says so. */
export const strictConfig = (captcha: Partial<CaptchaConfig> = {}, overrides: Partial<ServerConfig> = {}): Partial<ServerConfig> => ({
  // No holdout: every test puzzle from the seed is drawn the way its level says.
  captcha: { mode: 'strict', secret: null, testSeed: TEST_SEED, testClockSpeed: 1, holdout: 0, drawThreads: 1, drawQueue: 64, stockSize: 0, work: TEST_WORK, networkChallenges: NETWORK_CHALLENGE_LIMIT.max, level: 'adaptive', ...captcha },
  ...overrides,
});

/** A hand's drag to `offsetX`: 31 samples over 900 ms, easing out, wobbling a little up and down. */
export function humanTrail(offsetX: number): TrailPoint[] {
  const travel = (offsetX * handleMax(layout)) / (layout.width - layout.pieceSize);
  return Array.from({ length: 31 }, (_, i) => {
    const progress = i / 30;
    return { x: 25 + travel * (1 - (1 - progress) ** 3), y: 80 + Math.round(Math.sin(i) * 2), t: Math.round(900 * progress) };
  });
}

export async function challenge(app: FastifyInstance, body: unknown = { pixelRatio: 1 }, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/captcha/challenge', payload: body as object, remoteAddress });
}

export async function verify(app: FastifyInstance, body: unknown, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/captcha/verify', payload: body as object, remoteAddress });
}

/** The task solved as the widget's worker solves it: `{ task, solution }`, what a verify body's `work` carries. */
export async function solvedWork(task: WorkTask) {
  const solution = await solveChallenge({ challenge: task, deriveKey });
  if (!solution) throw new Error('the work task has no solution');
  return { task, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
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

/** What the widget sends for a drag to `offsetX`: the id, the offset, a hand's trail and the solved work. */
export async function humanAnswer(puzzle: OpenPuzzle, offsetX = RIGHT_OFFSET, trail = humanTrail(offsetX)) {
  return { id: puzzle.id, offsetX, trail, work: await solvedWork(puzzle.work) };
}

/** Solves a fresh puzzle like a person would and returns the pass token. */
export async function passToken(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const answer = (await verify(app, await humanAnswer(await openPuzzle(app, remoteAddress)), remoteAddress)).json<{ status: string; token: string }>();
  if (answer.status !== 'y') throw new Error(`the puzzle was not passed: ${JSON.stringify(answer)}`);
  return answer.token;
}
