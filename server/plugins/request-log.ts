// The request log's root hooks: the client's address read once as the request arrives, and the line of a
// request whose client left before its answer could be sent.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'node:net';
import { errorAnswer } from '@game-register/gateway/answers';

/** The address of each request, read as it arrives: a client that left has no address left to read. */
const addresses = new WeakMap<object, string>();

/**
 * The client's address (TRUST_PROXY applied) as read when the request arrived, the same for the rate limits,
 * the logs and X-Forwarded-For whatever the client did after sending it.
 */
export function clientAddressOf(request: FastifyRequest): string {
  return addresses.get(request.raw) ?? (request.ip as string | undefined) ?? 'unknown';
}

/** A request whose client left before its body was read whole (never forwarded). */
export function leftBeforeReadWhole(request: FastifyRequest): boolean {
  return !request.raw.complete && request.raw.destroyed;
}

/** The line of a request whose answer could not be sent: the same fields as every other, and `clientLeft`. */
function logClientLeft(request: FastifyRequest, reply: FastifyReply) {
  reply.log.info({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10, clientLeft: true }, 'request completed');
}

/**
 * Two root hooks of the request log. The first onRequest hook reads the client's address, from the connection's
 * peer as read when it was accepted; a request with none (its client reset before it was accepted) is refused.
 * And a request whose client left before its answer went out still gets its one line, written when the answer
 * is known (Fastify writes the line when the answer has been sent, which never happens then).
 */
export default fp(
  async function requestLog(fastify: FastifyInstance) {
    // Node reads a connection's peer lazily and keeps it once read: read here, as the connection is accepted, it
    // is kept for the requests it carries (TRUST_PROXY applies to it), even if the client resets right after
    // sending, before its bytes are parsed (the kernel then no longer names the peer).
    fastify.server.on('connection', (socket: Socket) => void socket.remoteAddress);
    fastify.addHook('onRequest', (request, reply, done) => {
      const address = request.ip as string | undefined;
      if (address === undefined) {
        // Reset before it was even accepted: no address to count, log or forward it under.
        request.log.info('request refused: its client left before its address could be read');
        void reply.code(400).header('connection', 'close').send(errorAnswer(400));
        return;
      }
      addresses.set(request.raw, address);
      done();
    });
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (reply.raw.destroyed) logClientLeft(request, reply);
      else {
        let finished = false; // Fastify writes the line on 'finish'; a 'close' without it is a client gone
        reply.raw.once('finish', () => (finished = true));
        reply.raw.once('close', () => finished || logClientLeft(request, reply));
      }
      done(null, payload);
    });
  },
  { name: 'request-log' },
);
