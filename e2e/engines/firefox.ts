import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { FIREFOX_PATH } from '../../scripts/ensure-firefox';
import type { Key, Point } from './driver';
import { findInPage, type Query } from './in-page';
import { InPageDriver } from './in-page-driver';

/** Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core; shared by the tests of one worker. */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true });
}

/** One test's Firefox: a fresh browser context (its own storage) with one page of the given viewport. */
export class FirefoxDriver extends InPageDriver {
  readonly engine = 'firefox';
  private readonly errors: string[] = [];

  private constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    baseURL: string,
  ) {
    super(baseURL);
    page.on('pageerror', (error) => this.errors.push(error instanceof Error ? error.message : String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(message.text());
    });
  }

  static async open(browser: Browser, baseURL: string, width: number, height: number, deviceScaleFactor: number) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width, height, deviceScaleFactor });
    return new FirefoxDriver(context, page, baseURL);
  }

  protected expression<R>(source: string) {
    return this.page.evaluate(source) as Promise<R>;
  }

  protected async navigate(url: string) {
    await this.page.goto(url);
  }

  private async element(query: Query) {
    const handle = await this.page.evaluateHandle(findInPage, query);
    return handle as ElementHandle<Element>;
  }

  protected async clickFound(query: Query) {
    await (await this.element(query)).click();
  }

  protected async typeInto(query: Query, text: string) {
    const field = await this.element(query);
    await field.click();
    await field.type(text);
  }

  async press(key: Key) {
    const keys = key.split('+') as KeyInput[];
    for (const name of keys) await this.page.keyboard.down(name);
    for (const name of keys.reverse()) await this.page.keyboard.up(name);
  }

  async drag(points: Point[], stepMs: number) {
    const [first, ...rest] = points;
    await this.page.mouse.move(first!.x, first!.y);
    await this.page.mouse.down();
    for (const point of rest) {
      await new Promise((resolve) => setTimeout(resolve, stepMs));
      await this.page.mouse.move(point.x, point.y);
    }
    await this.page.mouse.up();
  }

  protected png() {
    return this.page.screenshot();
  }

  async pageErrors() {
    return [...this.errors];
  }

  async close() {
    await this.context.close();
  }
}
