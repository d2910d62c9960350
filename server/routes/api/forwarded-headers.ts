import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { clientAddressOf } from '../../plugins/request-log';

/** Request headers the backend receives as the client sent them; every other header stays here. */
const PASSED_ON = ['accept', 'accept-language', 'user-agent'] as const;
/** Set by the proxy for the rebuilt request (host: the backend's; length and type: the rebuilt body's). */
const SET_BY_PROXY = ['host', 'content-length', 'content-type'] as const;

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
 * The headers of the rebuilt request: an allow-list, the forwarded-for pair this server sets, and the
 * cookies a setting names (none by default). A header the backend could read as a field never gets through.
 */
export function forwardedHeaders(request: FastifyRequest, headers: IncomingHttpHeaders, cookieNames: readonly string[]): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const name of [...PASSED_ON, ...SET_BY_PROXY]) if (headers[name] !== undefined) out[name] = headers[name] as string;
  const cookie = namedCookies(request.headers.cookie, cookieNames);
  if (cookie !== null) out.cookie = cookie;
  out['x-forwarded-for'] = clientAddressOf(request);
  out['x-forwarded-proto'] = request.protocol;
  return out;
}

/** Headers of one hop, and the length: the answer is passed on whole, with its own length. */
const NOT_PASSED_BACK = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'proxy-connection', 'upgrade', 'te', 'trailer']);

/** The backend's answer headers, less those of its connection to this server. */
export function answerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_PASSED_BACK.has(name.toLowerCase())));
}
