import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { ASSET_JS, buildTestApp, makeDist, tempDir } from '../../testing/server/test-support';
import { readSite } from '../site/built-files';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

function cspOf(headers: Record<string, unknown>): Map<string, string[]> {
  const policy = String(headers['content-security-policy']);
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe('security headers', () => {
  let app: App;
  let downloadsDir: string;
  beforeAll(async () => {
    downloadsDir = await tempDir('downloads-');
    await writeFile(join(downloadsDir, 'app.apk'), 'PK');
    ({ app } = await buildTestApp({ distDir: await makeDist(), downloadsDir, cspImgHosts: ['https://cdn.example.com'] }));
  });
  afterAll(() => app.close());

  const answers: [string, InjectOptions][] = [
    ['an HTML page', { url: '/register' }],
    ['a hashed asset', { url: ASSET_JS }],
    ['an API answer', { method: 'POST', url: '/api/Index/checkuser?param=a' }],
    ['an API 404', { url: '/api/none' }],
    [
      'a refused API body',
      { method: 'POST', url: '/api/Index/checkuser', headers: { 'content-type': 'application/xml' }, payload: '<x/>' },
    ],
    ['a download', { url: '/downloads/app.apk' }],
    ['a missing file', { url: '/assets/none.js' }],
  ];

  it.each(answers)('are on %s', async (_kind, request) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(cspOf(response.headers).get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('set a CSP with no inline script and no other origin but the configured image host', async () => {
    const csp = cspOf((await app.inject({ url: '/' })).headers);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    const sources = [...csp.values()].flat();
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources.filter((source) => /^https?:/.test(source))).toEqual(['https://cdn.example.com']);
  });

  it("allow exactly the build's inline <style> and style attributes, by hash", async () => {
    const distDir = await makeDist();
    const site = await readSite(distDir);
    const csp = cspOf((await app.inject({ url: '/' })).headers);
    expect(site.styleElementHashes).toHaveLength(1);
    expect(csp.get('style-src')).toEqual(["'self'", ...site.styleElementHashes]);
    expect(csp.get('style-src-attr')).toEqual(["'unsafe-hashes'", ...site.styleAttributeHashes]);
  });
});

describe('HSTS', () => {
  it('is sent when TRUST_PROXY is set and the proxy says the request came over HTTPS', async () => {
    const { app } = await buildTestApp({ trustProxy: ['loopback'] });
    const overHttps = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    const overHttp = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } });
    await app.close();
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent on a forwarded-proto header when no proxy is trusted', async () => {
    const { app } = await buildTestApp({ trustProxy: false });
    const response = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    await app.close();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
