import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { Transform, type Readable } from 'node:stream';
import { NO_METRICS, type Metrics } from '../../metrics/metrics';
import { errorAnswer } from '../../plugins/error-answers';
import { apiCallOf, type ApiCall } from './call-of';
import { CHANNEL_HEADER, channelOfRequest } from '../../channels/request-channel';
import type { ChannelSettingsGetter } from '../../channels/settings';
import { AD_CLICKS_HEADER, AD_CONSENT_HEADER } from '../../ads/clicks';

/** How much of a backend answer the funnel reads: the three calls answer a few dozen bytes. */
const FUNNEL_PEEK_BYTES = 4096;

/** reg's answer, whole, so the /api scope's onSend hook reads its verdict (the ad report) before it leaves; null: too long. */
async function boundedAnswer(source: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    length += (chunk as Buffer).length;
    if (length > limit) {
      source.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Passes the backend's answer on byte for byte, keeping its first bytes to count its verdict at the end. */
function countingAnswer(source: Readable, onEnd: (head: Buffer) => void): Readable {
  const head: Buffer[] = [];
  let kept = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (kept < FUNNEL_PEEK_BYTES) {
        head.push(chunk.subarray(0, FUNNEL_PEEK_BYTES - kept));
        kept += Math.min(chunk.length, FUNNEL_PEEK_BYTES - kept);
      }
      callback(null, chunk);
    },
    flush(callback) {
      onEnd(Buffer.concat(head));
      callback();
    },
  });
  source.on('error', (error) => tap.destroy(error));
  return source.pipe(tap);
}

export interface ApiProxyOptions {
  target: URL;
  timeoutMs: number;
  channels: ChannelSettingsGetter;
}

/**
 * /api/* to the game backend with method, path, query and body unchanged (the body is read, up to the
 * body limit, and sent on as the same bytes); reg's `code` has already been made a listed one (listed-code.ts).
 * Down: 502 JSON; no answer within timeoutMs: 504 JSON.
 */
export default async function apiProxy(fastify: FastifyInstance, { target, timeoutMs, channels }: ApiProxyOptions) {
  const metrics: Metrics | null = fastify.hasDecorator('metrics') && fastify.metrics !== NO_METRICS ? fastify.metrics : null;
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
      async onResponse(request, reply, res) {
        const call: ApiCall | null = apiCallOf(request.url);
        const stream = (res as unknown as { stream: Readable }).stream;
        if (call === 'reg') {
          const answer = await boundedAnswer(stream, FUNNEL_PEEK_BYTES).catch(() => null);
          return answer === null ? reply.code(502).send(errorAnswer(502)) : reply.send(answer); // the metrics' onSend counts it
        }
        if (call === null || metrics === null) return reply.send(stream);
        const channel = channelOfRequest(request, channels());
        return reply.send(countingAnswer(stream, (head) => metrics.funnelAnswer(call, reply.statusCode, head, channel)));
      },
      onError(reply, { error }) {
        const statusCode = (error as { statusCode?: number }).statusCode === 504 ? 504 : 502;
        reply.code(statusCode).send(errorAnswer(statusCode));
      },
      // The body goes on whole, with its length: no chunked framing. The app's channel and ad headers are this server's.
      rewriteRequestHeaders: (request, { 'transfer-encoding': _chunked, [CHANNEL_HEADER]: _channel, [AD_CLICKS_HEADER]: _clicks, [AD_CONSENT_HEADER]: _consent, ...headers }) => ({
        ...headers,
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
