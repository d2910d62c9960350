import { GATE_UNAVAILABLE, NEEDS_CAPTCHA, type Answer } from '../http/answers';
import type { GatewayEvents, TokenRefusal } from './events';
import { StoreUnavailableError, type CaptchaStore } from '../stores/captcha-store';
import { readPassToken } from './token';

export type GateVerdict = { ok: true } | { ok: false; refusal: TokenRefusal; answer: Answer };

/** The pass-token gate the host puts in front of the route it protects (`fastify.captchaGate`). */
export interface CaptchaGate {
  /**
   * Spends the token the host read from the request (null: none was sent): ok once for an unspent, unexpired
   * token signed here; otherwise the refusal and the answer to send instead of the route's. It reads nothing
   * from the request itself: the host reads the token where its API puts it, and drops it before passing on.
   */
  spend(token: string | null): Promise<GateVerdict>;
}

/**
 * The gate: a route needs an unspent, unexpired, signed pass token, spent here at once, so a second use
 * is refused whichever instance sees it. A store that cannot answer refuses (fail closed).
 */
export function createGate(store: CaptchaStore, now: () => number, events: GatewayEvents): CaptchaGate {
  return {
    async spend(token) {
      let refusal: TokenRefusal | null;
      try {
        const pass = token === null ? null : readPassToken(await store.secret(), token);
        refusal =
          token === null ? 'missing' : !pass ? 'invalid' : pass.expiresAt <= now() ? 'expired' : !(await store.spendToken(pass.id, pass.expiresAt, true)) ? 'spent' : null;
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) throw error;
        events.tokenRefused('unavailable');
        return { ok: false, refusal: 'unavailable', answer: GATE_UNAVAILABLE };
      }
      if (refusal) {
        events.tokenRefused(refusal);
        return { ok: false, refusal, answer: NEEDS_CAPTCHA };
      }
      events.tokenSpent();
      return { ok: true };
    },
  };
}
