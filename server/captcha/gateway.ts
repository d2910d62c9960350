import { PASS_TOKEN_PARAM } from '@game-register/puzzle-captcha/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NO_METRICS, type Metrics, type TokenRefusal } from '../metrics/metrics';
import { readingOf } from '../api-reading/reading';
import { StoreUnavailableError, type CaptchaStore } from './store';
import { readPassToken } from './token';

/** The query parameter the widget's app puts the pass token in (the protocol's name). */
export const TOKEN_PARAM = PASS_TOKEN_PARAM;
export const NEEDS_CAPTCHA = { status: 'n', info: '请先完成验证' } as const;
/** The store of spent tokens cannot answer: the token cannot be checked, so reg is refused (fail closed). */
export const GATE_UNAVAILABLE = { status: 'n', info: '验证服务暂时不可用，请稍后再试' } as const;

/**
 * preValidation hook of strict mode, after the request's reading, limit and refusal: reg needs an unspent,
 * unexpired, signed pass token, read once with the rest of reg's fields; it is spent here and dropped from the
 * reading, so the reference API or the backend behind the proxy gets the call documented in docs/behaviour.md.
 */
export function registrationGate(store: CaptchaStore, now: () => number, metrics: Metrics = NO_METRICS) {
  return async function gate(request: FastifyRequest, reply: FastifyReply) {
    const reading = readingOf(request);
    if (reading?.call !== 'reg') return;
    const token = reading.query[TOKEN_PARAM] ?? null;
    let refusal: TokenRefusal | null;
    try {
      const pass = token === null ? null : readPassToken(await store.secret(), token);
      refusal =
        token === null ? 'missing' : !pass ? 'invalid' : pass.expiresAt <= now() ? 'expired' : !(await store.spendToken(pass.id, pass.expiresAt)) ? 'spent' : null;
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      request.log.warn({ store: error.store }, 'reg refused: the captcha store is unavailable');
      metrics.tokenRefused('unavailable');
      return reply.code(200).send(GATE_UNAVAILABLE);
    }
    if (refusal) {
      metrics.tokenRefused(refusal);
      return reply.code(200).send(NEEDS_CAPTCHA);
    }
    metrics.tokenSpent();
    delete reading.query[TOKEN_PARAM];
  };
}
