import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildTestApp, tempDir } from '../../testing/server/test-support';
import { attachmentDisposition } from './downloads';

describe('downloads/', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('downloads-');
    await writeFile(join(dir, 'app.apk'), 'PK-fake-apk');
    await writeFile(join(dir, 'app.mobileconfig'), '<?xml version="1.0"?><plist/>');
    await writeFile(join(dir, 'README.md'), 'notes for the operator');
    await writeFile(join(dir, '.secret'), 'hidden');
    ({ app } = await buildTestApp({ downloadsDir: dir }));
  });
  afterAll(() => app.close());

  it.each([
    ['app.apk', 'application/vnd.android.package-archive'],
    ['app.mobileconfig', 'application/x-apple-aspen-config'],
  ])('serves %s as %s, as an attachment', async (file, type) => {
    const response = await app.inject({ url: `/downloads/${file}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${file}"; filename*=UTF-8''${file}`);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves a file added while running', async () => {
    await writeFile(join(dir, 'app-v2.apk'), 'PK-v2');
    const response = await app.inject({ url: '/downloads/app-v2.apk' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('PK-v2');
  });

  it.each(['/downloads/README.md', '/downloads/.secret', '/downloads/missing.apk', '/downloads/../package.json', '/downloads/'])(
    'does not serve %s',
    async (url) => {
      const response = await app.inject({ url });
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toMatch(/notes for the operator|hidden|"name"/);
    },
  );

  it('names non-ASCII files in both the ASCII and the UTF-8 form', () => {
    expect(attachmentDisposition('游戏.apk')).toBe(`attachment; filename="__.apk"; filename*=UTF-8''%E6%B8%B8%E6%88%8F.apk`);
  });
});
