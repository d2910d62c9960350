import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Pool } from 'undici';
import { API_CALLS, BACKEND_CALLS, type BackendCall } from '../../api-reading/calls';
import { forwardedRequest } from '../../api-reading/forward';
import { readingOf } from '../../api-reading/reading';
import { errorAnswer } from '@game-register/gateway/answers';
import { forwardedHeaders, answerHeaders } from './forwarded-headers';

/** The most of a backend answer passed on: the three calls answer a few dozen bytes. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** undici's own timeouts only free the connection, after ours has answered: its timers tick every ~0.5 s. */
const UNDICI_BACKSTOP_MS = 1_000;

export interface ApiProxyOptions {
  target: URL;
  timeoutMs: number;
  /** Cookies the backend needs, by name (API_FORWARD_COOKIES); no other cookie is sent on. */
  forwardCookies: readonly string[];
}

class AnswerTooLargeError extends Error {}

/** The backend's whole answer, up to MAX_ANSWER_BYTES (the funnel and the hooks after it read it). */
async function wholeAnswer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_ANSWER_BYTES) {
      stream.destroy();
      throw new AnswerTooLargeError();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The backend's three calls, forwarded to API_TARGET as the one reading understood them (never as sent): the
 * call's canonical path, the fields read rebuilt in the app's order, the body rebuilt in the type it came in,
 * and an allow-list of headers (server/routes/api/forwarded-headers.ts). Down: 502 JSON; no answer within
 * timeoutMs: 504 JSON. Nothing else under /api is forwarded. The backend's answer is read whole and answered
 * whether or not the client is still there, so what the backend did is counted, logged and reported. The
 * deadline covers connecting, the headers and the body together, on Node's own timer (docs/decisions.md).
 */
export default async function apiProxy(fastify: FastifyInstance, { target, timeoutMs, forwardCookies }: ApiProxyOptions) {
  const pool = new Pool(target.origin, {
    // Only a backstop that frees the connection: the deadline is Node's timer below (undici's tick coarsely).
    headersTimeout: timeoutMs + UNDICI_BACKSTOP_MS,
    bodyTimeout: timeoutMs + UNDICI_BACKSTOP_MS,
    connect: { timeout: timeoutMs + UNDICI_BACKSTOP_MS, rejectUnauthorized: true },
  });
  fastify.addHook('onClose', async () => {
    await pool.destroy();
  });
  const basePath = target.pathname.replace(/\/$/, '');
  const forward = (call: BackendCall) => async (request: FastifyRequest, reply: FastifyReply) => {
    const reading = readingOf(request)!; // /api's first hook refuses a request without one
    const { path, query, body } = forwardedRequest(call, reading);
    const sent: IncomingHttpHeaders = { ...request.headers, host: target.host, 'content-length': String(body === null ? 0 : Buffer.byteLength(body.text)) };
    if (body === null) delete sent['content-type'];
    else sent['content-type'] = body.contentType;
    // On Node's timers: undici's own (its backstop) tick coarsely, up to a second late.
    const deadline = AbortSignal.timeout(timeoutMs);
    let answer: Awaited<ReturnType<Pool['request']>>;
    try {
      answer = await pool.request({
        method: 'POST',
        path: `${basePath}${path}${query ? `?${query}` : ''}`,
        headers: forwardedHeaders(request, sent, forwardCookies) as Record<string, string>,
        body: body?.text ?? null,
        signal: deadline,
      });
    } catch (error) {
      const statusCode = deadline.aborted || (error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT' ? 504 : 502;
      request.log.warn({ err: { code: (error as { code?: string }).code, message: (error as Error).message } }, 'the backend did not answer');
      reply.code(statusCode);
      return errorAnswer(statusCode);
    }
    try {
      const whole = await wholeAnswer(answer.body);
      reply.code(answer.statusCode).headers(answerHeaders(answer.headers));
      return whole;
    } catch (error) {
      request.log.warn({ tooLarge: error instanceof AnswerTooLargeError }, 'the backend answer could not be read');
      const statusCode = deadline.aborted ? 504 : 502;
      reply.code(statusCode);
      return errorAnswer(statusCode);
    }
  };
  for (const call of BACKEND_CALLS) fastify.post(API_CALLS[call].path.slice('/api'.length), forward(call));
}
