// Requests the server never routes: upgrades (501) and requests with more headers than it keeps (431).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorAnswer } from '@game-register/gateway/answers';

/**
 * The headers of a request the server keeps (Node's documented maxHeadersCount, set here: left unset, Node's
 * parser keeps 1,000). Node keeps at least twice as many raw header lines before it drops the rest.
 */
const MAX_HEADERS = 2000;

/** A whole JSON answer on a connection Fastify does not own, which is then closed. */
function answerAndClose(socket: Duplex, status: number) {
  const body = JSON.stringify(errorAnswer(status));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.once('finish', () => socket.destroy());
}

/**
 * Requests the server cannot read as they were meant, answered and never routed. An upgrade (`Upgrade:
 * websocket`, `h2c`) is answered 501 and its connection closed: this server speaks no other protocol, and Node
 * stops parsing a connection after an upgrade request, so a request pipelined after it would wait for nothing.
 * A request with more headers than Node keeps is answered 431 and its connection closed: the dropped ones
 * (a Content-Length, a Transfer-Encoding among them) would still frame a body the server never saw. Node's parser
 * goes on reading what came on that connection before it closes (a chunked body, then a request after it in
 * the same packet): nothing more it carries is routed, let alone forwarded.
 */
export default fp(
  async function unreadRequests(fastify: FastifyInstance) {
    fastify.server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
      // no URL: it may carry a password
      fastify.log.info({ method: request.method, upgrade: request.headers.upgrade }, 'upgrade request refused');
      answerAndClose(socket, 501);
    });
    fastify.server.maxHeadersCount = MAX_HEADERS;
    /** Connections refused with 431: closing once the answer is out. */
    const refused = new WeakSet<object>();
    fastify.addHook('onRequest', (request, reply, done) => {
      const socket = request.raw.socket;
      if (refused.has(socket)) {
        request.log.info('request refused: it came on a connection refused with 431');
        reply.hijack(); // nothing routed, nothing answered: the connection closes after the 431
        return;
      }
      if (request.raw.rawHeaders.length >= 2 * MAX_HEADERS) {
        refused.add(socket);
        request.log.info({ headers: request.raw.rawHeaders.length / 2 }, 'request refused: more headers than the server keeps');
        void reply.code(431).header('connection', 'close').send(errorAnswer(431));
        return;
      }
      done();
    });
  },
  { name: 'unread-requests' },
);
