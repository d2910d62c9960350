#!/usr/bin/env node
// npm run dev: Vite with hot reload, and /api answered in the same process by the server (embedded API, or proxied with API_TARGET).
import { createServer } from 'vite';

/** Loads the server's TypeScript through Vite and hands it every /api request before Vite sees them. */
const serverApi = {
  name: 'server-api',
  apply: 'serve',
  async configureServer(vite) {
    const { loadConfig } = await vite.ssrLoadModule('/server/config.ts');
    const { buildApp } = await vite.ssrLoadModule('/server/app.ts');
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
