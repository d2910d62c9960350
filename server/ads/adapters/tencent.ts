import { randomBytes } from 'node:crypto';
import { codeVerdict, type Adapter, type FailureReason } from './adapter';

/** Token expired or invalid; rate limits per second, minute, day, too frequent (developers.e.qq.com/v3.0/docs/errors). */
const RETRY_CODES = new Map<number, FailureReason>([
  [11000, 'auth'],
  [11002, 'auth'],
  ...[11016, 11017, 11018, 11019].map((code) => [code, 'rate_limited'] as [number, FailureReason]),
]);

/**
 * Tencent Ads (广点通), click-id mode: POST /v3.0/user_actions/add with access_token, timestamp (s) and a
 * nonce in the query; one REGISTER action with trace.click_id; outer_action_id is the dedupe key.
 */
export const tencent: Adapter = {
  build(event, { endpoints, tokens }, now) {
    if (tokens.tencent === null) return { kind: 'retry', reason: 'auth' };
    const query = new URLSearchParams({ access_token: tokens.tencent, timestamp: String(Math.floor(now / 1000)), nonce: randomBytes(16).toString('hex') });
    const action: Record<string, unknown> = {
      action_time: Math.floor(event.registeredAt / 1000),
      action_type: 'REGISTER',
      trace: { click_id: event.clickId },
      outer_action_id: event.id,
    };
    if (event.landingUrl !== null) action.url = event.landingUrl.split('?', 1)[0]; // the page, not the click id again
    const body = { account_id: event.tencent?.accountId, user_action_set_id: event.tencent?.userActionSetId, actions: [action] };
    return { method: 'POST', url: `${endpoints.tencent}/v3.0/user_actions/add?${query}`, body: JSON.stringify(body) };
  },
  classify: (status, text) => codeVerdict(status, text, RETRY_CODES),
};
