import { PASS_TOKEN_PARAM } from '@game-register/puzzle-captcha/protocol';
import type { CaptchaGate } from '@game-register/gateway';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readingOf } from '../api-reading/reading';
import { noteGateRefusal } from '../metrics/gate-refusals';

/**
 * preValidation hook of strict mode, after the request's reading, limit and refusal: reg needs an unspent,
 * unexpired, signed pass token, read once with the rest of reg's fields; the gateway's gate spends it, and it
 * is dropped from the reading, so the reference API or the backend behind the proxy gets the call documented
 * in docs/behaviour.md.
 */
export function registrationGate(gate: CaptchaGate) {
  return async function gateHook(request: FastifyRequest, reply: FastifyReply) {
    const reading = readingOf(request);
    if (reading?.call !== 'reg') return;
    const verdict = await gate.spend(reading.query[PASS_TOKEN_PARAM] ?? null);
    if (!verdict.ok) {
      if (verdict.refusal === 'unavailable') request.log.warn({ refusal: verdict.refusal }, 'reg refused: the captcha store is unavailable');
      noteGateRefusal(request, verdict.refusal);
      return reply.code(200).send(verdict.answer);
    }
    delete reading.query[PASS_TOKEN_PARAM];
  };
}
