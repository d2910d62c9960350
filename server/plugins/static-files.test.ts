import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ASSET_CSS, ASSET_JS, buildTestApp, makeDist } from '../../testing/server/test-support';
import { chooseEncoding, htmlPageFor } from './static-files';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

describe('static hosting of the built app', () => {
  let app: App;
  let distDir: string;
  beforeAll(async () => {
    distDir = await makeDist({
      'register.html': '<!doctype html><title>prerendered register</title>',
      '.vite/manifest.json': '{"secret":"build internals"}',
    });
    ({ app } = await buildTestApp({ distDir }));
  });
  afterAll(() => app.close());

  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject({ url: ASSET_JS });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  });

  it("serves / with the register page's prerendered HTML (an ad at the bare domain paints before any script), no-cache", async () => {
    const response = await app.inject({ url: '/?c=CH7' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('prerendered register');
  });

  it('serves index.html for an unknown page path', async () => {
    const response = await app.inject({ url: '/no/such/page' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"');
  });

  it('revalidates files that are not content-hashed', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli file when brotli is accepted, with Vary: Accept-Encoding', async () => {
    const original = await readFile(join(distDir, ASSET_JS));
    const response = await app.inject({ url: ASSET_JS, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(original.length);
    expect(brotliDecompressSync(response.rawPayload)).toEqual(original);
  });

  it('sends the gzip file when only gzip is accepted', async () => {
    const original = await readFile(join(distDir, ASSET_CSS));
    const response = await app.inject({ url: ASSET_CSS, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(response.rawPayload)).toEqual(original);
  });

  it('sends the plain file when no compression is accepted', async () => {
    const response = await app.inject({ url: ASSET_JS, headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(await readFile(join(distDir, ASSET_JS), 'utf8'));
  });

  it('answers a matching If-None-Match with 304 and no body, per encoding', async () => {
    const first = await app.inject({ url: ASSET_JS, headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({ url: ASSET_JS, headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.etag as string } });
    const otherEncoding = await app.inject({
      url: ASSET_JS,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(otherEncoding.statusCode).toBe(200);
  });

  it('does not serve hidden build files such as .vite/manifest.json', async () => {
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it.each(['/contact', '/download', '/no/such/page', '/no/such/page?x=1', '/contact/'])(
    'answers the HTML route %s with index.html, no-cache',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(await readFile(join(distDir, 'index.html'), 'utf8'));
    },
  );

  it('answers a route with its own prerendered page when the build has one', async () => {
    const response = await app.inject({ url: '/register' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('prerendered register');
  });

  it('answers HEAD on an HTML route like GET, without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it.each(['/assets/missing-0000.js', '/robots.txt', '/downloads/missing.apk'])(
    'answers a missing file %s with 404, not the app',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    },
  );

  it.each([
    ['GET', '/api/nothing'],
    ['POST', '/api/Index/unknown'],
    ['GET', '/api'],
    ['DELETE', '/api/Index/regist'],
  ])('answers %s %s with JSON 404', async (method, url) => {
    const response = await app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'n', info: '接口不存在' });
  });

  it('answers a POST to a page path with JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/register' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'n' });
  });
});

describe('htmlPageFor', () => {
  const pages = new Map([
    ['/', '/index.html'],
    ['/contact', '/contact/index.html'],
  ]);
  const withRegister = new Map([...pages, ['/register', '/register.html']]);

  it.each([
    ['/', '/index.html'],
    ['/contact', '/contact/index.html'],
    ['/contact/?a=1', '/contact/index.html'],
    ['/register', '/index.html'],
    ['/a/b.html', '/index.html'],
    ['/api/x', null],
    ['/assets/x', null],
    ['/downloads', null],
    ['/favicon.ico', null],
  ])('%s -> %s', (url, expected) => {
    expect(htmlPageFor(url, pages)).toBe(expected);
  });

  it.each([
    ['/', '/register.html'],
    ['/?c=CH7', '/register.html'],
    ['/register/', '/register.html'],
    ['/elsewhere', '/index.html'],
  ])('with a prerendered register page: %s -> %s', (url, expected) => {
    expect(htmlPageFor(url, withRegister)).toBe(expected);
  });

  it('has no page to give when the build is missing', () => {
    expect(htmlPageFor('/register', new Map())).toBeNull();
  });
});

describe('chooseEncoding', () => {
  const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };

  it.each([
    ['gzip, deflate, br', both, 'br'],
    ['br;q=0.5, gzip', both, 'gzip'],
    ['br;q=0, gzip;q=0', both, null],
    ['gzip', both, 'gzip'],
    ['*', both, 'br'],
    ['identity', both, null],
    [undefined, both, null],
    ['br, gzip', { gzip: Buffer.from('g') }, 'gzip'],
    ['br', { gzip: Buffer.from('g') }, null],
    ['br, gzip', {}, null],
  ] as const)('%s with %j -> %s', (header, file, expected) => {
    expect(chooseEncoding(header, file)).toBe(expected);
  });
});
