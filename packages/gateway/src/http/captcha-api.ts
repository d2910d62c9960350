// The routes of strict mode: each validates its request, calls its flow (core/flows/) and sends what it answered, once.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CAPTCHA_PATHS,
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  VerifyRequestSchema,
  VerifyResponseSchema,
} from '@game-register/puzzle-captcha/protocol';
import { registerAccessibleRoutes } from './accessible-api';
import { admission } from '../core/flows/admission';
import type { Difficulty } from '../core/flows/difficulty';
import { puzzleIssuer, type IssueOptions } from '../core/flows/issue-challenge';
import { passIssuer } from '../core/flows/pass-issue';
import { answerVerifier } from '../core/flows/verify-answer';
import type { CaptchaStore, PuzzleSource } from '../core/ports';
import { AnswerSchema } from './answers';
import { challengeAnswer, ChallengeHeadSchema, type ChallengeAnswerBytes } from './challenge-answer';
import { NO_STOCK, type ChallengeStock } from '../drawing/challenge-stock';
import type { NetworkJudge } from '../core/rules/networks/network-kind';
import { DrawQueueFullError, type ChallengeDrawer } from '../drawing/draw-pool';
import { createDrawShare, type DrawShare } from '../drawing/draw-share';
import type { GatewayEvents } from '../core/rules/events';
import { CHALLENGE_LAYOUT, challengePixelRatio } from '../drawing/pictures';
import type { WorkSettings } from '../core/work';
import { sendBusy, sendRefused, sendVerdict } from './replies';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends an answer already serialised (challenge-answer.ts): bytes skip Fastify's serialiser, so they go
 * through the reply as it is untyped, not dressed up as the body their route's 200 schema describes.
 */
const sendBytes = (reply: FastifyReply, bytes: ChallengeAnswerBytes) => reply.type(JSON_TYPE).send(bytes);

export interface CaptchaApiOptions {
  store: CaptchaStore;
  /** The proof-of-work costs (CAPTCHA_WORK_COST, CAPTCHA_ACCESSIBLE_WORK_COST; accessible null: off). */
  work: WorkSettings;
  /** Draws and encodes the pictures, on the draw threads. */
  drawer: ChallengeDrawer;
  /** Puzzles drawn ahead (CAPTCHA_STOCK); without it, every puzzle is drawn when it is asked for. */
  stock?: ChallengeStock;
  /** Answers with work one network may have per minute (CAPTCHA_NETWORK_CHALLENGES). */
  networkAnswers: number;
  /** This instance's drawing shared among networks while it runs short (default: a fresh one on the monotonic clock). */
  drawShare?: DrawShare;
  now: () => number;
  events: GatewayEvents;
  /** Each challenge's level (core/flows/difficulty.ts). */
  difficulty: Difficulty;
  /** Each address's network and its kind (core/rules/networks/network-kind.ts). */
  networkJudge: NetworkJudge;
  /** The client's address as the host read it (default: request.ip). */
  clientAddress?: (request: FastifyRequest) => string;
}

/** The puzzles' source for the challenge flow: the stock first, then the draw threads, shared among networks while short. */
function puzzleSource(drawer: ChallengeDrawer, stock: ChallengeStock, drawShare: DrawShare, events: GatewayEvents): PuzzleSource {
  return {
    admit: (network, pixelRatio) => drawShare.admit(network, drawer.queueSize > 0 || stock.short(pixelRatio)),
    took: (network) => drawShare.took(network),
    async take(pixelRatio, picture) {
      const stocked = stock.take(pixelRatio, picture);
      if (stocked !== null) return stocked;
      if (stock !== NO_STOCK) events.stockMissed(pixelRatio);
      try {
        return await drawer.draw(pixelRatio, picture);
      } catch (error) {
        if (!(error instanceof DrawQueueFullError)) throw error;
        return null;
      }
    },
  };
}

/** POST /captcha/challenge and /captcha/verify: server-drawn puzzles whose gap never leaves the server. */
const captchaApi: FastifyPluginAsyncTypebox<CaptchaApiOptions> = async (
  fastify,
  {
    store,
    drawer,
    stock = NO_STOCK,
    work,
    now,
    networkAnswers,
    events,
    difficulty,
    networkJudge,
    clientAddress = (request) => request.ip,
    drawShare = createDrawShare(),
  },
) => {
  const flows: IssueOptions = {
    store,
    events,
    now,
    networkJudge,
    work,
    admission: admission({ store, events, now, networkAnswers, difficulty, judge: networkJudge }),
  };
  const issuePass = passIssuer({ store, difficulty, networkJudge, now });
  const issueChallenge = puzzleIssuer(flows, puzzleSource(drawer, stock, drawShare, events), CHALLENGE_LAYOUT);
  const verifyAnswer = answerVerifier({ ...flows, issuePass }, CHALLENGE_LAYOUT);
  const asker = (request: FastifyRequest) => ({ ip: clientAddress(request), route: request.routeOptions.url ?? 'captcha' });
  // A body-less POST (or one without a JSON content type) asks for the defaults.
  fastify.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  // The response schemas are also the list of the only fields ever serialised: nothing else about the
  // puzzle (its gap above all) can slip into an answer. The challenge's 200 is sent as bytes, its fields
  // through ChallengeHeadSchema and the pictures serialised by the draw thread (challenge-answer.ts).
  const challengeSchema = {
    body: ChallengeRequestSchema,
    response: { 200: ChallengeResponseSchema, 429: AnswerSchema, 503: AnswerSchema },
  };
  fastify.post(CAPTCHA_PATHS.challenge, { schema: challengeSchema }, async (request, reply) => {
    const result = await issueChallenge(asker(request), challengePixelRatio(request.body.pixelRatio));
    if (result.outcome === 'refused') return sendRefused(reply, result);
    if (result.outcome === 'busy') return sendBusy(reply, result);
    const headJson = reply.serializeInput(result.head, ChallengeHeadSchema) as string;
    return sendBytes(reply.header('cache-control', 'no-store'), challengeAnswer(headJson, result.pictureFields));
  });

  fastify.post(
    CAPTCHA_PATHS.verify,
    { schema: { body: VerifyRequestSchema, response: { 200: VerifyResponseSchema, 400: AnswerSchema, 429: AnswerSchema } } },
    async (request, reply) =>
      sendVerdict(reply.header('cache-control', 'no-store'), await verifyAnswer(clientAddress(request), request.body)),
  );

  if (work.accessible !== null) registerAccessibleRoutes(fastify, { ...flows, issuePass, accessibleMax: work.accessible, asker });
};

export default captchaApi;
