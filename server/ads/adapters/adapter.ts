import type { AdsConfig } from '../../config/ads-config';
import type { TencentAccount } from '@game-register/site-settings';
import type { AdPlatform } from '@game-register/site-settings/ad-clicks';

/**
 * One registration to report (made by ../event.ts): what the platform needs and nothing else (no name, phone, password,
 * address or user agent). Written to the outbox before the visitor gets the answer.
 */
export interface ConversionEvent {
  /** Stable for a platform's click: the outbox key, and Tencent's outer_action_id, Baidu's outerEventId. */
  id: string;
  platform: AdPlatform;
  /** The channel label (a listed code or `other`): metrics and the Tencent account. */
  channel: string;
  clickId: string;
  /** Origin, path and the click parameter of the landing page; null when the app sent none usable. */
  landingUrl: string | null;
  /** When the backend answered `y`, in ms. */
  registeredAt: number;
  /** Tencent: the account and action set, as the settings named them at registration. */
  tencent?: TencentAccount;
  /** Baidu: the newType of 注册. */
  baiduType?: number;
}

/** One HTTP request to a platform. */
export interface PlatformRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  /** Beyond content-type: Ocean Engine's signature and debug mode. */
  headers?: Record<string, string>;
}

/** What one attempt came to: reported; worth another try later (auth: a token problem, counted for the alert); never. */
export type Verdict =
  { kind: 'done' } | { kind: 'retry'; reason: FailureReason; detail?: string } | { kind: 'give_up'; reason: GiveUpReason; detail: string };

/** Bounded label values for the metrics. */
export type FailureReason =
  'network' | 'timeout' | 'http_5xx' | 'rate_limited' | 'auth' | 'token_expired' | 'bad_answer' | 'platform_error';
export type GiveUpReason = 'refused' | 'expired' | 'unanswered_twice';

export interface Adapter {
  /** The request, or a verdict without one (no token: retried as an auth failure until one is set). */
  build(event: ConversionEvent, config: Pick<AdsConfig, 'endpoints' | 'tokens' | 'oceanengine'>, now: number): PlatformRequest | Verdict;
  /** The platform's answer, read as the platform documents it. */
  classify(status: number, body: string): Verdict;
}

/** What every platform shares: 5xx and 429 are worth a retry, 401/403 are auth, other 4xx are final; JSON or nothing. */
export function httpVerdict(status: number): Verdict | null {
  if (status === 401 || status === 403) return { kind: 'retry', reason: 'auth' };
  if (status === 429) return { kind: 'retry', reason: 'rate_limited' };
  if (status >= 500) return { kind: 'retry', reason: 'http_5xx' };
  if (status >= 400) return { kind: 'give_up', reason: 'refused', detail: `HTTP ${status}` };
  return null;
}

export function jsonOf(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A platform's own words, cut short for the dead-letter reason (never the request, which holds the token). */
export const detailOf = (value: unknown) => String(value ?? '').slice(0, 200);

/** Tencent's and Ocean Engine's answers, `{code, message}` with 0 for success; `retryCodes` names the codes worth another try. */
export function codeVerdict(status: number, body: string, retryCodes: ReadonlyMap<number, FailureReason> = new Map()): Verdict {
  const http = httpVerdict(status);
  if (http) return http;
  const answer = jsonOf(body);
  if (answer === null || typeof answer.code !== 'number') return { kind: 'retry', reason: 'bad_answer' };
  if (answer.code === 0) return { kind: 'done' };
  const detail = detailOf(`${answer.code} ${detailOf(answer.message)}`);
  const retry = retryCodes.get(answer.code);
  if (retry) return { kind: 'retry', reason: retry, detail };
  return { kind: 'give_up', reason: 'refused', detail };
}
