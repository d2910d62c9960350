// A server that does nothing but refuse: Fastify answering every POST with reply.code(429).send(), and /readyz.
// `npm run bench:soak -- --refused --bare` runs the refusing path's soak against it (its own process, under tsx),
// to tell what V8's own heap sizing does to RSS under such a flood from what the server's code does
// (docs/decisions/refusals-without-gc-entries.md).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/readyz', (_request, reply) => reply.send({ ok: true }));
app.post('/*', (_request, reply) => reply.code(429).header('retry-after', '30').send({ error: 'rate limited' }));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => void app.close().then(() => process.exit(0)));
