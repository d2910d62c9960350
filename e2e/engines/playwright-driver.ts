import type { BrowserContext, Page } from '@playwright/test';
import type { Box, ByRole, Driver, Key, Point } from './driver';

/** Presses at the first point, moves through the rest stepMs apart and releases: a touch (over CDP) or the mouse. */
export async function playwrightDrag(page: Page, points: Point[], stepMs: number, touch: boolean) {
  const [first, ...rest] = points;
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: Point[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
    await send('touchStart', [first!]);
    for (const point of rest) {
      await page.waitForTimeout(stepMs);
      await send('touchMove', [point]);
    }
    await send('touchEnd', []);
    await cdp.detach();
    return;
  }
  await page.mouse.move(first!.x, first!.y);
  await page.mouse.down();
  for (const point of rest) {
    await page.waitForTimeout(stepMs);
    await page.mouse.move(point.x, point.y);
  }
  await page.mouse.up();
}

/** Chromium through Playwright, as every other spec drives it; the phone project's drag is a touch. */
export class PlaywrightDriver implements Driver {
  readonly engine = 'chromium';
  private readonly errors: string[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    readonly touch: boolean,
  ) {
    page.on('pageerror', (error) => this.errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(message.text());
    });
  }

  private byRole({ role, name }: ByRole) {
    return this.page.getByRole(role, name === undefined ? {} : { name, exact: true });
  }

  async goto(pathOrUrl: string) {
    await this.page.goto(pathOrUrl);
    await this.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  }

  async click(target: ByRole) {
    await this.byRole(target).click();
  }

  async fill(label: string, text: string) {
    await this.page.getByLabel(label, { exact: true }).click();
    await this.page.keyboard.type(text);
  }

  async press(key: Key) {
    await this.page.keyboard.press(key);
  }

  drag(points: Point[], stepMs: number) {
    return playwrightDrag(this.page, points, stepMs, this.touch);
  }

  async text(target: ByRole) {
    const found = this.byRole(target).first();
    return (await found.isVisible()) ? found.innerText() : null;
  }

  async box(selector: string): Promise<Box | null> {
    return this.page.locator(selector).first().boundingBox();
  }

  evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => R, arg as unknown);
  }

  async screenshot(path: string) {
    await this.page.screenshot({ path });
  }

  async pageErrors() {
    return [...this.errors];
  }

  async close() {
    await this.context.close();
  }
}
