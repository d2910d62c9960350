import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { errorAnswer } from '../../plugins/error-answers';

export interface ApiProxyOptions {
  target: URL;
  timeoutMs: number;
}

/**
 * /api/* to the game backend with method, path, query and body unchanged (the body is read, up to the
 * body limit, and sent on as the same bytes). Down: 502 JSON; no answer within timeoutMs: 504 JSON.
 */
export default async function apiProxy(fastify: FastifyInstance, { target, timeoutMs }: ApiProxyOptions) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const basePath = target.pathname.replace(/\/$/, '');

  const proxyOptions: FastifyHttpProxyOptions = {
    upstream: target.origin,
    proxyPayloads: false,
    disableRequestLogging: true, // its lines would carry the query, and with it the password
    undici: {
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connect: { timeout: timeoutMs, rejectUnauthorized: true }, // reply-from would otherwise skip TLS checks
    },
    replyOptions: {
      onError(reply, { error }) {
        const statusCode = (error as { statusCode?: number }).statusCode === 504 ? 504 : 502;
        reply.code(statusCode).send(errorAnswer(statusCode));
      },
      rewriteRequestHeaders: (request, { 'transfer-encoding': _chunked, ...headers }) => ({
        ...headers, // the body goes on whole, with its length: no chunked framing
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
      }),
    },
    handler(request, reply, _dest, options) {
      // The path alone: reply-from then takes the query verbatim from the raw request line.
      const source = basePath + request.url.split('?', 1)[0];
      const hasBody = Buffer.isBuffer(request.body) && request.method !== 'GET' && request.method !== 'HEAD';
      const body = hasBody ? (request.body as Buffer) : undefined;
      const contentType = request.headers['content-type'] ?? 'application/octet-stream';
      return reply.from(source, body ? { ...options, body, contentType } : options);
    },
  };
  await fastify.register(httpProxy, proxyOptions);
}
