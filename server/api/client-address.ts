// The client's address behind a trusted proxy (TRUST_PROXY): which X-Forwarded-For entries are believed, and
// how each is read, so that no spelling of the header makes a client of its own.
import { isIP } from 'node:net';
import type { FastifyRequest, FastifyServerOptions, onRequestHookHandler } from 'fastify';
import type { TrustProxy } from '../config';

/** TRUST_PROXY as Fastify's trustProxy. Fastify 5.12 ignores a number (it trusts nothing), so a hop count is a function. */
export function fastifyTrustProxy(trust: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/; // [v6] or [v6]:port
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;

/** One X-Forwarded-For entry as an address: `ip`, `ip:port` and `[ipv6]:port` read as the ip; null when it is none. */
export function forwardedAddress(entry: string): string | null {
  const address = BRACKETED.exec(entry)?.[1] ?? IPV4_WITH_PORT.exec(entry)?.[1] ?? entry;
  return isIP(address) === 0 ? null : address;
}

/**
 * X-Forwarded-For as it is believed: each entry read as an address, and none left of the first, from the right,
 * that is not one (`h-1`, `unknown`, an empty entry): the hop that wrote it cannot be followed further, so the
 * hop before it (nearer this server) is the client. Null when no entry is left: the connection's address counts.
 */
export function believedForwardedFor(header: string): string | null {
  const entries = header.split(',');
  const believed: string[] = [];
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const address = forwardedAddress(entries[i]!.trim());
    if (address === null) break;
    believed.unshift(address);
  }
  return believed.length === 0 ? null : believed.join(', ');
}

/** The first hook of every request behind a trusted proxy: the header rewritten as believed before anything reads request.ip. */
export const readForwardedFor: onRequestHookHandler = (request: FastifyRequest, _reply, done) => {
  const headers = request.raw.headers;
  const header = headers['x-forwarded-for'];
  if (header !== undefined) {
    const believed = believedForwardedFor(Array.isArray(header) ? header.join(',') : header); // Node joins repeats; a test may not
    if (believed === null) delete headers['x-forwarded-for'];
    else headers['x-forwarded-for'] = believed;
  }
  done();
};
