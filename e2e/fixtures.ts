import { test as base, expect, type Page } from '@playwright/test';

/**
 * Makes `page.goto` wait, for the app's own pages, until React has hydrated the prerendered HTML:
 * a test taps like a visitor who waits for the page to come alive (pre-hydration typing has its own test).
 */
export function waitForHydrationOnGoto(page: Page, baseURL: string, javaScriptEnabled = true): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const own = new URL(page.url()).origin === new URL(baseURL).origin;
    if (own && javaScriptEnabled && options?.waitUntil !== 'commit') {
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    }
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page, baseURL, javaScriptEnabled }, use) => {
    await use(waitForHydrationOnGoto(page, baseURL!, javaScriptEnabled !== false));
  },
});

export { expect };
