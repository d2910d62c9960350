import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { createLayout, pieceOffsetForHandle, type LayoutSettings, type PuzzleLayout } from '@game-register/puzzle-captcha/core';
import { planPuzzle } from '@game-register/puzzle-captcha/core';
import { opaqueBounds, pieceColumnBounds } from '@game-register/puzzle-captcha/testing';

// The widget runs in its playground (a separate build, never shipped). A seeded random source goes in
// through the `random` prop, and the test works out the gap from the same seed with the puzzle rules:
// the page never tells where the gap is.
const PLAYGROUND = `http://127.0.0.1:${process.env.E2E_PLAYGROUND_PORT}/captcha.html`;
const SEED = 20240607;

interface Point {
  x: number;
  y: number;
}

function firstPuzzle(seed: number, settings: LayoutSettings = {}) {
  const layout = createLayout(settings);
  return { layout, plan: planPuzzle(seededRandom(seed), layout, 0, -1) };
}

/** The handle position that puts the piece `miss` units right of the gap. */
function handleFor(layout: PuzzleLayout, gapX: number, miss = 0): number {
  const wanted = gapX - 3 + miss;
  const perHandleUnit = pieceOffsetForHandle(1, layout);
  return wanted / perHandleUnit;
}

async function openPlayground(page: Page, params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  await page.goto(`${PLAYGROUND}?${query}`);
  await expect(widget(page)).toHaveAttribute('data-state', 'ready');
}

const widget = (page: Page) => page.locator('.pcap');
const handle = (page: Page) => page.getByRole('slider');
const board = (page: Page) => page.locator('.pcap-board');
const events = (page: Page, name: string) => page.locator(`[data-event="${name}"]`);

async function box(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('element is not visible');
  return rect;
}

async function touchDrag(page: Page, from: Point, to: Point, steps = 12) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });
  await touch('touchStart', from);
  for (let i = 1; i <= steps; i += 1) {
    await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
  }
  await touch('touchEnd');
  await cdp.detach();
}

async function mouseDrag(page: Page, from: Point, to: Point, steps = 12) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

/** Drags the handle to position `d` (canvas units): with a finger on the phone, the mouse on desktop. */
async function dragHandleTo(page: Page, testInfo: TestInfo, layout: PuzzleLayout, d: number) {
  const track = await box(page.locator('.pcap-track'));
  const grip = await box(handle(page));
  const from = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
  // Ends well below the track: only pointer capture keeps the moves and the release coming to it.
  const to = { x: from.x + (d * track.width) / layout.width, y: from.y + track.height * 1.5 };
  if (testInfo.project.use.hasTouch) await touchDrag(page, from, to);
  else await mouseDrag(page, from, to);
}

const pixels = (page: Page) => board(page).evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());

test('a drag to the gap passes: success banner, no more sliding, success emitted once after 800 ms', async ({ page }, testInfo) => {
  const { layout, plan } = firstPuzzle(SEED);
  await openPlayground(page, { seed: SEED, show: 1 });
  // The page notes the moment of release itself, so a busy machine cannot blur the 800 ms.
  await page.evaluate(() => {
    addEventListener(
      'pointerup',
      () => {
        (window as unknown as { releasedAt: number }).releasedAt = performance.now();
      },
      { capture: true, once: true },
    );
  });
  await dragHandleTo(page, testInfo, layout, handleFor(layout, plan.gapX, 2));

  await expect(page.locator('.pcap-banner')).toHaveText('验证通过！');
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: '验证通过！' })).toHaveCount(1);
  await expect(handle(page)).toHaveAttribute('aria-disabled', 'true');

  await expect(events(page, 'success')).toHaveCount(1);
  const emittedAt = Number(await events(page, 'success').getAttribute('data-at'));
  const releasedAt = await page.evaluate(() => (window as unknown as { releasedAt: number }).releasedAt);
  expect(emittedAt - releasedAt).toBeGreaterThanOrEqual(795);
  await expect(events(page, 'success')).toContainText(`pinX ${plan.gapX - 3}`);
  await page.waitForTimeout(1000);
  await expect(events(page, 'success')).toHaveCount(1);
  await expect(events(page, 'fail')).toHaveCount(0);
});

test('a wrong drag fails at once, shows the failure banner, then a new picture', async ({ page }, testInfo) => {
  const { layout, plan } = firstPuzzle(SEED);
  await openPlayground(page, { seed: SEED, show: 1 });
  const before = await pixels(page);
  await dragHandleTo(page, testInfo, layout, handleFor(layout, plan.gapX, 30));

  await expect(events(page, 'fail')).toHaveCount(1);
  await expect(page.locator('.pcap-banner')).toHaveText('验证失败，请重试');
  await expect(widget(page)).toHaveAttribute('data-state', 'ready'); // after 800 ms
  await expect(handle(page)).toHaveAttribute('aria-valuenow', '0');
  expect(await pixels(page)).not.toBe(before);
  await expect(events(page, 'success')).toHaveCount(0);
});

test('a tap on the track moves the handle there and submits', async ({ page }) => {
  const { layout, plan } = firstPuzzle(SEED, { canvasWidth: 300 });
  await openPlayground(page, { seed: SEED, type: 'inside', canvasWidth: 300 });
  const track = await box(page.locator('.pcap-track'));
  const d = handleFor(layout, plan.gapX);
  const x = track.x + ((d + layout.sliderSize / 2) * track.width) / layout.width;
  await page.mouse.click(x, track.y + track.height / 2);
  await expect(page.locator('.pcap-banner')).toHaveText('验证通过！');
  await expect(events(page, 'success')).toHaveCount(1);
});

test('refresh shows another picture and emits reset', async ({ page }) => {
  await openPlayground(page, { seed: SEED, type: 'inside' });
  const before = await pixels(page);
  await page.getByRole('button', { name: '换一张' }).click();
  await expect(events(page, 'reset')).toHaveCount(1);
  await expect(widget(page)).toHaveAttribute('data-state', 'ready');
  expect(await pixels(page)).not.toBe(before);
});

test('the canvases have a backing store of 3x their CSS size at device scale 3', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
  const page = await context.newPage();
  await openPlayground(page, { seed: SEED, show: 1 });
  const sizes = await page
    .locator('canvas')
    .evaluateAll((canvases: HTMLCanvasElement[]) =>
      canvases.map((c) => ({ width: c.width, height: c.height, cssWidth: c.clientWidth, cssHeight: c.clientHeight })),
    );
  expect(sizes).toHaveLength(2);
  for (const size of sizes) {
    expect(Math.abs(size.width - size.cssWidth * 3)).toBeLessThanOrEqual(1);
    expect(Math.abs(size.height - size.cssHeight * 3)).toBeLessThanOrEqual(1);
  }
  await context.close();
});

test('at 320 px wide the modal fits without horizontal scroll and a correct drag still passes', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const { layout, plan } = firstPuzzle(SEED);
  await openPlayground(page, { seed: SEED, show: 1 });
  const dialog = await box(page.getByRole('dialog', { name: '拼图验证' }));
  expect(dialog.x).toBeGreaterThanOrEqual(0);
  expect(dialog.x + dialog.width).toBeLessThanOrEqual(320);
  expect((await box(board(page))).width).toBeLessThan(layout.width); // the box did scale down
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await dragHandleTo(page, testInfo, layout, handleFor(layout, plan.gapX, -4));
  await expect(events(page, 'success')).toHaveCount(1);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true });
  test('the page does not scroll while a finger drags the handle', async ({ page }) => {
    await openPlayground(page, { seed: SEED, type: 'inside' });
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, 60);
    });
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const grip = await box(handle(page));
    const from = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
    // Mostly upwards: without touch-action the browser would scroll the page and cancel the drag.
    await touchDrag(page, from, { x: from.x + 60, y: from.y - 150 }, 15);

    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await expect(events(page, 'fail').or(events(page, 'success'))).toHaveCount(1); // the drag was not cancelled
  });
});

test('the browser draws the piece where the server draws it (the same core, the same bounds)', async ({ page }) => {
  const { layout, plan } = firstPuzzle(SEED);
  await openPlayground(page, { seed: SEED, type: 'inside' });
  const measured = await page.locator('.pcap-piece').evaluate((canvas: HTMLCanvasElement) => ({
    data: Array.from(canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data),
    width: canvas.width,
    height: canvas.height,
    scale: canvas.height / 160,
  }));
  // packages/gateway/src/drawing/pictures.test.ts holds the @napi-rs/canvas drawing to the same expected bounds.
  const bounds = opaqueBounds(measured.data, measured.width, measured.height, measured.scale);
  const expected = pieceColumnBounds(plan, layout);
  for (const side of ['left', 'top', 'right', 'bottom'] as const) expect(Math.abs(bounds![side] - expected[side])).toBeLessThanOrEqual(1.5);
});

test('dragging moves the piece without drawing on any canvas', async ({ page }) => {
  await page.addInitScript(() => {
    const counts = { draws: 0 };
    (window as unknown as { canvasCalls: typeof counts }).canvasCalls = counts;
    const proto = CanvasRenderingContext2D.prototype;
    for (const name of ['drawImage', 'fill', 'fillRect', 'stroke', 'clearRect', 'putImageData'] as const) {
      const original = proto[name] as (...args: unknown[]) => unknown;
      (proto as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        counts.draws += 1;
        return original.apply(this, args);
      };
    }
  });
  await openPlayground(page, { seed: SEED, type: 'inside' });
  const piece = page.locator('.pcap-piece');
  const pieceStart = (await box(piece)).x;
  const grip = await box(handle(page));
  const drawsBefore = await page.evaluate(() => (window as unknown as { canvasCalls: { draws: number } }).canvasCalls.draws);
  expect(drawsBefore).toBeGreaterThan(0);
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + 150, grip.y + grip.height / 2, { steps: 20 });
  expect((await box(piece)).x).toBeGreaterThan(pieceStart + 80);
  expect(await page.evaluate(() => (window as unknown as { canvasCalls: { draws: number } }).canvasCalls.draws)).toBe(drawsBefore);
  await page.mouse.up();
});

test('a picture URL that fails to load is replaced by a generated picture', async ({ page }) => {
  const requested: string[] = [];
  page.on('requestfailed', (request) => requested.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) requested.push(response.url());
  });
  await openPlayground(page, { seed: SEED, type: 'inside', imgs: '/no-such-picture.png' });
  expect(requested.some((url) => url.endsWith('/no-such-picture.png'))).toBe(true);
  const colours = await board(page).evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return seen.size;
  });
  expect(colours).toBeGreaterThan(20); // a picture, not a blank or single-colour canvas
});

test('the modal takes focus, Escape closes it and focus returns to the opener', async ({ page }) => {
  await page.goto(PLAYGROUND);
  const opener = page.getByRole('button', { name: '打开验证' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '拼图验证' });
  await expect(dialog).toBeVisible();
  await expect(handle(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(events(page, 'close')).toHaveCount(1);
  await expect(opener).toBeFocused();
});

test('prefers-reduced-motion turns the animations off', async ({ page }) => {
  /**
   * Fails the puzzle and reads both animations when its banner is added (it lives 800 ms only). A
   * MutationObserver reads them in the task that adds the banner: polling each frame missed it on a loaded machine.
   */
  const animationNamesOnFailure = async () => {
    await openPlayground(page, { seed: SEED, show: 1 });
    await handle(page).focus();
    await page.evaluate(() => {
      const read = () => {
        const [backdrop, banner] = ['.pcap-backdrop', '.pcap-banner'].map((selector) => document.querySelector(selector));
        return backdrop && banner ? [getComputedStyle(backdrop).animationName, getComputedStyle(banner).animationName] : null;
      };
      const target = window as unknown as { bannerAnimations?: Promise<string[]> };
      target.bannerAnimations = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const names = read();
          if (names) {
            observer.disconnect();
            resolve(names);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
      });
    });
    await page.keyboard.press('Enter'); // at 0: a failure, with its banner
    return page.evaluate(() => (window as unknown as { bannerAnimations: Promise<string[]> }).bannerAnimations);
  };

  expect(await animationNamesOnFailure()).toEqual(['pcap-fade', 'pcap-rise']); // the dialog fades with the backdrop
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animationNamesOnFailure()).toEqual(['none', 'none']);
});
