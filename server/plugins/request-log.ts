// The request log's root hook: the line of a request whose client left before its answer could be sent (the
// client's address, which every line carries, is decided on arrival: server/client-address.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The line of a request whose answer could not be sent: the same fields as every other, and `clientLeft`. */
function logClientLeft(request: FastifyRequest, reply: FastifyReply) {
  reply.log.info(
    { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10, clientLeft: true },
    'request completed',
  );
}

/**
 * A request whose client left before its answer went out still gets its one line, written when the answer is
 * known (Fastify writes the line when the answer has been sent, which never happens then).
 */
export default fp(
  async function requestLog(fastify: FastifyInstance) {
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
