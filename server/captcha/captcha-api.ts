import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { judge, type RandomSource } from '@game-register/puzzle-captcha/core';
import {
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  handleForPieceOffset,
  PASS_TOLERANCE,
  VerifyRequestSchema,
  VerifyResponseSchema,
} from '@game-register/puzzle-captcha/protocol';
import { errorAnswer } from '../plugins/error-answers';
import { AnswerSchema } from '../routes/api/reference-schemas';
import { CHALLENGE_LAYOUT, clampPixelRatio, drawChallenge } from './pictures';
import type { CaptchaStore } from './store';
import { signPassToken } from './token';
import { trailProblem } from './trail';

export const CHALLENGE_TTL_MS = 2 * 60_000;
export const TOKEN_TTL_MS = 2 * 60_000;
/** How long an address waits after 5 failures in a row. */
export const LOCK_MS = 60_000;
const SWEEP_EVERY_MS = 60_000;
export const FAILED_INFO = '验证失败，请重试';

export interface CaptchaApiOptions {
  store: CaptchaStore;
  /** A random source per challenge (a fresh seeded one in e2e runs, else crypto). */
  randomFor: () => RandomSource;
  now: () => number;
}

/** POST /captcha/challenge and /captcha/verify: server-drawn puzzles whose gap never leaves the server. */
const captchaApi: FastifyPluginAsyncTypebox<CaptchaApiOptions> = async (fastify, { store, randomFor, now }) => {
  let nextSweep = 0;
  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_EVERY_MS;
    store.sweep(at, LOCK_MS * 10);
  };
  const layout = CHALLENGE_LAYOUT;
  // A body-less POST (or one without a JSON content type) asks for the defaults.
  fastify.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  // The response schemas are also the list of the only fields ever serialised: nothing else about the
  // puzzle (its gap above all) can slip into an answer.
  const challengeSchema = { body: ChallengeRequestSchema, response: { 200: ChallengeResponseSchema, 429: AnswerSchema } };
  fastify.post('/captcha/challenge', { schema: challengeSchema }, async (request, reply) => {
    const at = now();
    const lockedUntil = store.lockedUntil(request.ip);
    if (lockedUntil > at) {
      reply.header('retry-after', String(Math.ceil((lockedUntil - at) / 1000)));
      return reply.code(429).send(errorAnswer(429));
    }
    sweep(at);
    const pixelRatio = clampPixelRatio(request.body.pixelRatio);
    const pictures = await drawChallenge(randomFor(), pixelRatio, layout);
    const id = randomBytes(16).toString('base64url');
    const expiresAt = at + CHALLENGE_TTL_MS;
    store.saveChallenge(id, pictures.plan.gapX, expiresAt);
    const dataUrl = (image: Buffer) => `data:${pictures.mimeType};base64,${image.toString('base64')}`;
    reply.header('cache-control', 'no-store');
    return {
      id,
      background: dataUrl(pictures.background),
      piece: dataUrl(pictures.piece),
      pieceY: pictures.plan.gapY,
      width: layout.width,
      height: layout.height,
      pieceSize: layout.pieceSize,
      expiresAt,
    };
  });

  fastify.post('/captcha/verify', { schema: { body: VerifyRequestSchema, response: { 200: VerifyResponseSchema } } }, async (request, reply) => {
    const { id, offsetX, trail } = request.body;
    const at = now();
    reply.header('cache-control', 'no-store');
    const challenge = store.takeChallenge(id);
    const handleTravel = handleForPieceOffset(offsetX, layout);
    const pass =
      challenge !== null &&
      challenge.expiresAt > at &&
      judge(challenge.gapX, offsetX, PASS_TOLERANCE).pass &&
      trailProblem(trail, handleTravel) === null;
    if (!pass) {
      store.recordFailure(request.ip, at, LOCK_MS);
      return { status: 'n' as const, info: FAILED_INFO };
    }
    store.clearFailures(request.ip);
    return { status: 'y' as const, token: signPassToken(store.secret(), at + TOKEN_TTL_MS) };
  });
};

export default captchaApi;
