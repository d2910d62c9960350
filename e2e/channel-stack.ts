// The channels spec's stack (e2e/channels.spec.ts): a stand-in game backend that records every request it
// gets, and the product's built server in proxy mode in front of it, with channels listed and metrics on.
// Started by Playwright (playwright.config.ts); the ports come from the environment (scripts/e2e.ts).
import { createServer } from 'node:http';
import { startStackServer } from './stack-server';

const { E2E_CHANNELS_PORT, E2E_CHANNELS_BACKEND_PORT, E2E_CHANNELS_METRICS_PORT, CHANNELS_DIST_DIR, E2E_CHANNELS } = process.env;

/** GET /__seen answers what the backend was sent, in order; any other request is recorded and answered y. */
const seen: { method: string | undefined; url: string | undefined; body: string; channelHeader: string | string[] | null }[] = [];
const backend = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/__seen') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    seen.push({
      method: request.method,
      url: request.url,
      body: Buffer.concat(chunks).toString(),
      channelHeader: request.headers['x-channel'] ?? null,
    });
    const info = request.url?.includes('/reg') ? '注册成功' : '可用';
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'y', info }));
  });
});
await new Promise<void>((resolve) => backend.listen(Number(E2E_CHANNELS_BACKEND_PORT), '127.0.0.1', resolve));

startStackServer(
  {
    PORT: E2E_CHANNELS_PORT,
    DIST_DIR: CHANNELS_DIST_DIR,
    API_TARGET: `http://127.0.0.1:${E2E_CHANNELS_BACKEND_PORT}`,
    METRICS_PORT: E2E_CHANNELS_METRICS_PORT,
    METRICS_HOST: '127.0.0.1',
    SITE_CHANNEL_ALLOWED: E2E_CHANNELS,
  },
  () => backend.close(),
);
