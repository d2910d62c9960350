import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tempDir } from '../../testing/server/test-support';
import { startFakePlatforms, type FakePlatforms } from '../../testing/ads/fake-platforms';
import { ALL_PLATFORMS_ON, buildAdsApp, register, siteConfigWithAds, waitFor } from '../../testing/ads/test-app';

/** A game backend stand-in: reg answers y (201, as some backends do) unless the name is taken; records what it got. */
async function startBackend() {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ url: request.url!, headers: request.headers });
    const taken = request.url!.includes('name=taken');
    response
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify(taken ? { status: 'n', info: '用户名已存在' } : { status: 'y', info: '注册成功' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`), seen, stop };
}

describe('proxy mode (API_TARGET)', () => {
  let fake: FakePlatforms;
  let backend: Awaited<ReturnType<typeof startBackend>>;
  beforeEach(async () => {
    fake = await startFakePlatforms();
    backend = await startBackend();
  });
  afterEach(async () => {
    await fake.close();
    await backend.stop();
  });

  it('reports a registration the backend answered y, passes its answer on as it came, and never forwards the ad headers', async () => {
    const { app } = await buildAdsApp(fake, undefined, { apiTarget: backend.url });
    const answer = await register(app, 'proxied1', { 'x-ad-clicks': 'clickid=proxyClick1', 'x-ad-consent': '1' });
    const refused = await register(app, 'taken', { 'x-ad-clicks': 'clickid=proxyClick2' });
    await waitFor(() => fake.requests.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await app.close();

    expect(answer.statusCode).toBe(201);
    expect(answer.body).toBe('{"status":"y","info":"注册成功"}');
    expect(refused.json()).toMatchObject({ status: 'n' });
    expect(fake.requests.map((request) => request.clickId)).toEqual(['proxyClick1']);
    expect(backend.seen).toHaveLength(2);
    for (const { url, headers } of backend.seen) {
      expect(Object.keys(headers).filter((name) => name.startsWith('x-ad-'))).toEqual([]);
      expect(url).not.toContain('proxyClick');
    }
  });

  it('reports nothing while every platform is off, and the first conversion after a re-read turning one on', async () => {
    const configPath = await siteConfigWithAds({});
    const databasePath = join(await tempDir('ads-proxy-db-'), 'app.db');
    const { app } = await buildAdsApp(
      fake,
      {},
      { apiTarget: backend.url, databasePath, site: { configPath, env: {}, cwd: process.cwd() } },
    );
    const off = await register(app, 'proxied2', { 'x-ad-clicks': 'clickid=offClick' });
    await writeFile(configPath, JSON.stringify({ channel: { default: 'H5REG', allowed: ['CH7'] }, ads: ALL_PLATFORMS_ON }));
    expect(await app.site.reload()).toEqual({ ok: true });
    await register(app, 'proxied3', { 'x-ad-clicks': 'clickid=onClick' });
    await waitFor(() => fake.requests.length >= 1);
    await app.close();

    expect(off.json()).toMatchObject({ status: 'y' });
    expect(existsSync(databasePath)).toBe(true); // the ledger's, opened at start; the outbox shares it
    expect(fake.requests.map((request) => request.clickId)).toEqual(['onClick']);
  });
});
