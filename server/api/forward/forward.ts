// What the backend receives for each of its three calls, all of it: the path, the query, the body and the
// headers, rebuilt from the request's reading. The proxy (api/forward/proxy.ts) only carries it.
import type { IncomingHttpHeaders } from 'node:http';
import { buildQuery } from '@game-register/api-wire'; // as the app builds it
import { API_CALLS, type BackendCall } from '../reading/calls';
import type { ApiReading } from '../reading/reading';

/** Request headers the backend receives as the client sent them; every other header stays here. */
export const PASSED_ON_HEADERS = ['accept', 'accept-language', 'user-agent'] as const;

/** What is known of a request besides its reading: its headers as sent. */
export interface ForwardedFrom {
  headers: IncomingHttpHeaders;
  /** `http` or `https`, as the client reached this server (or the trusted proxy in front of it). */
  protocol: string;
}

/**
 * Where it goes: the backend's address (API_TARGET, its path in front of the call's), and the cookies it needs by name
 * (API_FORWARD_COOKIES).
 */
export interface ForwardedTo {
  target: URL;
  cookies: readonly string[];
}

export interface ForwardedRequest {
  method: 'POST';
  /** The target's path, the call's canonical path, and the query rebuilt (`?` and the query only when one was read). */
  path: string;
  headers: Record<string, string>;
  /** The body rebuilt from the fields read, in the type it came in; null when none was sent. */
  body: string | null;
}

/** The call's backend fields that were read, each once, in the order the app sends them. */
function forwardedPairs(call: BackendCall, fields: Readonly<Record<string, unknown>> | null): [string, string][] {
  if (fields === null) return [];
  return API_CALLS[call].query.flatMap((name) => (typeof fields[name] === 'string' ? [[name, fields[name]] as [string, string]] : []));
}

/** The body rebuilt from the call's fields read from it, in the type it came in; null when none was sent. */
function forwardedBody(call: BackendCall, reading: Pick<ApiReading, 'body' | 'bodyType'>): { text: string; contentType: string } | null {
  if (reading.bodyType === null) return null;
  const pairs = forwardedPairs(call, reading.body as Record<string, unknown>);
  return reading.bodyType === 'json'
    ? { text: JSON.stringify(Object.fromEntries(pairs)), contentType: 'application/json' }
    : { text: buildQuery(pairs), contentType: 'application/x-www-form-urlencoded' };
}

/** Only the named cookies, as `name=value` pairs, or null when none of them was sent. */
function namedCookies(header: string | undefined, names: readonly string[]): string | null {
  if (header === undefined || names.length === 0) return null;
  const kept = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => names.includes(pair.slice(0, pair.indexOf('='))));
  return kept.length > 0 ? kept.join('; ') : null;
}

/**
 * Pure: the request the backend receives, rebuilt from the reading alone, never the bytes that were sent.
 * What the app sends comes out byte for byte as it went in; anything else comes out as the server read it:
 * the call's canonical path, its backend fields in the app's order (never a gateway-only field such as the
 * pass token), the body in the type it came in. Headers: an allow-list passed on as sent, the backend's
 * host, the rebuilt body's length and type, the cookies a setting names (none by default), and the
 * forwarded-for pair this server sets. A header the backend could read as a field never gets through.
 */
export function forwardedRequest(
  call: BackendCall,
  reading: Pick<ApiReading, 'query' | 'body' | 'bodyType' | 'client'>,
  from: ForwardedFrom,
  to: ForwardedTo,
): ForwardedRequest {
  const query = buildQuery(forwardedPairs(call, reading.query));
  const body = forwardedBody(call, reading);
  const headers: Record<string, string> = {};
  for (const name of PASSED_ON_HEADERS) if (from.headers[name] !== undefined) headers[name] = from.headers[name] as string;
  headers.host = to.target.host;
  headers['content-length'] = String(body === null ? 0 : Buffer.byteLength(body.text));
  if (body !== null) headers['content-type'] = body.contentType;
  const cookie = namedCookies(from.headers.cookie, to.cookies);
  if (cookie !== null) headers.cookie = cookie;
  headers['x-forwarded-for'] = reading.client ?? 'unknown'; // a request without one is refused on arrival
  headers['x-forwarded-proto'] = from.protocol;
  const basePath = to.target.pathname.replace(/\/$/, '');
  return { method: 'POST', path: `${basePath}${API_CALLS[call].path}${query ? `?${query}` : ''}`, headers, body: body?.text ?? null };
}
