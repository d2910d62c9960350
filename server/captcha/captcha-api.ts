import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { judge } from '@game-register/puzzle-captcha/core';
import {
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  handleForPieceOffset,
  PASS_TOLERANCE,
  VerifyRequestSchema,
  VerifyResponseSchema,
} from '@game-register/puzzle-captcha/protocol';
import { NO_METRICS, type VerifyReason } from '../metrics/metrics';
import { errorAnswer } from '../plugins/error-answers';
import { AnswerSchema } from '../routes/api/reference-schemas';
import { DrawQueueFullError, type ChallengeDrawer } from './draw-pool';
import { CHALLENGE_LAYOUT, clampPixelRatio } from './pictures';
import type { CaptchaStore } from './store';
import { signPassToken } from './token';
import { trailProblem } from './trail';

export const CHALLENGE_TTL_MS = 2 * 60_000;
export const TOKEN_TTL_MS = 2 * 60_000;
/** How long an address waits after 5 failures in a row. */
export const LOCK_MS = 60_000;
const SWEEP_EVERY_MS = 60_000;
export const FAILED_INFO = '验证失败，请重试';
/** Every draw thread busy and the queue full: the client may ask again after this many seconds. */
const BUSY_RETRY_AFTER_S = 1;

export interface CaptchaApiOptions {
  store: CaptchaStore;
  /** Draws and encodes the pictures, on the draw threads. */
  drawer: ChallengeDrawer;
  now: () => number;
}

/** POST /captcha/challenge and /captcha/verify: server-drawn puzzles whose gap never leaves the server. */
const captchaApi: FastifyPluginAsyncTypebox<CaptchaApiOptions> = async (fastify, { store, drawer, now }) => {
  const metrics = fastify.hasDecorator('metrics') ? fastify.metrics : NO_METRICS;
  let nextSweep = 0;
  const sweep = async (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_EVERY_MS;
    await store.sweep();
  };
  const layout = CHALLENGE_LAYOUT;
  // A body-less POST (or one without a JSON content type) asks for the defaults.
  fastify.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  // The response schemas are also the list of the only fields ever serialised: nothing else about the
  // puzzle (its gap above all) can slip into an answer.
  const challengeSchema = { body: ChallengeRequestSchema, response: { 200: ChallengeResponseSchema, 429: AnswerSchema, 503: AnswerSchema } };
  fastify.post('/captcha/challenge', { schema: challengeSchema }, async (request, reply) => {
    const at = now();
    const lockedUntil = await store.lockedUntil(request.ip);
    if (lockedUntil > at) {
      reply.header('retry-after', String(Math.ceil((lockedUntil - at) / 1000)));
      return reply.code(429).send(errorAnswer(429));
    }
    await sweep(at);
    const pixelRatio = clampPixelRatio(request.body.pixelRatio);
    let drawn;
    try {
      drawn = await drawer.draw(pixelRatio);
    } catch (error) {
      if (!(error instanceof DrawQueueFullError)) throw error;
      reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
      return reply.code(503).send(errorAnswer(503));
    }
    const id = randomBytes(16).toString('base64url');
    const expiresAt = at + CHALLENGE_TTL_MS;
    await store.putChallenge(id, { gapX: drawn.gapX, expiresAt });
    metrics.challengeIssued();
    reply.header('cache-control', 'no-store');
    return {
      id,
      background: drawn.background,
      piece: drawn.piece,
      pieceY: drawn.gapY,
      width: layout.width,
      height: layout.height,
      pieceSize: layout.pieceSize,
      expiresAt,
    };
  });

  fastify.post('/captcha/verify', { schema: { body: VerifyRequestSchema, response: { 200: VerifyResponseSchema, 429: AnswerSchema } } }, async (request, reply) => {
    const { id, offsetX, trail } = request.body;
    const at = now();
    reply.header('cache-control', 'no-store');
    const challenge = await store.takeChallenge(id);
    // A locked address cannot answer challenges it fetched before the lock either.
    const lockedUntil = await store.lockedUntil(request.ip);
    if (lockedUntil > at) {
      metrics.verified('locked');
      reply.header('retry-after', String(Math.ceil((lockedUntil - at) / 1000)));
      return reply.code(429).send(errorAnswer(429));
    }
    const handleTravel = handleForPieceOffset(offsetX, layout);
    const failure: VerifyReason | null =
      challenge === null || challenge.expiresAt <= at
        ? 'expired_or_unknown'
        : !judge(challenge.gapX, offsetX, PASS_TOLERANCE).pass
          ? 'wrong_offset'
          : trailProblem(trail, handleTravel) !== null
            ? 'trail_refused'
            : null;
    if (failure) {
      metrics.verified(failure);
      await store.recordFailure(request.ip, LOCK_MS);
      return { status: 'n' as const, info: FAILED_INFO };
    }
    const secret = await store.secret();
    await store.clearFailures(request.ip);
    metrics.verified('passed');
    return { status: 'y' as const, token: signPassToken(secret, at + TOKEN_TTL_MS) };
  });
};

export default captchaApi;
