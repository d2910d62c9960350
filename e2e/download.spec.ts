import { expect, test, waitForHydrationOnGoto } from './fixtures';
import type { BrowserContext, Page } from '@playwright/test';

const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

interface SeenRequest {
  method: string;
  url: string;
  body: string | null;
}

/** Answers reg without the server and records what the page sent. */
async function recordReg(page: Page, answer: 'ok' | 'fail' = 'ok'): Promise<SeenRequest[]> {
  const seen: SeenRequest[] = [];
  await page.route('**/api/Index/reg**', async (route) => {
    const request = route.request();
    seen.push({ method: request.method(), url: request.url(), body: request.postData() });
    if (answer === 'ok') await route.fulfill({ json: { status: 'y', info: '' } });
    else await route.fulfill({ status: 500, body: 'boom' });
  });
  return seen;
}

/** Serves the download files, whichever server runs the tests. */
async function serveDownloads(context: BrowserContext) {
  await context.route('**/downloads/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'file' }));
}

for (const [name, file] of [
  ['安卓下载', '/downloads/app.apk'],
  ['苹果下载', '/downloads/app.mobileconfig'],
] as const) {
  test(`${name} sends reg with an empty query and no body, and opens ${file} in a new tab`, async ({ page, context }) => {
    const seen = await recordReg(page);
    await serveDownloads(context);
    await page.goto('/download');
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name }).click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(file);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.method).toBe('POST');
    expect(new URL(seen[0]!.url).pathname).toBe('/api/Index/reg');
    expect(new URL(seen[0]!.url).search).toBe('');
    expect(seen[0]!.body).toBeNull();
  });
}

test('a failing reg call shows nothing and the download still opens', async ({ page, context }) => {
  const seen = await recordReg(page, 'fail');
  await serveDownloads(context);
  await page.goto('/download');
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: '安卓下载' }).click()]);
  await tab.waitForLoadState();
  await expect.poll(() => seen.length).toBe(1);
  await page.waitForTimeout(300);
  await expect(page.getByRole('status')).toBeEmpty();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('where no new tab can open, the download starts in this tab', async ({ page, context }) => {
  await recordReg(page);
  await serveDownloads(context);
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/download');
  await page.getByRole('button', { name: '安卓下载' }).click();
  await page.waitForURL('**/downloads/app.apk');
});

test("the visitor's own platform comes first", async ({ page }) => {
  await page.goto('/download');
  const ios = /iPhone|iPad/.test(await page.evaluate(() => navigator.userAgent));
  const buttons = page.getByRole('button', { name: /^(安卓下载|苹果下载)$/ });
  await expect(buttons).toHaveText(ios ? ['苹果下载', '安卓下载'] : ['安卓下载', '苹果下载']);
  await expect(buttons.first()).toHaveClass(/download-button--primary/);
});

test('shows the logo and the 安装教程 label, and 返回 goes to /register', async ({ page }) => {
  await page.goto('/download');
  await expect(page.getByRole('img', { name: '游戏APP图标' })).toBeVisible();
  expect(await page.getByRole('img', { name: '游戏APP图标' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: '安装教程' })).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('mounts the puzzle widget closed: its chunk loads after the screen, and no puzzle shows', async ({ page }) => {
  const puzzleChunk = page.waitForResponse((response) => /\/assets\/captcha-[\w-]+\.js$/.test(response.url()));
  await page.goto('/download');
  await expect(page.getByRole('heading', { level: 1, name: '下载APP' })).toBeVisible();
  expect((await puzzleChunk).ok()).toBe(true);
  await expect(page.getByRole('dialog', { name: '拼图验证' })).toHaveCount(0);
});

test('fits 320 px without horizontal scroll, with buttons at least 44 px tall', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/download');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  for (const name of ['安卓下载', '苹果下载', '返回']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
});

test.describe('inside WeChat', () => {
  for (const [device, userAgent, menuItem] of [
    ['Android', WECHAT_ANDROID, '在浏览器打开'],
    ['iPhone', WECHAT_IPHONE, '在Safari中打开'],
  ] as const) {
    test(`on ${device} the buttons show the open-in-browser overlay instead of a new tab`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({
        baseURL,
        userAgent,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = waitForHydrationOnGoto(await context.newPage(), baseURL!);
      const seen = await recordReg(page);
      const tabs: Page[] = [];
      context.on('page', (tab) => tabs.push(tab));
      await page.goto('/download');
      const button = page.getByRole('button', { name: '安卓下载' });
      await button.click();
      const overlay = page.getByRole('dialog', { name: '请在浏览器中打开' });
      await expect(overlay).toBeVisible();
      await expect(overlay).toContainText('点击右上角');
      await expect(overlay).toContainText(`「${menuItem}」`);
      await expect(page.getByRole('button', { name: '我知道了' })).toBeFocused();
      await expect.poll(() => seen.length).toBe(1);
      await page.getByRole('button', { name: '我知道了' }).click();
      await expect(overlay).toHaveCount(0);
      await expect(button).toBeFocused();
      expect(tabs).toEqual([]);
      await context.close();
    });
  }

  test('Escape closes the overlay', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, userAgent: WECHAT_ANDROID });
    const page = waitForHydrationOnGoto(await context.newPage(), baseURL!);
    await recordReg(page);
    await page.goto('/download');
    await page.getByRole('button', { name: '苹果下载' }).click();
    await expect(page.getByRole('dialog', { name: '请在浏览器中打开' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });
});
