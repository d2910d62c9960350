import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { DEFAULT_SITE_SETTINGS } from '@game-register/site-settings';
import { buildTestApp, makeDist, tempDir } from '../../testing/server/test-support';
import { metricsOn, parseExposition, scrape, valueOf } from '../../testing/server/metrics';

// A renderer as the build leaves one in dist/.ssr/ (src/entry-server.tsx), small enough to read: it
// renders the settings it is given, which is what the server's part is about.
const RENDERER = `
export const PAGE_SETTINGS_ID = 'site-settings';
export const documentTitle = (name) => (name ? name + ' - 游戏账号注册' : '游戏账号注册');
export const buildTimeSettings = ${JSON.stringify({ ...DEFAULT_SITE_SETTINGS, channel: { default: 'BUILT', allowed: ['BUILT'], param: 'c' }, captchaMode: 'client' })};
export async function renderRoute(url, settings) {
  return '<main><h1>' + url + '</h1><p class="phone">' + settings.contact.phone + '</p>' + 'x'.repeat(2000) + '</main>';
}
`;
const TEMPLATE =
  '<!doctype html><html><head><meta name="theme-color" content="#e8452c" /><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><title>游戏账号注册</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function siteWith(settings: unknown, overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const distDir = await makeDist({
    'index.html': TEMPLATE,
    'register.html': TEMPLATE,
    '.vite/manifest.json': '{}',
    '.ssr/entry-server.js': RENDERER,
  });
  const configPath = join(await tempDir(), 'site.json');
  await writeFile(configPath, JSON.stringify(settings));
  const { app, logs } = await buildTestApp({ distDir, site: { configPath, env: {}, cwd: '/' }, ...overrides });
  return { app, logs, configPath };
}

const pageSettings = (html: string) =>
  JSON.parse(/<script type="application\/json" id="site-settings">(.*?)<\/script>/.exec(html)![1]!) as Record<
    string,
    Record<string, unknown>
  >;
const cspOf = (app: App, url = '/register') => app.inject({ url }).then((response) => String(response.headers['content-security-policy']));

describe('the site in service', () => {
  let app: App | undefined;
  afterEach(() => app?.close());

  it('renders the pages from the build’s own values when nothing is set', async () => {
    const distDir = await makeDist({ 'index.html': TEMPLATE, '.vite/manifest.json': '{}', '.ssr/entry-server.js': RENDERER });
    ({ app } = await buildTestApp({ distDir }));
    const html = (await app.inject({ url: '/register' })).body;
    expect(html).toContain('<p class="phone">400-800-1234</p>');
    expect(pageSettings(html).channel).toEqual({ default: 'BUILT', allowed: ['BUILT'], param: 'c' });
    expect(app.site.channels()).toEqual({ default: 'BUILT', allowed: ['BUILT'], param: 'c' });
    expect(html).not.toContain('--color-brand:'); // the built-in colours stay in the CSS
  });

  it('renders every page, index.html too, from the settings, precompressed, with the title, colours and JSON', async () => {
    ({ app } = await siteWith({
      brand: { name: '星河传奇', themeColor: '#1f5fbf' },
      contact: { phone: '400-111-2222', wechatQr: 'https://qr.example.net/wx.png' },
    }));
    const register = await app.inject({ url: '/register', headers: { 'accept-encoding': 'br' } });
    expect(register.headers['content-encoding']).toBe('br');
    expect(register.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(register.rawPayload).toString();
    expect(html).toContain('<title>星河传奇 - 游戏账号注册</title>');
    expect(html).toContain('<meta name="theme-color" content="#1f5fbf" />');
    expect(html).toContain('<p class="phone">400-111-2222</p>');
    expect(pageSettings(html)).toMatchObject({ brand: { name: '星河传奇' }, captchaMode: 'client' });
    const unknownPath = (await app.inject({ url: '/somewhere/else' })).body;
    expect(pageSettings(unknownPath).contact).toMatchObject({ phone: '400-111-2222' });
    // The theme's <style> is allowed by hash; the QR picture's host by origin.
    const csp = await cspOf(app);
    const theme = /<style>(:root\{--color-brand:#1f5fbf[^<]*)<\/style>/.exec(html)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(theme).digest('base64')}'`);
    expect(csp).toMatch(/img-src [^;]*https:\/\/qr\.example\.net/);
  });

  it('keeps the site’s texts as written, replacement patterns and all', async () => {
    ({ app } = await siteWith({ brand: { name: 'A$&B' }, contact: { phone: "400$'$&1" } }));
    const html = (await app.inject({ url: '/register' })).body;
    expect(html).toContain(`<p class="phone">400$'$&1</p>`);
    expect(html).toContain('<title>A$&amp;B - 游戏账号注册</title>');
    expect(pageSettings(html).contact).toMatchObject({ phone: "400$'$&1" });
  });

  it('answers any host name with the same site', async () => {
    ({ app } = await siteWith({ contact: { phone: '400-111-2222' } }));
    const bodies = await Promise.all(
      ['a.example.com', 'b.example.org:8443', '203.0.113.9'].map((host) => app!.inject({ url: '/register', headers: { host } })),
    );
    for (const response of bodies) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(bodies[0]!.body);
    }
  });

  it('follows the server’s captcha mode: strict makes the page ask the server for its puzzle', async () => {
    const { loadConfig } = await import('../config/config');
    const strict = loadConfig({ CAPTCHA_MODE: 'strict', DATABASE_PATH: ':memory:', CAPTCHA_DRAW_THREADS: '0' }).captcha;
    ({ app } = await siteWith({}, { captcha: strict }));
    expect(pageSettings((await app.inject({ url: '/register' })).body).captchaMode).toBe('server');
  });

  it('on reload, swaps in pages, channels and CSP from the new file; a wrong file changes nothing and says why', async () => {
    let configPath: string;
    let logs: Awaited<ReturnType<typeof buildTestApp>>['logs'];
    ({ app, configPath, logs } = await siteWith({ contact: { phone: '400-100-0001' }, channel: { default: 'A1' } }));
    const before = await cspOf(app);
    await writeFile(
      configPath,
      JSON.stringify({
        brand: { themeColor: '#2e7d32' },
        contact: { phone: '400-200-0002' },
        channel: { default: 'A1', allowed: ['CH7'] },
      }),
    );
    expect(await app.site.reload()).toEqual({ ok: true });
    expect((await app.inject({ url: '/register' })).body).toContain('400-200-0002');
    expect(app.site.channels().allowed).toEqual(['A1', 'CH7']);
    expect(await cspOf(app)).not.toBe(before);

    await writeFile(configPath, JSON.stringify({ contact: { phone: '400-300-0003', wechatId: 'x' } }));
    const refused = await app.site.reload();
    expect(refused).toEqual({ ok: false, problems: [expect.stringContaining('contact.wechatId is not a known field')] });
    expect((await app.inject({ url: '/register' })).body).toContain('400-200-0002');
    expect(app.site.channels().allowed).toEqual(['A1', 'CH7']);
    const record = logs.records.find((line) => String(line.msg).startsWith('site settings refused'))!;
    expect(record.level).toBe(50);
    expect(String(record.msg)).toContain('contact.wechatId');
  });

  it('on reload, hands strict mode the new switches for its next challenge; one ending over 24 h ahead is refused and the old stay', async () => {
    const { loadConfig } = await import('../config/config');
    const strict = loadConfig({ CAPTCHA_MODE: 'strict', DATABASE_PATH: ':memory:', CAPTCHA_DRAW_THREADS: '0', CAPTCHA_STOCK: '0' }).captcha;
    const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const underAttack = { level: 2, until: hoursAhead(2) };
    let configPath: string;
    let logs: Awaited<ReturnType<typeof buildTestApp>>['logs'];
    ({ app, configPath, logs } = await siteWith({ captcha: { underAttack } }, metricsOn({ captcha: strict })));
    // What strict mode reads, and the gauge that reads the very function the gateway was handed.
    const gauge = async () => {
      const { samples } = parseExposition((await scrape(app!)).text);
      const value = (name: string) => valueOf(samples, 'game_register_captcha_operator_switch', { switch: name });
      return { under_attack: value('under_attack'), people_first: value('people_first'), campaign: value('campaign') };
    };
    const noNetworks = { carrier: { asns: [], cidrs: [] }, hosting: { asns: [], cidrs: [] } };
    expect(app.site.strictModeSite()).toEqual({
      underAttack: { floor: 2, until: Date.parse(underAttack.until) },
      peopleFirst: null,
      campaign: null,
      networks: noNetworks,
    });
    expect(await gauge()).toEqual({ under_attack: 1, people_first: 0, campaign: 0 });
    expect(logs.records).toContainEqual(
      expect.objectContaining({
        level: 40,
        switch: 'underAttack',
        msg: expect.stringMatching(/^strict mode: "under attack" is on until .*: every visitor not known good gets level 2 at least$/),
      }),
    );
    // The switches are the server's: the page carries the pictures alone.
    expect(pageSettings((await app.inject({ url: '/register' })).body).captcha).toEqual({ images: [] });

    const peopleFirst = { level: 0, until: hoursAhead(1) };
    const ended = { level: 3, until: hoursAhead(-1) };
    const campaign = { level: 1, until: hoursAhead(6) };
    const networks = { hosting: { cidrs: ['203.0.113.0/24'] }, carrier: { asns: [4134] } };
    await writeFile(configPath, JSON.stringify({ captcha: { peopleFirst, underAttack: ended, campaign, networks } }));
    expect(await app.site.reload()).toEqual({ ok: true });
    expect(app.site.strictModeSite()).toEqual({
      underAttack: { floor: 3, until: Date.parse(ended.until) },
      peopleFirst: { cap: 0, until: Date.parse(peopleFirst.until) },
      campaign: { cap: 1, until: Date.parse(campaign.until) },
      networks: { carrier: { asns: [4134], cidrs: [] }, hosting: { asns: [], cidrs: ['203.0.113.0/24'] } },
    });
    expect(await gauge()).toEqual({ under_attack: 0, people_first: 1, campaign: 1 });
    expect(logs.records).toContainEqual(
      expect.objectContaining({
        level: 40,
        switch: 'campaign',
        msg: expect.stringMatching(
          /^strict mode: "campaign" is on until .*: a surge of carrier visitors is expected: the carriers' floor rises to level 1 at most$/,
        ),
      }),
    );
    expect(logs.records).toContainEqual(
      expect.objectContaining({
        level: 30,
        switch: 'underAttack',
        msg: expect.stringMatching(/^strict mode: "under attack" ended at .*: it is off$/),
      }),
    );

    await writeFile(
      configPath,
      JSON.stringify({
        captcha: { underAttack: { level: 3, until: hoursAhead(25) }, networks: { carrier: { cidrs: ['36.128.0.0/33'] } } },
      }),
    );
    expect(await app.site.reload()).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(/site\.json: captcha\.underAttack\.until must be at most 24 h ahead/),
        expect.stringMatching(
          /site\.json: captcha\.networks\.carrier\.cidrs must hold CIDRs such as 203\.0\.113\.0\/24 or 2001:db8::\/32, got "36\.128\.0\.0\/33"/,
        ),
      ],
    });
    expect(app.site.strictModeSite().networks.hosting.cidrs).toEqual(['203.0.113.0/24']);
    expect(app.site.strictModeSite().peopleFirst).toEqual({ cap: 0, until: Date.parse(peopleFirst.until) });
    expect(await gauge()).toEqual({ under_attack: 0, people_first: 1, campaign: 1 });
  });

  it('warns at start and on reload of each AS in captcha.networks the origin-AS table does not hold, in one line', async () => {
    const { loadConfig } = await import('../config/config');
    const strict = loadConfig({ CAPTCHA_MODE: 'strict', DATABASE_PATH: ':memory:', CAPTCHA_DRAW_THREADS: '0', CAPTCHA_STOCK: '0' }).captcha;
    let configPath: string;
    let logs: Awaited<ReturnType<typeof buildTestApp>>['logs'];
    ({ app, configPath, logs } = await siteWith(
      { captcha: { networks: { carrier: { asns: [4134, 64512] }, hosting: { asns: [64513] } } } },
      { captcha: strict },
    ));
    const warnings = () => logs.records.filter((line) => String(line.msg).includes('origin-AS table'));
    expect(warnings()).toEqual([
      expect.objectContaining({
        level: 40,
        asns: [64512, 64513],
        msg: `strict mode: captcha.networks names AS64512 (carrier), AS64513 (hosting), which the origin-AS table does not hold: no address is judged by them until you run SITE_CONFIG=${configPath} npm run derive:networks and deploy the new table`,
      }),
    ]);

    await writeFile(configPath, JSON.stringify({ captcha: { networks: { hosting: { asns: [37963, 64514] } } } }));
    expect(await app.site.reload()).toEqual({ ok: true });
    expect(warnings()).toHaveLength(2);
    expect(warnings()[1]).toMatchObject({
      level: 40,
      asns: [64514],
      msg: expect.stringContaining('names AS64514 (hosting), which the origin-AS table does not hold: no address is judged by it until'),
    });

    await writeFile(
      configPath,
      JSON.stringify({ captcha: { networks: { hosting: { asns: [37963] }, carrier: { asns: [9394, 24444] } } } }),
    );
    expect(await app.site.reload()).toEqual({ ok: true });
    expect(warnings()).toHaveLength(2); // the table holds them all
  });

  it('stops the start on a wrong file, naming the field', async () => {
    await expect(siteWith({ game: { pcUrl: 'ftp://game.example.com/' } })).rejects.toThrow(/game\.pcUrl must be an http\(s\) URL/);
  });
});
