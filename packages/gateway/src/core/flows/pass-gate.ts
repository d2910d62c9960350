import { GATE_UNAVAILABLE, NEEDS_CAPTCHA, type Answer } from '../../http/answers';
import type { GatewayEvents, TokenRefusal } from '../rules/events';
import { StoreUnavailableError, type CaptchaStore } from '../ports';
import { readPassToken } from '../token';
import { readPassFacts, type PassFacts } from '../rules/pass-facts';

/** ok: the token was spent, with what its pass knew at the gateway (null: none kept); otherwise the refusal and its answer. */
export type GateVerdict = { ok: true; pass: PassFacts | null } | { ok: false; refusal: TokenRefusal; answer: Answer };

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
      let facts: string | null = null;
      try {
        const pass = token === null ? null : readPassToken(await store.secret(), token);
        refusal = token === null ? 'missing' : !pass ? 'invalid' : pass.expiresAt <= now() ? 'expired' : null;
        if (pass && refusal === null) {
          // The spend and the facts' take at once (one round trip's wait): a second spend finds them taken anyway.
          const [spent, kept] = await Promise.all([
            store.spendToken(pass.id, pass.expiresAt, true),
            store.takePassFacts(pass.id).catch(() => null),
          ]);
          refusal = spent ? null : 'spent';
          facts = kept;
        }
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
      return { ok: true, pass: readPassFacts(facts) };
    },
  };
}
