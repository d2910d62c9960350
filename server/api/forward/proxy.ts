import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { errorAnswer } from '@game-register/gateway/answers';
import { API_CALLS, BACKEND_CALLS, type BackendCall } from '../reading/calls';
import { forwardedRequest } from './forward';
import { readingOf } from '../reading/reading';
import { callBackend, type BackendRequest, type BackendResult } from './backend-call';
import { http1Client } from './http1-client';

/** undici's own timeouts only free the connection, after ours has answered: its timers tick every ~0.5 s. */
const UNDICI_BACKSTOP_MS = 1_000;

export interface ApiProxyOptions {
  target: URL;
  timeoutMs: number;
  /** Cookies the backend needs, by name (API_FORWARD_COOKIES); no other cookie is sent on. */
  forwardCookies: readonly string[];
}

/** Headers of one hop, and the length: the answer is passed on whole, with its own length. */
const NOT_PASSED_BACK = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
]);

/** The backend's answer headers, less those of its connection to this server (both clients give the names in lower case). */
function answerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const passed: IncomingHttpHeaders = {};
  for (const name in headers) if (!NOT_PASSED_BACK.has(name)) passed[name] = headers[name];
  return passed;
}

/**
 * How the calls travel: over plain HTTP, the lean client (http1-client.ts, a quarter of the CPU per call that
 * undici took); over TLS, undici's pool, loaded only then. Either is closed with the server.
 */
async function backendClient(
  fastify: FastifyInstance,
  target: URL,
  timeoutMs: number,
): Promise<(request: BackendRequest) => Promise<BackendResult>> {
  if (target.protocol === 'http:') {
    const client = http1Client(target);
    fastify.addHook('onClose', async () => client.close());
    return (request) => client.call(request, timeoutMs);
  }
  const { Pool } = await import('undici');
  const pool = new Pool(target.origin, {
    // Only a backstop that frees the connection: the deadline is Node's timer below (undici's tick coarsely).
    headersTimeout: timeoutMs + UNDICI_BACKSTOP_MS,
    bodyTimeout: timeoutMs + UNDICI_BACKSTOP_MS,
    connect: { timeout: timeoutMs + UNDICI_BACKSTOP_MS, rejectUnauthorized: true },
  });
  fastify.addHook('onClose', async () => {
    await pool.destroy();
  });
  return (request) => callBackend(pool, request, timeoutMs);
}

/**
 * The transport of the backend's three calls to API_TARGET: what is sent (path, query, body, headers) is said
 * by one module, server/api/forward/forward.ts, from the request's reading, never as sent; this one carries
 * it and brings the answer back. Down: 502 JSON; no answer within timeoutMs: 504 JSON. Nothing else under /api is
 * forwarded. The backend's answer is read whole and answered
 * whether or not the client is still there, so what the backend did is counted, logged and reported. The
 * deadline covers connecting, the headers and the body together, on Node's own timer (docs/decisions/operator-guarantees.md).
 */
export default async function apiProxy(fastify: FastifyInstance, { target, timeoutMs, forwardCookies }: ApiProxyOptions) {
  const send = await backendClient(fastify, target, timeoutMs);
  const to = { target, cookies: forwardCookies };
  const forward = (call: BackendCall) => async (request: FastifyRequest, reply: FastifyReply) => {
    const reading = readingOf(request)!; // the pipeline refuses a request without one
    const { method, path, headers, body } = forwardedRequest(call, reading, { headers: request.headers, protocol: request.protocol }, to);
    const answer = await send({ method, path, headers, body });
    if (!answer.ok) {
      const statusCode = answer.failure === 'timeout' ? 504 : 502;
      request.log.warn(
        { err: { code: answer.code, message: answer.message }, tooLarge: answer.failure === 'too-large' },
        'the backend did not answer',
      );
      reply.code(statusCode);
      return errorAnswer(statusCode);
    }
    reply.code(answer.statusCode).headers(answerHeaders(answer.headers));
    return answer.body;
  };
  for (const call of BACKEND_CALLS) fastify.post(API_CALLS[call].path.slice('/api'.length), forward(call));
}
