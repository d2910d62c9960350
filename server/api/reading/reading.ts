import type { IncomingMessage } from 'node:http';
import { BACKEND_CALL_WIRE, receivedName, WIRE_HEADERS } from '@game-register/api-wire';
import type { TokenRefusal } from '@game-register/gateway';
import { API_CALLS, isBackendCall, type ApiCall, type Budget } from './calls';
import { readAdClicks, type AdClicks } from './ad-clicks';
import { readBody, type BodyType } from './read-body';
import type { ReadingRefusal } from './read-pairs';
import { isApiTarget, readTarget } from './read-target';
import { labelRoute } from '../../metrics/route-label';

/**
 * An /api request as the server understood it, read once; every part of the server acts on this alone. It
 * is never changed in place: the pipeline's steps (api/pipeline.ts) each make a new one from the last
 * (`withBody` here, `withListedCode`, `withoutPassToken`, `withGateRefusal`) and keep it on the request.
 */
export interface ApiReading {
  /** The call the path names (null: none, or a path that reads more than one way). */
  readonly call: ApiCall | null;
  /** The call's fields from the query, each once; the listed code and the gate make new readings of it. */
  readonly query: Readonly<Record<string, string>>;
  /** A check's body fields, or strict mode's parsed JSON; null without a body. */
  readonly body: unknown;
  readonly bodyType: BodyType | null;
  /** Set when the request cannot be read one way: answered with its status, never forwarded. */
  readonly refusal: ReadingRefusal | null;
  /** The `code` reg was sent with, before the channel rules made it a listed one; null when it had none. */
  readonly sentCode: string | null;
  /**
   * The channel the request names, for the funnel: a reg with fields by the `code` it was sent with (before it
   * was made a listed one), anything else by the app's X-Channel header; null when it names none.
   */
  readonly channel: string | null;
  /** reg's ad click (X-Ad-Clicks, X-Ad-Consent), reported to the platform when reg succeeds; never forwarded. */
  readonly adClicks: AdClicks | null;
  /** Why strict mode's gate refused reg's pass token (the answer is then the gate's); null when it did not. */
  readonly gateRefusal: TokenRefusal | null;
  /** The client's address, decided on arrival (server/client-address.ts); null only for a request refused for having none. */
  readonly client: string | null;
}

/** The header the app names its visit's channel in on every /api call (checks carry no `code`). */
export const CHANNEL_HEADER = receivedName(WIRE_HEADERS.channel);

const readings = new WeakMap<object, ApiReading>();

const headerText = (value: string | string[] | undefined) => (value === undefined ? null : Array.isArray(value) ? value.join(',') : value);

/**
 * The server's `rewriteUrl`: runs before routing, once per request. A request under /api (however spelled)
 * is read here, and routed by its reading: to its call's canonical path with the fields read, or, refused or
 * unknown, to a path only the API's catch-all answers. Nothing under /api is routed by the bytes it was sent as.
 */
export function readApiRequestLine(raw: IncomingMessage, client: string | null): string {
  const target = raw.url ?? '/';
  if (!isApiTarget(target)) return target;
  const { call, query, refusal } = readTarget(raw.method ?? 'GET', target);
  const sentCode = call === 'reg' && typeof query.code === 'string' ? query.code : null;
  const channel = call === 'reg' && Object.keys(query).length > 0 ? sentCode : headerText(raw.headers[CHANNEL_HEADER]);
  const adClicks = call === 'reg' ? readAdClicks(raw.headers) : null;
  readings.set(raw, { call, query, body: null, bodyType: null, refusal, sentCode, channel, adClicks, gateRefusal: null, client });
  // The request metrics name the backend's three calls by their path in both modes (a bounded label).
  if (isBackendCall(call)) labelRoute(raw, BACKEND_CALL_WIRE[call].path);
  if (call === null) return refusal?.status === 404 ? '/api/-unknown' : '/api/-refused';
  const search = new URLSearchParams(query).toString();
  return `${API_CALLS[call].path}${search ? `?${search}` : ''}`;
}

/** The reading of an /api request as its last step left it (undefined outside /api). */
export const readingOf = (request: { raw: object }): ApiReading | undefined => readings.get(request.raw);

/** Keeps a step's new reading on the request: the later steps and the records read this one. */
export const keepReading = (request: { raw: object }, reading: ApiReading): void => void readings.set(request.raw, reading);

/** Outside the server's own rewriteUrl (which reads every /api request line), nothing is read: refused. */
export const UNREAD: ApiReading = Object.freeze({
  call: null,
  query: Object.freeze({}),
  body: null,
  bodyType: null,
  refusal: Object.freeze({ status: 400, reason: 'unread' }),
  sentCode: null,
  channel: null,
  adClicks: null,
  gateRefusal: null,
  client: null,
});

/**
 * Pure: the reading completed with the body (its raw bytes, never parsed by anything else); refused when it
 * cannot be read one way, or when a check names a field in the query and the body with different values.
 */
export function withBody(reading: ApiReading, contentType: string | undefined, raw: Buffer | undefined): ApiReading {
  if (reading.refusal !== null || reading.call === null) return reading;
  const read = readBody(reading.call, contentType, raw);
  if ('refusal' in read) return { ...reading, refusal: read.refusal };
  const withIt: ApiReading = { ...reading, body: read.body, bodyType: read.type };
  if (read.type === null || API_CALLS[reading.call].body !== 'fields') return withIt;
  const fields = read.body as Record<string, string>;
  for (const [name, value] of Object.entries(fields)) {
    if (name in reading.query && reading.query[name] !== value)
      return { ...withIt, refusal: { status: 400, reason: 'a field given twice with different values' } };
  }
  return withIt;
}

/** The budget a request pays from: its call's; reg's, the strictest, when it was refused as unreadable. */
export function budgetOf({ call, refusal }: Pick<ApiReading, 'call' | 'refusal'>): Budget {
  if (refusal !== null && (refusal.status === 400 || refusal.status === 415)) return 'unproven';
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

/** Pure: the reading with one query field set (a new query, in the order the fields came). */
export function withQueryField(reading: ApiReading, name: string, value: string): ApiReading {
  return { ...reading, query: Object.assign(Object.create(null) as Record<string, string>, reading.query, { [name]: value }) };
}

/** Pure: the reading without one query field. */
export function withoutQueryField(reading: ApiReading, name: string): ApiReading {
  if (!(name in reading.query)) return reading;
  const query = Object.assign(Object.create(null) as Record<string, string>, reading.query);
  delete query[name];
  return { ...reading, query };
}
