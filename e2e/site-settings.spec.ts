import { readFileSync, writeFileSync } from 'node:fs';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillForm } from './register-form';
import { pinPuzzleRandom, registerThroughPuzzle } from './register-journey';
import { settingsFolder, startExpectingRefusal, startInstance, type SiteInstance } from './site-instance';

// One build, two deployments: each instance of the built server reads its own settings file (SITE_CONFIG).
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f5fbf"/><path d="M32 10l6 16h17l-14 10 5 17-14-10-14 10 5-17-14-10h17z" fill="#fff"/></svg>';
const BRANDS = {
  xinghe: {
    brand: { name: '星河传奇', themeColor: '#1f5fbf', logo: 'logo.svg' },
    game: { mobileUrl: 'https://m.xinghe.example.net/', pcUrl: 'https://www.xinghe.example.net/' },
    downloads: { android: 'https://dl.xinghe.example.net/xinghe.apk', ios: '/downloads/xinghe.mobileconfig' },
    contact: { phone: '400-111-2222', wechat: 'xinghe_kf', qq: '12345678' },
    channel: { default: 'XH01', allowed: ['XH02', 'CH7'] },
  },
  longcheng: {
    brand: { name: '龙城霸业', themeColor: '#2e7d32' },
    game: { mobileUrl: 'https://m.longcheng.example.org/play', pcUrl: 'https://longcheng.example.org/pc' },
    downloads: { android: '/downloads/longcheng.apk', ios: 'https://dl.longcheng.example.org/lc.mobileconfig' },
    contact: { phone: '400-333-4444', wechat: 'lc_kefu', qq: '' },
    channel: { default: 'LC00', allowed: ['LC01'], param: 'from' },
  },
} as const;
type Brand = (typeof BRANDS)[keyof typeof BRANDS];

const pageSettings = (page: Page) =>
  page
    .locator('#site-settings')
    .evaluate(
      (element) => JSON.parse(element.textContent ?? 'null') as { channel: { allowed: string[] }; game: object; downloads: object },
    );

test.describe('two brands from one build', () => {
  test.describe.configure({ mode: 'serial' });
  const instances = new Map<Brand, SiteInstance>();
  test.beforeAll(async () => {
    for (const brand of Object.values(BRANDS)) {
      const dir = settingsFolder({ 'site.json': JSON.stringify(brand), 'logo.svg': LOGO });
      instances.set(brand, await startInstance(join(dir, 'site.json')));
    }
  });
  test.afterAll(async () => {
    await Promise.all([...instances.values()].map((instance) => instance.stop()));
  });

  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('each serves its own brand, contact rows, links and channels in the HTML', async ({ page }) => {
      for (const [brand, instance] of instances) {
        await page.goto(`${instance.baseURL}/register`);
        await expect(page).toHaveTitle(`${brand.brand.name} - 游戏账号注册`);
        await expect(page.getByRole('heading', { level: 1, name: `注册${brand.brand.name}账号` })).toBeVisible();
        await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', brand.brand.themeColor);
        const settings = await pageSettings(page);
        expect(settings.game).toEqual(brand.game);
        expect(settings.downloads).toEqual(brand.downloads);
        expect(settings.channel.allowed).toEqual([brand.channel.default, ...brand.channel.allowed]);
        // The theme colour paints the register button before any script runs.
        const fill = await page.getByRole('button', { name: '立即注册' }).evaluate((button) => getComputedStyle(button).backgroundImage);
        const [r, g, b] = [1, 3, 5].map((start) => parseInt(brand.brand.themeColor.slice(start, start + 2), 16));
        expect(fill).toContain(`rgb(${r}, ${g}, ${b})`);

        await page.goto(`${instance.baseURL}/contact`);
        await expect(page.getByText(brand.contact.phone, { exact: true })).toBeVisible();
        await expect(page.getByText(brand.contact.wechat, { exact: true })).toBeVisible();
        if (brand.contact.qq) await expect(page.getByText(brand.contact.qq, { exact: true })).toBeVisible();
        else await expect(page.getByRole('button', { name: '复制QQ' })).toHaveCount(0);
      }
      // The logo file is in the page itself: no request for it.
      await page.goto(`${instances.get(BRANDS.xinghe)!.baseURL}/download`);
      await expect(page.getByRole('img', { name: '游戏APP图标' })).toHaveAttribute(
        'src',
        `data:image/svg+xml;base64,${Buffer.from(LOGO).toString('base64')}`,
      );
    });

    test('any host name gets the same site', async ({ request }) => {
      const instance = instances.get(BRANDS.longcheng)!;
      for (const host of ['longcheng-ads-7.example.com', 'xn--fiq228c.example.cn', '10.1.2.3:8443']) {
        const response = await request.get(`${instance.baseURL}/register`, { headers: { host } });
        expect(response.status(), host).toBe(200);
        expect(await response.text()).toContain('注册龙城霸业账号');
      }
    });
  });

  test('each hydrates every page without a warning', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    for (const instance of instances.values()) {
      for (const path of ['/register', '/contact', '/download']) {
        await page.goto(`${instance.baseURL}${path}`);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
      }
    }
    expect(messages).toEqual([]);
  });

  test('each registers through to the success popup with its own channel and game address', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const phone = testInfo.project.use.isMobile === true;
    await pinPuzzleRandom(page);
    for (const [brand, instance] of instances) {
      const gameUrl = phone ? brand.game.mobileUrl : brand.game.pcUrl;
      await page.route(`${gameUrl}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>game</title>' }));
      await page.goto(`${instance.baseURL}/register`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const name = `${brand.channel.default.toLowerCase()}_${testInfo.project.name}${Date.now() % 100_000}`;
      const reg = page.waitForRequest((request) => request.url().includes('/api/Index/reg'));
      await registerThroughPuzzle(page, { name, password: 'pw_88888', mobile: `139${String(Date.now()).slice(-8)}` }, phone);
      expect(new URL((await reg).url()).searchParams.get('code')).toBe(brand.channel.default);
      const registered = page.getByRole('dialog', { name: '注册成功' });
      await expect(registered).toBeVisible({ timeout: 10_000 });
      await expect(registered).toContainText(name);
      await registered.getByRole('button', { name: '我已保存，继续' }).click();
      await expect(page).toHaveURL(gameUrl);
    }
  });
});

test('the page follows the server’s captcha mode: one build, strict on the server, puzzles from the server', async ({ page }, testInfo) => {
  const instance = await startInstance(join(settingsFolder({ 'site.json': '{}' }), 'site.json'), {
    CAPTCHA_MODE: 'strict',
    CAPTCHA_DRAW_THREADS: '1',
    CAPTCHA_STOCK: '2',
  });
  try {
    await page.goto(`${instance.baseURL}/register`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const challenge = page.waitForRequest((request) => request.url().endsWith(`/api${CAPTCHA_PATHS.challenge}`));
    await fillForm(page, { name: `strict_${testInfo.project.name}`, password: 'pw_88888', mobile: '13912345678' });
    await page.getByRole('button', { name: '立即注册' }).click();
    await challenge;
    await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  } finally {
    await instance.stop();
  }
});

test.describe('re-reading the settings on SIGHUP', () => {
  test.skip(({ browserName, isMobile }) => !isMobile || browserName !== 'chromium', 'no browser involved: once is enough');

  test('a new contact number is served at once, no request fails, and a broken file changes nothing', async () => {
    test.setTimeout(60_000);
    const dir = settingsFolder({ 'site.json': JSON.stringify({ contact: { phone: '400-100-0001' } }) });
    const instance = await startInstance(join(dir, 'site.json'));
    const contactPage = async () => {
      const response = await fetch(`${instance.baseURL}/contact`, { headers: { 'accept-encoding': 'br' } });
      return { status: response.status, body: await response.text() };
    };
    try {
      expect((await contactPage()).body).toContain('400-100-0001');

      // Visitors keep asking while the pages are swapped: every answer is a whole page, old or new.
      const statuses: number[] = [];
      let load = true;
      const visitors = Array.from({ length: 8 }, async (_, index) => {
        while (load) {
          const response = await fetch(`${instance.baseURL}${index % 2 ? '/contact' : '/register'}`);
          statuses.push(response.status);
          await response.arrayBuffer();
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeFileSync(instance.settingsPath, JSON.stringify({ contact: { phone: '400-200-0002' } }));
      const hungUp = Date.now();
      instance.hangUp();
      await expect.poll(async () => (await contactPage()).body, { timeout: 10_000, intervals: [50] }).toContain('400-200-0002');
      const swapMs = Date.now() - hungUp;
      await new Promise((resolve) => setTimeout(resolve, 300));
      load = false;
      await Promise.all(visitors);
      expect(statuses.length).toBeGreaterThan(50);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(instance.output()).toContain('site settings reloaded');
      test.info().annotations.push({
        type: 'swap',
        description: `new page served ${swapMs} ms after SIGHUP, ${statuses.length} requests during the swap, all 200`,
      });

      // A file with a mistake: refused, said why in the log, and the pages in service stay.
      writeFileSync(instance.settingsPath, JSON.stringify({ contact: { phone: '400-300-0003', wechatId: 'oops' } }));
      instance.hangUp();
      await expect.poll(() => instance.output(), { timeout: 10_000 }).toContain('site settings refused');
      const refusal = instance
        .output()
        .split('\n')
        .find((line) => line.includes('site settings refused'))!;
      expect(refusal).toContain('contact.wechatId is not a known field');
      const after = await contactPage();
      expect(after.status).toBe(200);
      expect(after.body).toContain('400-200-0002');
      expect(after.body).not.toContain('400-300-0003');
      expect((await fetch(`${instance.baseURL}/readyz`)).status).toBe(200);
    } finally {
      await instance.stop();
    }
  });
});

test.describe('a wrong settings file stops the start', () => {
  test.skip(({ browserName, isMobile }) => !isMobile || browserName !== 'chromium', 'no browser involved: once is enough');

  const CASES = [
    {
      mistake: 'an unknown field',
      file: { contact: { phone: '400-100-0001', wechatId: 'kf' } },
      says: 'contact.wechatId is not a known field',
    },
    { mistake: 'a bad URL', file: { game: { mobileUrl: 'm.game.example.com' } }, says: 'game.mobileUrl must be an http(s) URL' },
    {
      mistake: 'an empty channel list entry',
      file: { channel: { allowed: ['CH7', ''] } },
      says: 'channel.allowed[1] must be a channel code',
    },
  ];
  for (const { mistake, file, says } of CASES) {
    test(`${mistake}: the server exits and names the field`, async () => {
      const path = join(settingsFolder({ 'site.json': JSON.stringify(file) }), 'site.json');
      const { code, output } = await startExpectingRefusal(path);
      expect(code).toBe(1);
      expect(output).toContain('Invalid site settings');
      expect(output).toContain(says);
      expect(readFileSync(path, 'utf8')).toBe(JSON.stringify(file)); // the operator's file is left as it was
    });
  }
});
