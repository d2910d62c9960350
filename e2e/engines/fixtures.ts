import { test as base } from '@playwright/test';
import type { Browser as PuppeteerBrowser } from 'puppeteer-core';
import type { Browser } from '@playwright/test';
import type { Driver, Engine } from './driver';
import { FirefoxDriver, launchFirefox } from './firefox';
import { PlaywrightDriver } from './playwright-driver';
import { startWebKitHost, WebKitDriver, type WebKitHost } from './webkit';

/** The viewport every journey runs at: a phone's 390x844 CSS pixels (device scale 3 where the engine can). */
export const PHONE = { width: 390, height: 844, deviceScaleFactor: 3 };

type EngineHost =
  { engine: 'chromium'; browser: Browser } | { engine: 'webkit'; host: WebKitHost } | { engine: 'firefox'; browser: PuppeteerBrowser };

/**
 * `driver`: the page a journey drives, in the engine its project names (`engine` option). The browser (or
 * WebKit's display and WebDriver) lives as long as the worker; each test gets a fresh context or session.
 * Chromium is launched here from the project's own options, so a WebKit or Firefox project never starts it.
 */
export const test = base.extend<{ driver: Driver }, { engine: Engine; engineHost: EngineHost }>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  engineHost: [
    async ({ engine, playwright, launchOptions }, use) => {
      if (engine === 'webkit') {
        const host = await startWebKitHost();
        await use({ engine, host });
        await host.stop();
      } else if (engine === 'firefox') {
        const browser = await launchFirefox();
        await use({ engine, browser });
        await browser.close();
      } else {
        const browser = await playwright.chromium.launch(launchOptions);
        await use({ engine, browser });
        await browser.close();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  driver: async ({ engineHost, baseURL, locale, userAgent, isMobile, hasTouch }, use) => {
    let driver: Driver;
    if (engineHost.engine === 'webkit') driver = await WebKitDriver.open(engineHost.host, baseURL!, PHONE.width, PHONE.height);
    else if (engineHost.engine === 'firefox')
      driver = await FirefoxDriver.open(engineHost.browser, baseURL!, PHONE.width, PHONE.height, PHONE.deviceScaleFactor);
    else {
      const context = await engineHost.browser.newContext({
        baseURL,
        locale,
        userAgent,
        isMobile,
        hasTouch,
        viewport: { width: PHONE.width, height: PHONE.height },
        deviceScaleFactor: PHONE.deviceScaleFactor,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      driver = new PlaywrightDriver(context, await context.newPage(), hasTouch === true);
    }
    await use(driver);
    await driver.close();
  },
});

export { expect } from '@playwright/test';
