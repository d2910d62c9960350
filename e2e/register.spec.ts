import { expect, test } from './fixtures';
import type { Page, Route } from '@playwright/test';
import { fillForm } from './register-form';

const GAME_MOBILE = 'https://m.game.example.com/';
const GAME_PC = 'https://www.game.example.com/';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

type Fault = 'timeout' | 'refused' | '500' | 'html' | 'broken-json';

async function answer(route: Route, fault: Fault | undefined, body: object) {
  switch (fault) {
    case 'timeout':
      return; // never answered: the client gives up after 5000 ms
    case 'refused':
      return route.abort('connectionrefused');
    case '500':
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"n"}' });
    case 'html':
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' });
    case 'broken-json':
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":"y",' });
    default:
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  }
}

/** A scripted backend: every call answers y unless a fault is named for it. */
async function mockApi(page: Page, faults: Partial<Record<'checkuser' | 'checktel' | 'reg', Fault>> = {}) {
  const calls: string[] = [];
  await page.route('**/api/Index/*', async (route) => {
    const url = new URL(route.request().url());
    const name = url.pathname.split('/').pop() as 'checkuser' | 'checktel' | 'reg';
    calls.push(`${name}?${url.searchParams.toString()}`);
    await answer(route, faults[name], { status: 'y', info: '' });
  });
  return calls;
}

const status = (page: Page) => page.getByRole('status');

test.describe('faults on the phone check', () => {
  for (const fault of ['refused', '500', 'html', 'broken-json', 'timeout'] as const) {
    test(`checktel ${fault}: a clear toast, no spinner left, the form usable and nothing lost`, async ({ page }) => {
      test.setTimeout(20_000);
      const calls = await mockApi(page, { checktel: fault });
      await page.goto('/register');
      await fillForm(page);
      await page.getByRole('button', { name: '立即注册' }).click();
      if (fault === 'timeout') {
        await expect(status(page)).toContainText('验证手机号中...');
        // The loading toast blocks every tap: this one starts nothing and types nothing.
        await page.getByRole('button', { name: '立即注册' }).click({ force: true });
        await page.getByLabel('账号', { exact: true }).press('x');
        await expect(page.getByLabel('账号', { exact: true })).toHaveValue('player01');
      }
      await expect(status(page)).toContainText('网络错误，请重试', { timeout: 8_000 });
      await expect(page.getByTestId('toast-blocker')).toHaveCount(0);
      await expect(page.getByLabel('账号', { exact: true })).toHaveValue('player01');
      await expect(page.getByLabel('手机号', { exact: true })).toHaveValue('13800138000');
      expect(calls.filter((call) => call.startsWith('checktel'))).toHaveLength(1);
      await page.getByLabel('账号', { exact: true }).fill('player02'); // usable again
      await expect(page.getByLabel('账号', { exact: true })).toHaveValue('player02');
    });
  }
});

test.describe('faults on the username check', () => {
  for (const fault of ['refused', '500', 'html'] as const) {
    test(`checkuser ${fault}: 请先验证用户名 on submit`, async ({ page }) => {
      await mockApi(page, { checkuser: fault });
      await page.goto('/register');
      await fillForm(page);
      await page.getByRole('button', { name: '立即注册' }).click();
      await expect(status(page)).toContainText('请先验证用户名');
    });
  }
});

test.describe('on a phone', () => {
  test.use({ userAgent: PHONE_UA, isMobile: true, hasTouch: true });
  test('立即登陆 sends a phone to the mobile game client', async ({ page }) => {
    await page.route(`${GAME_MOBILE}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>mobile game</h1>' }));
    await page.goto('/register');
    await page.getByRole('button', { name: '立即登陆' }).click();
    await expect(page).toHaveURL(GAME_MOBILE);
  });
});

test.describe('on a desktop browser', () => {
  test.use({ userAgent: DESKTOP_UA, isMobile: false, hasTouch: false });
  test('立即登陆 sends a desktop to the PC game client', async ({ page }) => {
    await page.route(`${GAME_PC}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>pc game</h1>' }));
    await page.goto('/register');
    await page.getByRole('button', { name: '立即登陆' }).click();
    await expect(page).toHaveURL(GAME_PC);
  });
});

test('the download popup opens both files in new tabs', async ({ page, context }) => {
  await context.route('**/downloads/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'file' }));
  await page.goto('/register');
  await page.getByRole('button', { name: '下载APP' }).click();
  const popup = page.getByRole('dialog', { name: '选择下载方式' });
  await expect(popup).toBeVisible();
  for (const [name, path] of [
    ['安卓下载', '/downloads/app.apk'],
    ['苹果下载', '/downloads/app.mobileconfig'],
  ] as const) {
    const [tab] = await Promise.all([context.waitForEvent('page'), popup.getByRole('button', { name }).click()]);
    await expect.poll(() => new URL(tab.url()).pathname).toBe(path);
    await tab.close();
  }
});

test('联系客服 goes to /contact', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('link', { name: '联系客服' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('a triple tap on 立即注册 sends one check sequence', async ({ page }) => {
  const calls = await mockApi(page, { checktel: 'html' });
  await page.goto('/register');
  await fillForm(page);
  await page.getByRole('button', { name: '立即注册' }).click({ clickCount: 3 });
  await expect(status(page)).toContainText('网络错误，请重试');
  expect(calls.filter((c) => c.startsWith('checkuser'))).toHaveLength(1);
  expect(calls.filter((c) => c.startsWith('checktel'))).toHaveLength(1);
});

test('long and unusual input is sent URL-encoded exactly as typed', async ({ page }) => {
  const calls = await mockApi(page);
  const name = `玩家 "q'uote" 😀 ${'长'.repeat(10_000)}`;
  await page.goto('/register');
  await page.getByLabel('账号', { exact: true }).fill(name);
  await page.getByLabel('密码', { exact: true }).click();
  await expect.poll(() => calls.length).toBe(1);
  expect(new URLSearchParams(calls[0]!.split('?')[1]).get('param')).toBe(name);
});

test('the keyboard’s Enter walks the form and submits it from the last field, the button busy meanwhile', async ({ page }) => {
  let releaseTel!: () => void;
  const telGate = new Promise<void>((resolve) => {
    releaseTel = resolve;
  });
  await page.route('**/api/Index/*', async (route) => {
    if (route.request().url().includes('/checktel')) await telGate;
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":"y","info":""}' });
  });
  await page.goto('/register');
  await page.getByLabel('账号', { exact: true }).focus();
  for (const [label, value, next] of [
    ['账号', 'player01', '密码'],
    ['密码', 'secret88', '确认密码'],
    ['确认密码', 'secret88', '手机号'],
  ] as const) {
    await page.keyboard.type(value);
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('enterkeyhint', 'next');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(next, { exact: true })).toBeFocused();
  }
  await page.keyboard.type('13800138000');
  await expect(page.getByLabel('手机号', { exact: true })).toHaveAttribute('enterkeyhint', 'go');
  await page.keyboard.press('Enter');
  const button = page.getByRole('button', { name: '立即注册' });
  await expect(button).toHaveAttribute('aria-busy', 'true');
  releaseTel();
  await expect(page.getByRole('dialog', { name: '拼图验证' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-busy', 'false');
});
