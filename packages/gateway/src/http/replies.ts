// The flows' results as replies: each route validates, calls its flow and sends what it answered, once.
import type { FastifyReply } from 'fastify';
import type { Busy, Refused, VerifyResult } from '../core/flows/results';
import { errorAnswer, FAILED_INFO } from './answers';

/** Refused for a while: 429, the wait in Retry-After, and the answer every 429 has. */
export const sendRefused = (reply: FastifyReply, { retryAfterS }: Pick<Refused, 'retryAfterS'>) =>
  reply.header('retry-after', String(retryAfterS)).code(429).send(errorAnswer(429));

/** Drawing is busy (the queue full, or this network past its share while it runs short): 503, ask again after Retry-After. */
export const sendBusy = (reply: FastifyReply, { retryAfterS }: Busy) =>
  reply.header('retry-after', String(retryAfterS)).code(503).send(errorAnswer(503));

/** An answer's verdict: 429, 400, `n` to try again, or `y` with the pass token. */
export function sendVerdict(reply: FastifyReply, result: VerifyResult) {
  switch (result.outcome) {
    case 'refused':
      return sendRefused(reply, result);
    case 'bad_request':
      return reply.code(400).send(errorAnswer(400));
    case 'wrong':
      return reply.send({ status: 'n', info: FAILED_INFO });
    case 'passed':
      return reply.send({ status: 'y', token: result.token });
  }
}
