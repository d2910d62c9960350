// Gate a pass: the host's protected route spends the token its request carried. One result: spent (with what
// the pass knew at the gateway), or refused and why; the host's side (http/gate.ts) turns a refusal into its answer.
import type { GatewayEvents, TokenRefusal } from '../rules/events';
import { StoreUnavailableError, type CaptchaStore } from '../ports';
import { readPassToken } from '../token';
import { readPassFacts, type PassFacts } from '../rules/pass-facts';

/** ok: the token was spent, with what its pass knew at the gateway (null: none kept); otherwise why it was refused. */
export type GateResult = { ok: true; pass: PassFacts | null } | { ok: false; refusal: TokenRefusal };

/**
 * The gate: a route needs an unspent, unexpired, signed pass token, spent here at once, so a second use
 * is refused whichever instance sees it. A store that cannot answer refuses (fail closed).
 */
export function passGate(store: CaptchaStore, now: () => number, events: GatewayEvents) {
  const tokenRefused = (refusal: TokenRefusal): GateResult => {
    events.tokenRefused(refusal);
    return { ok: false, refusal };
  };
  const spendSigned = async (token: string): Promise<GateResult> => {
    const pass = readPassToken(await store.secret(), token);
    if (pass === null) return tokenRefused('invalid');
    if (pass.expiresAt <= now()) return tokenRefused('expired');
    // The spend and the facts' take at once (one round trip's wait): a second spend finds them taken anyway.
    const [spent, kept] = await Promise.all([
      store.spendToken(pass.id, pass.expiresAt, true),
      store.takePassFacts(pass.id).catch(() => null),
    ]);
    if (!spent) return tokenRefused('spent');
    events.tokenSpent();
    return { ok: true, pass: readPassFacts(kept) };
  };
  /** Spends the token the host read from the request (null: none was sent). */
  return async (token: string | null): Promise<GateResult> => {
    if (token === null) return tokenRefused('missing');
    try {
      return await spendSigned(token);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      return tokenRefused('unavailable');
    }
  };
}
