import { randomBytes } from 'node:crypto';
import { codeVerdict, type Adapter, type FailureReason } from './adapter';

/**
 * The codes Tencent asks to be tried again (developers.e.qq.com, v3.0 "errors" and the error-handling guide):
 * token expired (an app token lives 86,400 s) or invalid; system busy, maintenance, system exceptions
 * 30000-30099; the app's request limit and the rate limits per second, minute, day, too frequent.
 */
const RETRY_CODES = new Map<number, FailureReason>([
  [11000, 'token_expired'],
  [11002, 'auth'],
  [10000, 'platform_error'],
  [10001, 'platform_error'],
  ...Array.from({ length: 100 }, (_, index) => [30000 + index, 'platform_error'] as [number, FailureReason]),
  ...[11008, 11016, 11017, 11018, 11019].map((code) => [code, 'rate_limited'] as [number, FailureReason]),
]);

/**
 * Tencent Ads (广点通), click-id mode: POST /v3.0/user_actions/add with access_token, timestamp (s) and a
 * nonce in the query; one REGISTER action with trace.click_id and its page (`url`, required for Web actions:
 * conversionOf makes no event without one); outer_action_id is the dedupe key.
 */
export const tencent: Adapter = {
  build(event, { endpoints, tokens }, now) {
    if (tokens.tencent === null) return { kind: 'retry', reason: 'auth' };
    const query = new URLSearchParams({
      access_token: tokens.tencent,
      timestamp: String(Math.floor(now / 1000)),
      nonce: randomBytes(16).toString('hex'),
    });
    if (event.landingUrl === null)
      return { kind: 'give_up', reason: 'refused', detail: 'no url: Tencent refuses a Web action without its page' };
    const action = {
      action_time: Math.floor(event.registeredAt / 1000),
      action_type: 'REGISTER',
      url: event.landingUrl.split('?', 1)[0], // the page, not the click id again
      trace: { click_id: event.clickId },
      outer_action_id: event.id,
    };
    const body = { account_id: event.tencent?.accountId, user_action_set_id: event.tencent?.userActionSetId, actions: [action] };
    return { method: 'POST', url: `${endpoints.tencent}/v3.0/user_actions/add?${query}`, body: JSON.stringify(body) };
  },
  classify: (status, text) => codeVerdict(status, text, RETRY_CODES),
};
