import { API_CALLS, type BackendCall } from './calls';
import type { ApiReading } from './reading';

/** `a=1&b=2` as the app builds it (src/lib/http-client.ts): every name and value URL-encoded, in order. */
const buildQuery = (pairs: ReadonlyArray<readonly [string, string]>) =>
  pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');

/** The call's backend fields that were read, each once, in the order the app sends them. */
function forwardedPairs(call: BackendCall, fields: Record<string, unknown> | null): [string, string][] {
  if (fields === null) return [];
  return API_CALLS[call].query.flatMap((name) => (typeof fields[name] === 'string' ? [[name, fields[name]] as [string, string]] : []));
}

export interface ForwardedRequest {
  /** The call's canonical path (the backend's base path goes in front). */
  path: string;
  /** The query without its `?`, empty when nothing was read. */
  query: string;
  /** The body, rebuilt from the fields read, in the type it came in; null when none was sent. */
  body: { text: string; contentType: string } | null;
}

/**
 * The request the backend receives: rebuilt from the reading alone, never the bytes that were sent. What the
 * app sends comes out byte for byte as it went in; anything else comes out as the gateway read it.
 */
export function forwardedRequest(call: BackendCall, reading: Pick<ApiReading, 'query' | 'body' | 'bodyType'>): ForwardedRequest {
  const query = buildQuery(forwardedPairs(call, reading.query));
  const bodyPairs = forwardedPairs(call, reading.bodyType === null ? null : (reading.body as Record<string, unknown>));
  const body =
    reading.bodyType === 'json'
      ? { text: JSON.stringify(Object.fromEntries(bodyPairs)), contentType: 'application/json' }
      : reading.bodyType === 'form'
        ? { text: buildQuery(bodyPairs), contentType: 'application/x-www-form-urlencoded' }
        : null;
  return { path: API_CALLS[call].path, query, body };
}
