// The pass-token gate as the host meets it (`fastify.captchaGate`): the flow's result (core/flows/pass-gate.ts)
// with the answer a refusal is sent with.
import type { PassFacts } from '../core/rules/pass-facts';
import type { TokenRefusal } from '../core/rules/events';
import type { passGate } from '../core/flows/pass-gate';
import { GATE_UNAVAILABLE, NEEDS_CAPTCHA, type Answer } from './answers';

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

export function captchaGate(spend: ReturnType<typeof passGate>): CaptchaGate {
  return {
    async spend(token) {
      const result = await spend(token);
      if (result.ok) return result;
      return { ...result, answer: result.refusal === 'unavailable' ? GATE_UNAVAILABLE : NEEDS_CAPTCHA };
    },
  };
}
