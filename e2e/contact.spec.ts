import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

const COPY_BUTTONS = ['复制电话', '复制微信', '复制QQ'] as const;

/** The value shown in the row whose copy button has this name. */
function shownValue(page: Page, button: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: button }) })
    .locator('.contact-row__value');
}

test.describe('contact screen', () => {
  test('shows the title, the subtitle and the phone, WeChat and QQ rows', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible();
    await expect(page.getByText(/欢迎随时联系客服/)).toBeVisible();
    for (const name of COPY_BUTTONS) await expect(page.getByRole('button', { name })).toBeVisible();
  });

  test('each copy button puts its value on the clipboard, the phone without dashes', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/contact');
    const phone = await shownValue(page, '复制电话').innerText();
    expect(phone).toContain('-');
    const expected = {
      复制电话: phone.replaceAll('-', ''),
      复制微信: await shownValue(page, '复制微信').innerText(),
      复制QQ: await shownValue(page, '复制QQ').innerText(),
    };
    for (const name of COPY_BUTTONS) {
      await page.evaluate(() => navigator.clipboard.writeText('(empty)'));
      await page.getByRole('button', { name }).click();
      await expect(page.getByRole('status')).toHaveText(/复制成功/);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected[name]);
    }
    expect(expected.复制电话).toMatch(/^\d+$/);
  });

  test('says 复制失败，请手动复制 when the clipboard refuses and execCommand fails', async ({ page }) => {
    await page.addInitScript(() => {
      const refuse = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: refuse }, configurable: true });
      document.execCommand = () => false;
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: '复制微信' }).click();
    await expect(page.getByRole('status')).toHaveText(/复制失败，请手动复制/);
  });

  test('the toast goes away 2 seconds after it appears, timed in the page', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The page stamps each change of the live region as it happens: no polling of the test's own adds to the measure.
    await page.addInitScript(() => {
      const changes: { text: string; at: number }[] = [];
      Object.assign(window, { toastChanges: changes });
      new MutationObserver(() => {
        const text = document.querySelector('[role="status"]')?.textContent ?? '';
        if (changes.at(-1)?.text !== text) changes.push({ text, at: performance.now() });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: '复制QQ' }).click();
    const status = page.getByRole('status');
    await expect(status).toHaveText(/复制成功/);
    await expect(status).toBeEmpty({ timeout: 4000 });

    const changes = await page.evaluate(() => (window as unknown as { toastChanges: { text: string; at: number }[] }).toastChanges);
    const shown = changes.findIndex((change) => change.text.includes('复制成功'));
    const hidden = changes.at(shown + 1);
    expect(hidden?.text).toBe('');
    // TOAST_DEFAULT_MS (2000): its timer starts as the toast is shown, so it cannot end sooner; a slow machine may end it later.
    expect(hidden!.at - changes[shown]!.at).toBeGreaterThanOrEqual(1950);
    expect(hidden!.at - changes[shown]!.at).toBeLessThan(3000);
  });

  test('返回 goes to / (which shows the register screen)', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('fits 320 px without horizontal scroll, with touch targets of at least 44 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: '联系我们' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    for (const name of [...COPY_BUTTONS, '返回']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    }
  });
});
