import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  VerifyRequestSchema,
  VerifyResponseSchema,
} from '@game-register/puzzle-captcha/protocol';
import { judgePuzzleAnswer } from '../core/rules/answer-judgement';
import { registerAccessibleRoutes } from './accessible-api';
import { admissionReplies, type FetchedBy } from './admission-replies';
import type { Difficulty } from '../core/flows/difficulty';
import { AnswerSchema, errorAnswer, FAILED_INFO } from './answers';
import { challengeAnswer, ChallengeHeadSchema, type ChallengeAnswerBytes, type ChallengeHead } from './challenge-answer';
import { NO_STOCK, type ChallengeStock } from '../drawing/challenge-stock';
import type { NetworkJudge } from '../core/rules/networks/network-kind';
import { DrawQueueFullError, type ChallengeDrawer } from '../drawing/draw-pool';
import { createDrawShare, type DrawShare } from '../drawing/draw-share';
import type { AnswerFacts, GatewayEvents } from '../core/rules/events';
import { escalatedWorkCost, workDoublings } from '../core/rules/work-escalation';
import { CHALLENGE_LAYOUT, challengePixelRatio } from '../drawing/pictures';
import { BUSY_RETRY_AFTER_S, CHALLENGE_TTL_MS, WORK_ESCALATION } from '../core/rules/policy';
import { MIN_DRAG_TRAIL } from '@game-register/puzzle-captcha/protocol';
import type { CaptchaStore } from '../core/ports';
import { passIssuer } from '../core/flows/pass-issue';
import { checkWork, createWorkTask, type WorkSettings } from '../core/work';
import { answerSeconds } from '../core/rules/timing';

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
  /** Challenges one network may have answered with work per minute (CAPTCHA_NETWORK_CHALLENGES). */
  networkChallenges: number;
  /** This instance's drawing shared among networks while it runs short (default: a fresh one on the monotonic clock). */
  drawShare?: DrawShare;
  now: () => number;
  events: GatewayEvents;
  /** Each challenge's level (difficulty/engine.ts). */
  difficulty: Difficulty;
  /** Each address's network and its kind (networks/network-kind.ts). */
  networkJudge: NetworkJudge;
  /** The client's address as the host read it (default: request.ip). */
  clientAddress?: (request: FastifyRequest) => string;
}

/** Drawing is busy (the queue full, or this network past its share while it runs short): ask again in a second. */
const busy = (reply: FastifyReply) => reply.header('retry-after', String(BUSY_RETRY_AFTER_S)).code(503).send(errorAnswer(503));

/** POST /captcha/challenge and /captcha/verify: server-drawn puzzles whose gap never leaves the server. */
const captchaApi: FastifyPluginAsyncTypebox<CaptchaApiOptions> = async (
  fastify,
  {
    store,
    drawer,
    stock = NO_STOCK,
    work,
    now,
    networkChallenges,
    events,
    difficulty,
    networkJudge,
    clientAddress = (request) => request.ip,
    drawShare = createDrawShare(),
  },
) => {
  const { admitted, countAnswer, passAllowed, sweep, spendOnce } = admissionReplies({
    store,
    events,
    now,
    networkChallenges,
    difficulty,
    judge: networkJudge,
    clientAddress,
  });
  const layout = CHALLENGE_LAYOUT;
  const issuePass = passIssuer({ store, difficulty, networkJudge, clientAddress, now });
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
  fastify.post('/captcha/challenge', { schema: challengeSchema }, async (request, reply) => {
    const at = now();
    const pixelRatio = challengePixelRatio(request.body.pixelRatio);
    // Drawing first, shared: while it runs short here, a network past its share waits, before anything is
    // counted (a refusal moves no level, budget or floor). Not short: a count in memory, nothing more.
    const { network, kind } = networkJudge(clientAddress(request));
    if (!drawShare.admit(network, drawer.queueSize > 0 || stock.short(pixelRatio))) {
      events.rateLimited(request.routeOptions.url ?? 'captcha', kind);
      return busy(reply);
    }
    const admission = await admitted(request, at, reply);
    if (admission === null) return reply;
    // Counted for the share only now: a fetch admission refused (a locked address's) is handed no puzzle.
    drawShare.took(network);
    const { standing, verdict, fetchedBy } = admission;
    const { level, picture } = verdict;
    await sweep(at);
    // From the stock when it has one: its expiry and one-time take start here, as a fresh puzzle's do.
    let drawn = stock.take(pixelRatio, picture);
    if (drawn === null && stock !== NO_STOCK) events.stockMissed(pixelRatio);
    try {
      drawn ??= await drawer.draw(pixelRatio, picture);
    } catch (error) {
      if (!(error instanceof DrawQueueFullError)) throw error;
      return busy(reply);
    }
    const id = randomBytes(16).toString('base64url');
    const expiresAt = at + CHALLENGE_TTL_MS;
    const doublings = workDoublings(standing);
    const secret = await store.secret();
    // The store's round trip and the work's signature at once: neither needs the other.
    // The level and picture sealed twice: in the stored challenge (its answer is judged and counted by them)
    // and in the signed task, where a client can read them but never choose an easier one.
    const [, task] = await Promise.all([
      store.putChallenge(id, { gapX: drawn.gapX, expiresAt, level, picture, ...fetchedBy }),
      createWorkTask(secret, id, expiresAt, escalatedWorkCost(work.puzzle * verdict.policy.workFactor, doublings), 'puzzle', doublings, {
        level,
        picture,
      }),
    ]);
    events.challengeIssued({ level, picture, holdout: verdict.holdout, doublings });
    reply.header('cache-control', 'no-store');
    const head: ChallengeHead = {
      work: task,
      accessible: work.accessible !== null,
      id,
      pieceY: drawn.gapY,
      width: layout.width,
      height: layout.height,
      pieceSize: layout.pieceSize,
      expiresAt,
    };
    const headJson = reply.serializeInput(head, ChallengeHeadSchema) as string;
    return sendBytes(reply, challengeAnswer(headJson, drawn.pictureFields));
  });

  fastify.post(
    '/captcha/verify',
    { schema: { body: VerifyRequestSchema, response: { 200: VerifyResponseSchema, 400: AnswerSchema, 429: AnswerSchema } } },
    async (request, reply) => {
      const { id, offsetX, trail, work: submitted } = request.body;
      const at = now();
      reply.header('cache-control', 'no-store');
      // Both at once (two store round trips in flight, not one after the other). The challenge is spent
      // whatever follows: a locked address cannot answer challenges it fetched before the lock either.
      const [challenge, counted] = await Promise.all([store.takeChallenge(id), countAnswer(request, at, reply, WORK_ESCALATION.maxSteps)]);
      if (counted === null) {
        events.verified('locked', null);
        return reply;
      }
      const live = challenge !== null && challenge.expiresAt > at ? challenge : null;
      if (live === null) {
        // No live puzzle (never issued, spent, expired): it cost its sender nothing, and moves nothing of anyone else's.
        events.verified('expired_or_unknown', null);
        await counted.refused(true);
        return { status: 'n' as const, info: FAILED_INFO };
      }
      const fetchedBy: FetchedBy = { address: live.address, network: live.network, kind: live.kind };
      const facts: AnswerFacts = {
        level: live.level,
        picture: live.picture,
        firstTry: counted.firstTry,
        ...answerSeconds(request.body.timing),
      };
      // The work first: an answer without it cost nothing, so it is judged as nothing, whatever its offset says.
      // Every answer carries the challenge's solved work; a drag also sends its trail, which must look like a hand's.
      const workRefusal = await checkWork(await store.secret(), id, submitted, spendOnce, 'puzzle', counted.minDoublings);
      if (workRefusal !== null) {
        events.verified('work_refused', facts);
        await counted.refused(false);
        // Only a client that built or altered the task sends these: a plain 400.
        if (workRefusal === 'malformed' || workRefusal === 'tampered') return reply.code(400).send(errorAnswer(400));
        return { status: 'n' as const, info: FAILED_INFO };
      }
      // The work done, the answer itself (core/answer-judgement.ts), timed on the gateway's clock from the puzzle
      // leaving it: what a client cannot fake.
      const { failure, timing } = judgePuzzleAnswer({
        gapX: live.gapX,
        offsetX,
        trail,
        layout,
        issuedAt: live.expiresAt - CHALLENGE_TTL_MS,
        at,
      });
      await counted.settle(failure === null, fetchedBy, timing);
      if (failure) {
        events.verified(failure, facts);
        return { status: 'n' as const, info: FAILED_INFO };
      }
      // A pass takes back only its own count: the failures before it fade with time, not with one lucky answer.
      // Its token comes from the allowance of the network that fetched the puzzle, whoever answers.
      if (!(await passAllowed(fetchedBy, live.level, reply))) return reply;
      events.verified('passed', facts);
      const path = trail.length >= MIN_DRAG_TRAIL ? 'drag' : 'keys_or_tap';
      return {
        status: 'y' as const,
        token: await issuePass(request, { level: live.level, picture: live.picture, path, timing, fetchedBy }),
      };
    },
  );

  if (work.accessible !== null)
    registerAccessibleRoutes(fastify, {
      store,
      now,
      events,
      accessibleMax: work.accessible,
      admitted,
      countAnswer,
      passAllowed,
      spendOnce,
      issuePass,
    });
};

export default captchaApi;
