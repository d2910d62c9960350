import { PASS_TOKEN_PARAM } from '@game-register/puzzle-captcha/protocol';
import type { TokenRefusal } from '@game-register/gateway';
import { withoutQueryField, type ApiReading } from '../reading/reading';

// Strict mode's gate as steps of the /api pipeline (api/pipeline.ts): reg needs an unspent, unexpired,
// signed pass token, read once with the rest of reg's fields; the gateway's `captchaGate.spend` judges it
// (and spends it), and these say what the reading becomes. Only types of the gateway: its code (and the
// native canvas) loads only in strict mode.

/** The pass token reg was sent with, as read; null when none was (the gate refuses that too). */
export const passTokenOf = (reading: ApiReading): string | null => reading.query[PASS_TOKEN_PARAM] ?? null;

/**
 * Pure: the reading without the gate's own field, once the token is spent, so the reference API or the
 * backend behind the proxy gets the call documented in docs/behaviour.md.
 */
export const withoutPassToken = (reading: ApiReading): ApiReading => withoutQueryField(reading, PASS_TOKEN_PARAM);

/** Pure: the reading with why the gate refused it, which the funnel counts (never the answer's text). */
export const withGateRefusal = (reading: ApiReading, refusal: TokenRefusal): ApiReading => ({ ...reading, gateRefusal: refusal });
