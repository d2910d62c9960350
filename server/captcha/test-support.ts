import type { FastifyInstance } from 'fastify';
import { handleMax } from '@game-register/puzzle-captcha/core';
import { planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import type { CaptchaConfig, ServerConfig } from '../config';
import { CHALLENGE_LAYOUT as layout } from './pictures';
import type { TrailPoint } from './trail';

export const TEST_SEED = 20240607;
/** Small tasks, so the tests' own solver is quick. */
export const TEST_WORK = { puzzle: 1000, accessible: 2000 };
/** Where the gap is in every puzzle of a server started with TEST_SEED. */
export const SEEDED_GAP_X = planPuzzle(seededRandom(TEST_SEED), layout, 0, -1).gapX;
export const RIGHT_OFFSET = SEEDED_GAP_X - 3;

export const strictConfig = (captcha: Partial<CaptchaConfig> = {}, overrides: Partial<ServerConfig> = {}): Partial<ServerConfig> => ({
  captcha: { mode: 'strict', secret: null, testSeed: TEST_SEED, drawThreads: 1, drawQueue: 64, work: TEST_WORK, ...captcha },
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

/** Solves a fresh puzzle like a person would and returns the pass token. */
export async function passToken(app: FastifyInstance): Promise<string> {
  const { id } = (await challenge(app)).json<{ id: string }>();
  const answer = (await verify(app, { id, offsetX: RIGHT_OFFSET, trail: humanTrail(RIGHT_OFFSET) })).json<{ status: string; token: string }>();
  if (answer.status !== 'y') throw new Error(`the puzzle was not passed: ${JSON.stringify(answer)}`);
  return answer.token;
}
