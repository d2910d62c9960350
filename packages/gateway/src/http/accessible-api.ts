// 无障碍验证, the path without the picture: a harder task alone, whose solution is the whole answer.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AccessibleChallengeResponseSchema,
  AccessibleVerifyRequestSchema,
  VerifyResponseSchema,
  type SolvedWork,
} from '@game-register/puzzle-captcha/protocol';
import type { admissionReplies, FetchedBy } from './admission-replies';
import { kindOf } from '../core/rules/networks/network-kind';
import { AnswerSchema, errorAnswer, FAILED_INFO } from './answers';
import { accessibleFitsMs, type AnswerTiming } from '../core/rules/level-decision';
import { clampLevel } from '../core/rules/levels';
import type { AnswerFacts, GatewayEvents } from '../core/rules/events';
import { escalatedWorkCost, workDoublings } from '../core/rules/work-escalation';
import { CHALLENGE_TTL_MS, WORK_ESCALATION } from '../core/rules/policy';
import type { CaptchaStore } from '../core/ports';
import type { passIssuer } from '../core/flows/pass-issue';
import { answerSeconds } from '../core/rules/timing';
import { checkWork, createWorkTask } from '../core/work';

export interface AccessibleRoutesOptions extends Pick<
  ReturnType<typeof admissionReplies>,
  'admitted' | 'countAnswer' | 'passAllowed' | 'spendOnce'
> {
  store: CaptchaStore;
  now: () => number;
  events: GatewayEvents;
  /** Max counter of its task at level 0 (CAPTCHA_ACCESSIBLE_WORK_COST). */
  accessibleMax: number;
  /** Issues a pass's token with its facts kept (pass-issue.ts). */
  issuePass: ReturnType<typeof passIssuer>;
}

/** The level sealed into a task that checkWork found signed by us (its `lv`). */
const sealedLevel = (work: SolvedWork) => clampLevel(Number(work.task.parameters.data?.lv ?? 0));
/**
 * How long a solved task took, from when it left (its sealed `at`) to now, against the least a browser needs for
 * the tries its counter shows; null for a task sealed without `at`.
 */
const timingOf = (work: SolvedWork, now: number): AnswerTiming | null => {
  const issuedAt = work.task.parameters.data?.at;
  return typeof issuedAt === 'number' ? { answeredInMs: now - issuedAt, fitsMs: accessibleFitsMs(work.solution.counter) } : null;
};
/** Who fetched a task that checkWork found signed by us (`by`, `net`, `nk`); null for a task without them. */
const sealedFetcher = (work: SolvedWork): FetchedBy | null => {
  const data = work.task.parameters.data ?? {};
  return typeof data.by === 'string' && typeof data.net === 'string'
    ? { address: data.by, network: data.net, kind: kindOf(String(data.nk)) }
    : null;
};

export function registerAccessibleRoutes(
  fastify: FastifyInstance,
  { store, now, events, accessibleMax, admitted, countAnswer, passAllowed, spendOnce, issuePass }: AccessibleRoutesOptions,
) {
  const routes = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Its tighter limit per address (ACCESSIBLE_LIMIT) is the host's to apply, with its other rate limits.
  routes.post(
    '/captcha/accessible',
    { schema: { response: { 200: AccessibleChallengeResponseSchema, 429: AnswerSchema } } },
    async (request, reply) => {
      const at = now();
      const admission = await admitted(request, at, reply);
      if (admission === null) return reply;
      const { standing, verdict, fetchedBy } = admission;
      const id = randomBytes(16).toString('base64url');
      const expiresAt = at + CHALLENGE_TTL_MS;
      const doublings = workDoublings(standing, WORK_ESCALATION.accessibleMaxSteps);
      const maxCounter = escalatedWorkCost(accessibleMax * verdict.policy.accessibleWorkFactor, doublings);
      const task = await createWorkTask(await store.secret(), id, expiresAt, maxCounter, 'accessible', doublings, {
        level: verdict.level,
        picture: 'none',
        fetchedBy,
        issuedAt: at,
      });
      events.challengeIssued({ level: verdict.level, picture: 'none', holdout: false, doublings });
      reply.header('cache-control', 'no-store');
      return { id, work: task, maxCounter, expiresAt };
    },
  );

  routes.post(
    '/captcha/accessible/verify',
    { schema: { body: AccessibleVerifyRequestSchema, response: { 200: VerifyResponseSchema, 400: AnswerSchema, 429: AnswerSchema } } },
    async (request, reply) => {
      const at = now();
      reply.header('cache-control', 'no-store');
      const counted = await countAnswer(request, at, reply, WORK_ESCALATION.accessibleMaxSteps);
      if (counted === null) {
        events.verified('locked', null);
        return reply;
      }
      const secret = await store.secret();
      // The solved task is the whole answer: one missing, not done or not ours cost nothing, and counts for nothing
      // but the sender's own lock (an expired or spent one, like an answer to no live puzzle, for its own level too).
      const refusal = await checkWork(secret, request.body.id, request.body.work, spendOnce, 'accessible', counted.minDoublings);
      // Signed by us and solved: who fetched it and its level can be believed.
      const fetchedBy = refusal === null ? sealedFetcher(request.body.work) : null;
      const timing = refusal === null ? timingOf(request.body.work, at) : null;
      if (refusal !== null) await counted.refused(refusal === 'expired' || refusal === 'spent');
      else await counted.settle(true, fetchedBy, timing, 'accessible');
      if (refusal === 'malformed' || refusal === 'missing' || refusal === 'tampered') {
        events.verified('work_refused', null);
        return reply.code(400).send(errorAnswer(400));
      }
      const facts = (): AnswerFacts => ({
        level: sealedLevel(request.body.work),
        picture: 'none',
        firstTry: counted.firstTry,
        ...answerSeconds(request.body.timing),
      });
      if (refusal) {
        events.verified(refusal === 'expired' ? 'expired_or_unknown' : 'work_refused', refusal === 'wrong' ? facts() : null);
        return { status: 'n' as const, info: FAILED_INFO };
      }
      if (fetchedBy !== null && !(await passAllowed(fetchedBy, sealedLevel(request.body.work), reply, 'accessible'))) return reply;
      events.verified('passed', facts());
      return {
        status: 'y' as const,
        token: await issuePass(request, { level: sealedLevel(request.body.work), picture: 'none', path: 'accessible', timing, fetchedBy }),
      };
    },
  );
}
