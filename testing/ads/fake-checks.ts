// What the fake platforms check of each request: the fields and types their documentation names
// (docs/ads.md lists the sources, and what could not be confirmed).
import { createHash, verify, type KeyObject } from 'node:crypto';
import type { AdPlatform } from '@game-register/site-settings/ad-clicks';

export const PLATFORM_OF_PATH: Readonly<Record<string, AdPlatform>> = {
  '/v3.0/user_actions/add': 'tencent',
  '/api/v2/conversion': 'oceanengine',
  '/ocpcapi/api/uploadConvertData': 'baidu',
  '/track/activate': 'kuaishou',
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const seconds = (value: unknown, now: number) => isInteger(value) && Math.abs(value - now / 1000) < 7 * 86_400;
const millis = (value: unknown, now: number) => isInteger(value) && Math.abs(value - now) < 7 * 86_400_000;
const text = (value: unknown, max = 1024): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

function tencent(method: string, query: Record<string, string>, body: unknown, now: number): string[] {
  const problems: string[] = [];
  if (method !== 'POST') problems.push(`method ${method}`);
  if (!text(query.access_token)) problems.push('access_token missing from the query');
  if (!/^\d{10}$/.test(query.timestamp ?? '') || Math.abs(Number(query.timestamp) - now / 1000) > 300)
    problems.push('timestamp not seconds within 300 s');
  if (!text(query.nonce, 32)) problems.push('nonce missing or over 32 characters');
  if (!isObject(body)) return [...problems, 'body not a JSON object'];
  if (!isInteger(body.account_id) || !isInteger(body.user_action_set_id))
    problems.push('account_id and user_action_set_id must be integers');
  const actions = body.actions;
  if (!Array.isArray(actions) || actions.length < 1 || actions.length > 50) return [...problems, 'actions must be 1 to 50'];
  for (const action of actions as unknown[]) {
    if (!isObject(action)) return [...problems, 'an action is not an object'];
    if (action.action_type !== 'REGISTER') problems.push(`action_type ${String(action.action_type)}`);
    if (!seconds(action.action_time, now)) problems.push('action_time not seconds');
    if (!isObject(action.trace) || !text(action.trace.click_id)) problems.push('trace.click_id missing');
    if (!text(action.outer_action_id, 64)) problems.push('outer_action_id missing');
    // "web 类必填": a Web action without its page is refused.
    if (!(text(action.url) && /^https?:\/\/[^?]+$/.test(action.url)))
      problems.push('url missing or not a page address (required for Web actions)');
  }
  return problems;
}

function oceanengine(method: string, _query: Record<string, string>, body: unknown, now: number): string[] {
  if (method !== 'POST') return [`method ${method}`];
  if (!isObject(body)) return ['body not a JSON object'];
  const problems: string[] = [];
  if (body.event_type !== 'active_register') problems.push(`event_type ${String(body.event_type)} (a string in v2)`);
  const ad = isObject(body.context) && isObject(body.context.ad) ? body.context.ad : null;
  if (!ad || !text(ad.callback)) problems.push('context.ad.callback missing');
  if (!millis(body.timestamp, now)) problems.push('timestamp not milliseconds');
  return problems;
}

function baidu(method: string, _query: Record<string, string>, body: unknown, now: number): string[] {
  if (method !== 'POST') return [`method ${method}`];
  if (!isObject(body)) return ['body not a JSON object'];
  const problems: string[] = [];
  if (!text(body.token)) problems.push('token missing from the body');
  const rows = body.conversionTypes;
  if (!Array.isArray(rows) || rows.length < 1 || rows.length >= 100) return [...problems, 'conversionTypes must be 1 to 99'];
  for (const row of rows as unknown[]) {
    if (!isObject(row)) return [...problems, 'a conversion is not an object'];
    if (!text(row.logidUrl, 1024) || !/^https?:\/\/.*[?&]bd_vid=[^&]+/.test(row.logidUrl))
      problems.push('logidUrl not a landing URL with bd_vid (at most 1024)');
    if (!isInteger(row.newType)) problems.push('newType not an integer');
    if (row.convertTime !== undefined && !seconds(row.convertTime, now)) problems.push('convertTime not seconds');
    // Required here, not by Baidu: it is the dedupe key the gateway sends (docs/ads.md), so its absence is a bug.
    if (!text(row.outerEventId, 255)) problems.push('outerEventId missing or over 255');
  }
  return problems;
}

function kuaishou(method: string, query: Record<string, string>, _body: unknown, now: number): string[] {
  const problems: string[] = [];
  if (method !== 'GET') problems.push(`method ${method}`);
  if (!text(query.callback)) problems.push('callback missing');
  if (query.event_type !== '2') problems.push(`event_type ${String(query.event_type)} (2 is 注册)`);
  if (!/^\d{13}$/.test(query.event_time ?? '') || !millis(Number(query.event_time), now))
    problems.push('event_time not 13-digit milliseconds');
  return problems;
}

const CHECKS = { tencent, oceanengine, baidu, kuaishou };

export function checkRequest(platform: AdPlatform, method: string, query: Record<string, string>, body: unknown, now: number): string[] {
  return CHECKS[platform](method, query, body, now);
}

/** The click a report is for, and its dedupe key where the platform has one. */
export function clickIdOf(platform: AdPlatform, query: Record<string, string>, body: unknown): { clickId: string; eventId: string | null } {
  const json = (isObject(body) ? body : {}) as Json;
  if (platform === 'tencent') {
    const action = (Array.isArray(json.actions) ? json.actions[0] : {}) as Json;
    return { clickId: String((action.trace as Json | undefined)?.click_id ?? ''), eventId: String(action.outer_action_id ?? '') || null };
  }
  if (platform === 'oceanengine')
    return { clickId: String(((json.context as Json | undefined)?.ad as Json | undefined)?.callback ?? ''), eventId: null };
  if (platform === 'baidu') {
    const row = (Array.isArray(json.conversionTypes) ? json.conversionTypes[0] : {}) as Json;
    const logidUrl = typeof row.logidUrl === 'string' ? row.logidUrl : '';
    return {
      clickId: URL.canParse(logidUrl) ? (new URL(logidUrl).searchParams.get('bd_vid') ?? '') : '',
      eventId: String(row.outerEventId ?? '') || null,
    };
  }
  return { clickId: query.callback ?? '', eventId: null };
}

/**
 * Ocean Engine's check of x-rs256-token (`credential=…&timestamp=…&signature=…`) with the public key registered
 * in 事件管理: RSA-SHA256 over "METHOD\npath/[?query]\ntimestamp\nbase64(sha256(body))", as its SDK signs.
 */
export function isSignedBy(publicKey: KeyObject, method: string, url: URL, body: string, token: string | null): boolean {
  if (token === null) return false;
  // Not URLSearchParams: the base64 signature's "+" must stay a "+".
  const fields = new Map(token.split('&').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const));
  const [credential, timestamp, signature] = ['credential', 'timestamp', 'signature'].map((name) => fields.get(name));
  if (!credential || !timestamp || !signature || !/^\d{10}$/.test(timestamp)) return false;
  const path = `${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}${url.search}`;
  const toSign = `${method.toUpperCase()}\n${path}\n${timestamp}\n${createHash('sha256').update(body).digest('base64')}`;
  return verify('sha256', Buffer.from(toSign), publicKey, Buffer.from(signature, 'base64'));
}
