import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { API_CALLS, BACKEND_CALLS, type BackendCall } from '../../api-reading/calls';
import { forwardedRequest } from '../../api-reading/forward';
import { readingOf } from '../../api-reading/reading';
import { errorAnswer } from '../../plugins/error-answers';
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
 * and an allow-list of headers (server/routes/api/forwarded-headers.ts). Down: 502 JSON; no whole answer
 * within timeoutMs: 504 JSON, on a timer of our own (docs/decisions.md). Nothing else under /api is forwarded.
 */
export default async function apiProxy(fastify: FastifyInstance, { target, timeoutMs, forwardCookies }: ApiProxyOptions) {
  await fastify.register(replyFrom, {
    base: target.origin,
    disableRequestLogging: true, // its lines would carry the query, and with it the password
    undici: {
      headersTimeout: timeoutMs + UNDICI_BACKSTOP_MS,
      bodyTimeout: timeoutMs + UNDICI_BACKSTOP_MS,
      connect: { timeout: timeoutMs + UNDICI_BACKSTOP_MS, rejectUnauthorized: true }, // reply-from would otherwise skip TLS checks
    },
  });
  const basePath = target.pathname.replace(/\/$/, '');
  const forward = (call: BackendCall) => (request: FastifyRequest, reply: FastifyReply) => {
    const reading = readingOf(request)!; // /api's first hook refuses a request without one
    const { path, query, body } = forwardedRequest(call, reading);
    // One clock for connecting, the headers and the body together, exact to the event loop's tick.
    let answerStream: Readable | null = null;
    const deadline = setTimeout(() => {
      if (reply.sent) return;
      answerStream?.destroy();
      request.log.warn({ timeoutMs }, 'the backend did not answer in time');
      reply.code(504).send(errorAnswer(504));
    }, timeoutMs);
    reply.raw.once('close', () => clearTimeout(deadline));
    return reply.from(basePath + path, {
      queryString: () => query,
      body: body?.text ?? null,
      contentType: body?.contentType,
      rewriteRequestHeaders: (_request, headers: IncomingHttpHeaders) => forwardedHeaders(request, headers, forwardCookies),
      rewriteHeaders: answerHeaders,
      onResponse(_request, proxied, res) {
        const stream = (res as unknown as { stream: Readable }).stream;
        if (proxied.sent) return void stream.destroy(); // too late: 504 has been answered
        answerStream = stream;
        wholeAnswer(stream).then(
          (answer) => {
            clearTimeout(deadline);
            proxied.send(answer);
          },
          (error: unknown) => {
            if (proxied.sent) return;
            clearTimeout(deadline);
            request.log.warn({ tooLarge: error instanceof AnswerTooLargeError }, 'the backend answer could not be read');
            proxied.code(502).send(errorAnswer(502));
          },
        );
      },
      onError(proxied, { error }) {
        clearTimeout(deadline);
        if (proxied.sent) return;
        const statusCode = (error as { statusCode?: number }).statusCode === 504 ? 504 : 502;
        proxied.code(statusCode).send(errorAnswer(statusCode));
      },
    });
  };
  for (const call of BACKEND_CALLS) fastify.post(API_CALLS[call].path.slice('/api'.length), forward(call));
}
