import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NO_METRICS, type VerifyReason } from '../metrics/metrics';
import { handleMax, judge } from '@game-register/puzzle-captcha/core';
import { errorAnswer } from '../plugins/error-answers';
import { DrawQueueFullError, type ChallengeDrawer } from './draw-pool';
import { CHALLENGE_LAYOUT, clampPixelRatio } from './pictures';
import type { CaptchaStore } from './store';
import { signPassToken } from './token';
import { trailProblem, TRAIL_RULES, type TrailPoint } from './trail';

export const CHALLENGE_TTL_MS = 2 * 60_000;
export const TOKEN_TTL_MS = 2 * 60_000;
/** How long an address waits after 5 failures in a row. */
export const LOCK_MS = 60_000;
/** The widget's tolerance: |pinX - offsetX| < 10. */
const RANGE = 10;
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

const finite = { type: 'number', minimum: -1e6, maximum: 1e9 } as const;
const challengeBody = {
  type: 'object',
  additionalProperties: false,
  properties: { pixelRatio: { type: 'number' } },
} as const;
const verifyBody = {
  type: 'object',
  required: ['id', 'offsetX', 'trail'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    offsetX: finite,
    trail: {
      type: 'array',
      maxItems: TRAIL_RULES.maxPoints,
      items: { type: 'object', required: ['x', 'y', 't'], additionalProperties: false, properties: { x: finite, y: finite, t: finite } },
    },
  },
} as const;

const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
// Only these fields are ever serialised: nothing else about the puzzle can slip into an answer.
const challengeAnswer = {
  type: 'object',
  required: ['id', 'background', 'piece', 'pieceY', 'width', 'height', 'pieceSize', 'expiresAt'],
  properties: { id: text, background: text, piece: text, pieceY: integer, width: integer, height: integer, pieceSize: integer, expiresAt: integer },
} as const;
const verifyAnswer = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['y', 'n'] }, token: text, info: text },
} as const;

interface VerifyBody {
  id: string;
  offsetX: number;
  trail: TrailPoint[];
}

/** POST /captcha/challenge and /captcha/verify: server-drawn puzzles whose gap never leaves the server. */
export default async function captchaApi(fastify: FastifyInstance, { store, drawer, now }: CaptchaApiOptions) {
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

  fastify.post<{ Body: { pixelRatio?: number } }>('/captcha/challenge', { schema: { body: challengeBody, response: { 200: challengeAnswer } } }, async (request, reply) => {
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
      drawn = await drawer.draw(pixelRatio); // its time goes to metrics.drawFinished through the drawer
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

  fastify.post<{ Body: VerifyBody }>('/captcha/verify', { schema: { body: verifyBody, response: { 200: verifyAnswer } } }, async (request, reply) => {
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
    const handleTravel = (offsetX * handleMax(layout)) / (layout.width - layout.pieceSize);
    const failure: VerifyReason | null =
      challenge === null || challenge.expiresAt <= at
        ? 'expired_or_unknown'
        : !judge(challenge.gapX, offsetX, RANGE).pass
          ? 'wrong_offset'
          : trailProblem(trail, handleTravel) !== null
            ? 'trail_refused'
            : null;
    if (failure) {
      metrics.verified(failure);
      await store.recordFailure(request.ip, LOCK_MS);
      return { status: 'n', info: FAILED_INFO };
    }
    const secret = await store.secret();
    metrics.verified('passed');
    await store.clearFailures(request.ip);
    return { status: 'y', token: signPassToken(secret, at + TOKEN_TTL_MS) };
  });
}
