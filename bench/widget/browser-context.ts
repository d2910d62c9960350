import type { Browser, BrowserContextOptions } from '@playwright/test';

/**
 * A browser context for a bench's page. tsx compiles the benches with esbuild's keepNames, which wraps named
 * functions in `__name(...)`: a function handed to page.evaluate or addInitScript carries that call into the
 * page, so the page defines it first.
 */
export async function benchContext(browser: Browser, options?: BrowserContextOptions) {
  const context = await browser.newContext(options);
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  return context;
}
