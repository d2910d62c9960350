// npm run dev: Vite with hot reload, and /api answered in the same process by the server (embedded API, or proxied with API_TARGET).
import type { FastifyInstance } from 'fastify';
import { createServer, type Plugin } from 'vite';

/** What the server's two modules give here (typed loosely: the server is type-checked in its own project). */
interface ServerModules {
  loadConfig(): unknown;
  buildApp(config: unknown): Promise<FastifyInstance>;
}

/** Loads the server's TypeScript through Vite and hands it every /api request before Vite sees them. */
const serverApi: Plugin = {
  name: 'server-api',
  apply: 'serve',
  async configureServer(vite) {
    const { loadConfig } = (await vite.ssrLoadModule('/server/config/config.ts')) as Pick<ServerModules, 'loadConfig'>;
    const { buildApp } = (await vite.ssrLoadModule('/server/app.ts')) as Pick<ServerModules, 'buildApp'>;
    const api = await buildApp(loadConfig());
    vite.middlewares.use((request, response, next) =>
      /^\/api(\/|\?|$)/.test(request.url ?? '') ? api.routing(request, response) : next(),
    );
    vite.httpServer?.once('close', () => api.close());
  },
};

const vite = await createServer({ plugins: [serverApi] });
await vite.listen();
vite.printUrls();
vite.bindCLIShortcuts({ print: true });
