// The floors of bench:proxy: what forwarding checkuser costs in Node with none of the gateway's rules, so the
// bench can say where the gateway's time goes (docs/decisions/api-wing-client-address-and-api-wire.md). `node:http` takes the request,
// reads its body and forwards it on the proxy's own client (server/api/forward/http1-client.ts, X-Forwarded-For set);
// `fastify` does the same behind a bare Fastify route (no hooks, no logger). Run as its own process:
// `node --import tsx bench/server/proxy-floor.ts <node:http|fastify> <port> <upstream origin>`.
import { createServer } from 'node:http';
import Fastify from 'fastify';
import { http1Client } from '../../server/api/forward/http1-client';

export const FLOORS = ['node:http', 'fastify'] as const;
export type Floor = (typeof FLOORS)[number];

type Answer = { status: number; type: string; body: Buffer };

/** One forwarded call on the proxy's own client: the path and body as they came, the client's address, the answer read whole. */
function forwarder(upstream: string) {
  const client = http1Client(new URL(upstream));
  const host = new URL(upstream).host;
  return async (path: string, body: Buffer, address: string): Promise<Answer> => {
    const text = body.toString();
    const answer = await client.call(
      {
        method: 'POST',
        path,
        body: text,
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(text)),
          'x-forwarded-for': address,
        },
      },
      5_000,
    );
    return answer.ok
      ? { status: answer.statusCode, type: String(answer.headers['content-type'] ?? 'application/json'), body: answer.body }
      : { status: 502, type: 'application/json', body: Buffer.from('{}') };
  };
}

async function main([floor, port, upstream]: string[]) {
  const forward = forwarder(upstream!);
  if (floor === 'fastify') {
    const app = Fastify({ logger: false });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post('/api/Index/checkuser', async (request, reply) => {
      const answer = await forward(request.url, request.body as Buffer, request.ip);
      return reply.code(answer.status).header('content-type', answer.type).send(answer.body);
    });
    await app.listen({ port: Number(port), host: '127.0.0.1' });
    return;
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void forward(request.url ?? '/', Buffer.concat(chunks), request.socket.remoteAddress ?? 'unknown').then((answer) => {
        response.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length }).end(answer.body);
      });
    });
  });
  server.keepAliveTimeout = 72_000;
  server.listen(Number(port), '127.0.0.1');
}

if (process.argv[1]?.endsWith('proxy-floor.ts')) await main(process.argv.slice(2));
