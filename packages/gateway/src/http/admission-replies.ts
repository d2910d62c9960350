// Admission's refusals as replies: the routes ask core/admission.ts with the client's address and send what it
// refuses as a 429 with Retry-After. The only place admission meets a request or a reply.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  admission,
  isRefusal,
  type Admitted,
  type AdmissionOptions,
  type CountedAnswer,
  type FetchedBy,
  type Refusal,
} from '../core/flows/admission';
import type { Level } from '../core/rules/levels';
import { errorAnswer } from './answers';

export type { FetchedBy } from '../core/flows/admission';

/** Sends a refusal: 429, the wait in Retry-After, and the answer every 429 has. */
export function sendRefusal(reply: FastifyReply, { retryAfterS }: Refusal): FastifyReply {
  reply.header('retry-after', String(retryAfterS));
  return reply.code(429).send(errorAnswer(429));
}

export interface AdmissionRepliesOptions extends AdmissionOptions {
  /** The client's address as the host read it on arrival. */
  clientAddress: (request: FastifyRequest) => string;
}

/**
 * Admission for the routes: each answer is admission's, or null once its refusal is sent (null, not the reply
 * itself: a reply is a thenable, and awaiting one waits for the send).
 */
export function admissionReplies({ clientAddress, ...options }: AdmissionRepliesOptions) {
  const { admitted, countAnswer, passRefusal, sweep, spendOnce } = admission(options);
  const sentUnless = <T extends object>(reply: FastifyReply, answer: T | Refusal): T | null => {
    if (!isRefusal(answer)) return answer;
    void sendRefusal(reply, answer);
    return null;
  };
  return {
    admitted: async (request: FastifyRequest, at: number, reply: FastifyReply): Promise<Admitted | null> =>
      sentUnless(reply, await admitted(clientAddress(request), request.routeOptions.url ?? 'captcha', at)),
    countAnswer: async (request: FastifyRequest, at: number, reply: FastifyReply, maxSteps: number): Promise<CountedAnswer | null> =>
      sentUnless(reply, await countAnswer(clientAddress(request), at, maxSteps)),
    /** True when the pass is granted; otherwise its refusal is sent. */
    passAllowed: async (
      fetchedBy: FetchedBy,
      level: Level,
      reply: FastifyReply,
      path: 'puzzle' | 'accessible' = 'puzzle',
    ): Promise<boolean> => {
      const refusal = await passRefusal(fetchedBy, level, path);
      if (refusal !== null) void sendRefusal(reply, refusal);
      return refusal === null;
    },
    sweep,
    spendOnce,
  };
}
