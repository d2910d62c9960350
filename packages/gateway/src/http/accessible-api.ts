// 无障碍验证, the path without the picture: a harder task alone, whose solution is the whole answer. The routes
// validate, call their flow (core/flows/issue-challenge.ts, verify-accessible.ts) and send what it answered.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AccessibleChallengeResponseSchema,
  AccessibleVerifyRequestSchema,
  CAPTCHA_PATHS,
  VerifyResponseSchema,
} from '@game-register/puzzle-captcha/protocol';
import { accessibleIssuer, type Asker, type IssueOptions } from '../core/flows/issue-challenge';
import type { passIssuer } from '../core/flows/pass-issue';
import { accessibleVerifier } from '../core/flows/verify-accessible';
import { AnswerSchema } from './answers';
import { sendRefused, sendVerdict } from './replies';

export interface AccessibleRoutesOptions extends IssueOptions {
  /** Max counter of its task at level 0 (CAPTCHA_ACCESSIBLE_WORK_COST). */
  accessibleMax: number;
  /** Issues a pass's token with its facts kept (core/flows/pass-issue.ts). */
  issuePass: ReturnType<typeof passIssuer>;
  /** Who asks: the client's address as the host read it, and the route. */
  asker: (request: FastifyRequest) => Asker;
}

export function registerAccessibleRoutes(fastify: FastifyInstance, { accessibleMax, asker, ...flows }: AccessibleRoutesOptions) {
  const routes = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const issue = accessibleIssuer(flows, accessibleMax);
  const verify = accessibleVerifier(flows);
  // Its tighter limit per address (HOST_ACCESSIBLE_LIMIT) is the host's to apply, with its other rate limits.
  routes.post(
    CAPTCHA_PATHS.accessible,
    { schema: { response: { 200: AccessibleChallengeResponseSchema, 429: AnswerSchema } } },
    async (request, reply) => {
      const result = await issue(asker(request));
      if (result.outcome === 'refused') return sendRefused(reply, result);
      const { id, work, maxCounter, expiresAt } = result;
      return reply.header('cache-control', 'no-store').send({ id, work, maxCounter, expiresAt });
    },
  );

  routes.post(
    CAPTCHA_PATHS.accessibleVerify,
    { schema: { body: AccessibleVerifyRequestSchema, response: { 200: VerifyResponseSchema, 400: AnswerSchema, 429: AnswerSchema } } },
    async (request, reply) => sendVerdict(reply.header('cache-control', 'no-store'), await verify(asker(request).ip, request.body)),
  );
}
