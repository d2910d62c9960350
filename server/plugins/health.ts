import fp from 'fastify-plugin';

type Check = () => unknown;

export interface Readiness {
  /** A store the app needs: readiness fails while `check` throws or rejects. */
  add(name: string, check: Check): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * For balancers: GET /healthz (the process answers) and GET /readyz (the app is loaded, not closing, and
 * every store it needs answers; 503 naming what does not). Outside /api, so never rate limited, and
 * silent in the request log.
 */
export default fp(
  async function health(fastify) {
    const checks = new Map<string, Check>();
    let closing = false;
    fastify.decorate('readiness', { add: (name: string, check: Check) => void checks.set(name, check) });
    fastify.addHook('preClose', (done) => {
      closing = true;
      done();
    });

    fastify.get('/healthz', { logLevel: 'silent' }, async (_request, reply) => {
      reply.headers(NO_STORE);
      return { status: 'ok' };
    });

    fastify.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
      reply.headers(NO_STORE);
      const results = await Promise.all(
        [...checks].map(async ([name, check]) => {
          try {
            await check();
            return [name, 'ok'] as const;
          } catch {
            return [name, 'unreachable'] as const;
          }
        }),
      );
      const failed = results.filter(([, state]) => state !== 'ok').map(([name, state]) => `${name} ${state}`);
      if (closing) failed.unshift('shutting down');
      const body = {
        status: failed.length === 0 ? 'ready' : 'unready',
        checks: Object.fromEntries(results),
        ...(failed.length > 0 ? { reason: failed.join(', ') } : {}),
      };
      return reply.code(failed.length === 0 ? 200 : 503).send(body);
    });
  },
  { name: 'health' },
);
