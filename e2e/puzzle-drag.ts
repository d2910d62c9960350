import type { Page } from '@playwright/test';

/** A hand-like drag: press, 15 moves easing out over about 400 ms with a little vertical drift, release. */
export async function dragHandle(page: Page, handleUnits: number, canvasWidth: number, touch: boolean) {
  const track = (await page.locator('.pcap-track').boundingBox())!;
  const grip = (await page.getByRole('slider').boundingBox())!;
  const from = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
  const distance = (handleUnits * track.width) / canvasWidth;
  const steps = 15;
  const at = (i: number) => ({ x: from.x + distance * (1 - (1 - i / steps) ** 2), y: from.y + Math.min(i, 4) });
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    await send('touchStart', [from]);
    for (let i = 1; i <= steps; i += 1) {
      await page.waitForTimeout(25);
      await send('touchMove', [at(i)]);
    }
    await send('touchEnd', []);
    await cdp.detach();
  } else {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i += 1) {
      await page.waitForTimeout(25);
      await page.mouse.move(at(i).x, at(i).y);
    }
    await page.mouse.up();
  }
}
