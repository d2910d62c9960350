import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('/ replaces itself with /register, leaving no history entry behind', async ({ page }) => {
  await page.goto('/contact');
  await page.goto('/');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/contact$/);
});

test('/ paints the register page from its HTML, before any script, and hydrates it without a console error', async ({ page, context }) => {
  const scriptless = await context.newPage();
  await scriptless.route(/\.js$/, (route) => route.abort()); // no script: what the bare domain paints by itself
  await scriptless.goto('/?c=CH7');
  await expect(scriptless.getByRole('heading', { level: 1, name: /注册/ })).toBeVisible();
  await expect(scriptless.getByRole('button', { name: '立即注册' })).toBeVisible();
  await scriptless.close();

  const errors = collectConsoleErrors(page);
  await page.goto('/?c=CH7');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: /注册/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown path ends at /register', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/register$/);
});

for (const [path, heading] of [
  ['/register', /注册/],
  ['/contact', '联系我们'],
  ['/download', /下载/],
] as const) {
  test(`${path} renders its screen without console errors and without horizontal scroll at 320 px`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
}

test('the page column is at most 480 px wide on a large screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/register');
  const width = await page.locator('.page').evaluate((element) => element.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(480);
});

test('the page asks no other host for anything', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  await page.goto('/register');
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
});
