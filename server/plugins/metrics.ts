import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NO_METRICS, type Metrics } from '../metrics/contract';
import { createMetrics } from '../metrics/prometheus-metrics';
import { routeLabelOf } from '../metrics/route-label';
import { channelLabel, queryValue } from '../channels/rules';
import type { ChannelSettingsGetter } from '../channels/site-channels';
import { errorAnswer } from '@game-register/gateway/answers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where routes report what happened; a no-op when metrics are off. */
    metrics: Metrics;
    /** The metrics listener's address, or null when metrics are off. */
    metricsAddress: () => AddressInfo | null;
    /** Other GET paths the metrics listener answers (the ledger's view: ledger/ledger-view.ts), never the public port. */
    metricsListenerRoutes: Map<string, (request: IncomingMessage, response: ServerResponse) => void>;
  }
}

export interface MetricsOptions {
  /** null: metrics off (the routes still call a no-op). */
  listen: { port: number; host: string } | null;
  /** The site's channels, read on every use: the funnel's channel labels. */
  channels: ChannelSettingsGetter;
}

/** The paths that answer the register screen: ad links point at /register; / sends the visitor there. */
const REGISTER_PAGE = /^\/(register\/?)?(\?|$)/;

/** A visit's first request for the register page: the server's own count, by the channel its link named. */
function isRegisterPageView(request: FastifyRequest, status: number): boolean {
  return request.method === 'GET' && (status === 200 || status === 304) && REGISTER_PAGE.test(request.url);
}

/**
 * Prometheus metrics on their own listener (never the public port, which answers /metrics with 404), the
 * request-duration histogram and the register page's views. The funnel of the three calls is one of the /api
 * pipeline's records (api/pipeline.ts, api/records/funnel-record.ts), in the embedded and the proxy mode alike.
 */
export default fp(
  async function metricsPlugin(fastify: FastifyInstance, { listen, channels }: MetricsOptions) {
    fastify.get('/metrics', (_request, reply) => reply.code(404).send(errorAnswer(404)));
    const routes = new Map<string, (request: IncomingMessage, response: ServerResponse) => void>();
    fastify.decorate('metricsListenerRoutes', routes);
    if (!listen) {
      fastify.decorate('metrics', NO_METRICS);
      fastify.decorate('metricsAddress', () => null);
      return;
    }
    const metrics = createMetrics(channels);
    fastify.decorate('metrics', metrics);

    // As the answer leaves: the duration is the time to produce it (a streamed file's transfer is not counted).
    fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
      const named = routeLabelOf(request);
      if (named === null && isRegisterPageView(request, reply.statusCode)) {
        const settings = channels();
        metrics.registerPageView(channelLabel(queryValue(request.url, settings.param), settings));
      }
      // A route's pattern, never its URL: a bounded label; the three calls as the /api wing named them, in both modes.
      const route = named ?? request.routeOptions.url ?? 'unmatched';
      metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done(null, payload);
    });

    const server: Server = createServer((request, response) => {
      const route = request.method === 'GET' ? routes.get(request.url?.split('?', 1)[0] ?? '') : undefined;
      if (route) return route(request, response);
      if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error: unknown) => {
          fastify.log.error({ err: error }, 'metrics scrape failed');
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Scrape failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listen.port, listen.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address() as AddressInfo;
    fastify.log.info({ address: address.address, port: address.port }, 'metrics listening');
    fastify.decorate('metricsAddress', () => address);
    fastify.addHook('onClose', (_instance, done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  },
  { name: 'metrics' },
);
