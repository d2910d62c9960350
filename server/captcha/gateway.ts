import type { FastifyReply, FastifyRequest } from 'fastify';
import { NO_METRICS, type Metrics, type TokenRefusal } from '../metrics/metrics';
import { apiCallOf } from '../routes/api/call-of';
import { StoreUnavailableError, type CaptchaStore } from './store';
import { readPassToken } from './token';

export const TOKEN_PARAM = 'captchaToken';
export const NEEDS_CAPTCHA = { status: 'n', info: '请先完成验证' } as const;
/** The store of spent tokens cannot answer: the token cannot be checked, so reg is refused (fail closed). */
export const GATE_UNAVAILABLE = { status: 'n', info: '验证服务暂时不可用，请稍后再试' } as const;

/**
 * Whether a request reaches the registration call, however its path is spelled: case, percent-encoding
 * (twice), backslashes, repeated slashes, dot segments and suffixes (`reg.html`) do not slip past.
 */
export function isRegistrationUrl(url: string): boolean {
  return apiCallOf(url) === 'reg';
}

/** The raw query without any captchaToken pair; every other byte stays as sent. */
export function withoutToken(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = url.slice(at + 1).split('&').filter((pair) => !isTokenPair(pair));
  return pairs.length > 0 ? `${url.slice(0, at)}?${pairs.join('&')}` : url.slice(0, at);
}

function isTokenPair(pair: string): boolean {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')) === TOKEN_PARAM;
  } catch {
    return false;
  }
}

function tokenOf(url: string): string | null {
  const at = url.indexOf('?');
  if (at < 0) return null;
  const values = new URLSearchParams(url.slice(at + 1)).getAll(TOKEN_PARAM);
  return values.length === 1 ? values[0]! : null; // two tokens: refused rather than guessed
}

/**
 * onRequest hook of strict mode: reg needs an unspent, unexpired, signed pass token; it is spent here and
 * removed from the query, so the reference API or the game backend behind the proxy sees the call documented in docs/behaviour.md.
 */
export function registrationGate(store: CaptchaStore, now: () => number, metrics: Metrics = NO_METRICS) {
  return async function gate(request: FastifyRequest, reply: FastifyReply) {
    if (!isRegistrationUrl(request.url)) return;
    const token = tokenOf(request.url);
    let refusal: TokenRefusal | null;
    try {
      const pass = token === null ? null : readPassToken(await store.secret(), token);
      refusal =
        token === null ? 'missing' : !pass ? 'invalid' : pass.expiresAt <= now() ? 'expired' : !(await store.spendToken(pass.id, pass.expiresAt)) ? 'spent' : null;
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      request.log.warn({ store: error.store }, 'reg refused: the captcha store is unavailable');
      return reply.code(200).send(GATE_UNAVAILABLE);
    }
    if (refusal) {
      metrics.tokenRefused(refusal);
      return reply.code(200).send(NEEDS_CAPTCHA);
    }
    metrics.tokenSpent();
    request.raw.url = withoutToken(request.raw.url ?? request.url);
    delete (request.query as Record<string, unknown>)[TOKEN_PARAM];
  };
}
