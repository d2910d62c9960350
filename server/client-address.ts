// The client's address, decided once, as the request arrives (before routing), and carried with it: the rate
// limits, the log line, strict mode and X-Forwarded-For all take this one. Behind a trusted proxy
// (TRUST_PROXY), which X-Forwarded-For entries are believed and how each is read, so that no spelling of the
// header makes a client of its own. The raw header is left as it was sent.
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { errorAnswer } from '@game-register/gateway/answers';
import type { TrustProxy } from './config/config';

/**
 * TRUST_PROXY as Fastify's trustProxy (its `request.protocol`). Fastify 5.12 ignores a number (it trusts nothing), so a
 * hop count is a function.
 */
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

/** Whether the hop `hop` away (0: the connection's peer) at `address` is a proxy whose X-Forwarded-For entry is believed. */
export type TrustsHop = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a judge of hops, or null when no proxy is trusted. */
export function trustsHop(trust: TrustProxy): TrustsHop | null {
  if (trust === false) return null;
  return typeof trust === 'number' ? (_address, hop) => hop < trust : proxyAddr.compile(trust);
}

/**
 * Pure: the client's address from the connection's peer (read when it was accepted) and X-Forwarded-For as
 * believed: from the peer outwards, the first hop not trusted, or the farthest believed entry. Null without a
 * peer (its client reset before the connection was accepted).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusts: TrustsHop | null,
): string | null {
  if (peer === undefined) return null;
  if (trusts === null || forwardedFor === undefined) return peer;
  // Node joins repeats; a test may not
  const believed = believedForwardedFor(Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor);
  const hops = [peer, ...(believed === null ? [] : believed.split(', ').reverse())];
  for (let hop = 0; hop < hops.length - 1; hop += 1) if (!trusts(hops[hop]!, hop)) return hops[hop]!;
  return hops[hops.length - 1]!;
}

const decided = new WeakMap<object, string | null>();

/**
 * The server's one decision of a request's client, taken as it arrives (the server's rewriteUrl, before
 * routing) and kept with it: the first call decides, every later one reads the same.
 */
export function clientAddressOnArrival(trust: TrustProxy): (raw: IncomingMessage) => string | null {
  const trusts = trustsHop(trust);
  return (raw) => {
    if (decided.has(raw)) return decided.get(raw)!;
    const address = clientAddress(raw.socket?.remoteAddress, raw.headers['x-forwarded-for'], trusts);
    decided.set(raw, address);
    return address;
  };
}

/** The client's address as decided on arrival ('unknown' only for a request refused for having none). */
export const clientAddressOf = (request: { raw: object }): string => decided.get(request.raw) ?? 'unknown';

/**
 * The root's first onRequest hook: a request whose client has no address (it reset before its connection was
 * accepted) is refused with 400 and its connection closed: no address to count, log or forward it under. The
 * peer itself is read as each connection is accepted: Node reads it lazily and keeps it once read, and after a
 * reset the kernel no longer names it, so a client that resets right after sending still has its address.
 */
export const refuseWithoutAddress = fp(
  async function clientAddresses(fastify: FastifyInstance) {
    fastify.server.on('connection', (socket: { remoteAddress?: string }) => void socket.remoteAddress);
    fastify.addHook('onRequest', (request, reply, done) => {
      if (decided.get(request.raw) != null) return done();
      request.log.info('request refused: its client left before its address could be read');
      void reply.code(400).header('connection', 'close').send(errorAnswer(400));
    });
  },
  { name: 'client-addresses' },
);
