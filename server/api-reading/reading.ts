import type { IncomingMessage } from 'node:http';
import { API_CALLS, isBackendCall, type ApiCall, type Budget } from './calls';
import { readBody, type BodyType } from './read-body';
import type { Refusal } from './read-pairs';
import { isApiTarget, readTarget } from './read-target';
import { readAdClicks, type AdClicks } from '../ads/clicks';

/** An /api request as the server understood it, read once; every part of the server acts on this alone. */
export interface ApiReading {
  /** The call the path names (null: none, or a path that reads more than one way). */
  call: ApiCall | null;
  /** The call's fields from the query, each once (also `request.query`); the gate and the channel rules edit it. */
  query: Record<string, string>;
  /** A check's body fields, or strict mode's parsed JSON (also `request.body`); null without a body. */
  body: unknown;
  bodyType: BodyType | null;
  /** Set when the request cannot be read one way: answered with its status, never forwarded. */
  refusal: Refusal | null;
  /** The `code` reg was sent with, before the channel rules made it a listed one; null when it had none. */
  sentCode: string | null;
  /** The app's `X-Channel` header, which names the visit's channel on calls without a `code`. */
  channelHeader: string | null;
  /** reg's ad click (X-Ad-Clicks, X-Ad-Consent), reported to the platform when reg succeeds; never forwarded. */
  adClicks: AdClicks | null;
}

const readings = new WeakMap<object, ApiReading>();

const headerText = (value: string | string[] | undefined) => (value === undefined ? null : Array.isArray(value) ? value.join(',') : value);

/**
 * The server's `rewriteUrl`: runs before routing, once per request. A request under /api (however spelled)
 * is read here, and routed by its reading: to its call's canonical path with the fields read, or, refused or
 * unknown, to a path only the API's catch-all answers. Nothing under /api is routed by the bytes it was sent as.
 */
export function readApiRequestLine(raw: IncomingMessage): string {
  const target = raw.url ?? '/';
  if (!isApiTarget(target)) return target;
  const { call, query, refusal } = readTarget(raw.method ?? 'GET', target);
  const sentCode = call === 'reg' && typeof query.code === 'string' ? query.code : null;
  const adClicks = call === 'reg' ? readAdClicks(raw.headers) : null;
  readings.set(raw, { call, query, body: null, bodyType: null, refusal, sentCode, channelHeader: headerText(raw.headers['x-channel']), adClicks });
  if (call === null) return refusal?.status === 404 ? '/api/-unknown' : '/api/-refused';
  const search = new URLSearchParams(query).toString();
  return `${API_CALLS[call].path}${search ? `?${search}` : ''}`;
}

/** The reading of an /api request (undefined outside /api). */
export const readingOf = (request: { raw: object }): ApiReading | undefined => readings.get(request.raw);

/**
 * Completes the reading with the body (its raw bytes, never parsed by anything else): refused when it cannot
 * be read one way, or when a check names a field in the query and the body with different values.
 */
export function readRequestBody(reading: ApiReading, contentType: string | undefined, raw: Buffer | undefined): void {
  if (reading.refusal !== null || reading.call === null) return;
  const read = readBody(reading.call, contentType, raw);
  if ('refusal' in read) {
    reading.refusal = read.refusal;
    return;
  }
  reading.body = read.body;
  reading.bodyType = read.type;
  if (read.type === null || API_CALLS[reading.call].body !== 'fields') return;
  const fields = read.body as Record<string, string>;
  for (const [name, value] of Object.entries(fields)) {
    if (name in reading.query && reading.query[name] !== value) reading.refusal = { status: 400, reason: 'a field given twice with different values' };
  }
}

/** The budget a request pays from: its call's; reg's, the strictest, when it was refused as unreadable. */
export function budgetOf({ call, refusal }: Pick<ApiReading, 'call' | 'refusal'>): Budget {
  if (refusal !== null && (refusal.status === 400 || refusal.status === 415)) return 'reg';
  if (call === 'reg') return 'reg';
  if (call === 'captcha-accessible') return 'accessible';
  if (call === 'funnel') return 'funnel';
  return 'checks';
}

/** The backend call a request is, for the funnel and the request metrics (null for anything else). */
export const backendCallOf = (request: { raw: object }) => {
  const call = readingOf(request)?.call ?? null;
  return isBackendCall(call) ? call : null;
};
