import { expect, test } from '@playwright/test';
import { createLayout, pieceOffsetForHandle, planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { dragHandle } from './puzzle-drag';

// The packed package in a scratch Vite + React app (scripts/package-consumer.ts): what an outside app
// gets from `npm install` — dist's JS, its stylesheet and its types — works. The app seeds the widget
// through the package's own testing door; the test works the gap out from the same seed.
const CONSUMER = `http://127.0.0.1:${process.env.E2E_CONSUMER_PORT}/`;
const SEED = 20240607;

// scripts/e2e.ts builds the scratch app beside the other specs; this spec alone waits for it to answer.
test.beforeAll(async () => {
  test.setTimeout(240_000);
  await expect(async () => expect((await fetch(CONSUMER)).ok).toBe(true)).toPass({ timeout: 230_000, intervals: [500] });
});

test('the packed widget, installed from its tarball, is styled and passes a drag to the gap', async ({ page }, testInfo) => {
  const layout = createLayout({});
  const { gapX } = planPuzzle(seededRandom(SEED), layout, 0, -1);
  await page.goto(`${CONSUMER}?seed=${SEED}`);
  const widget = page.locator('.pcap');
  await expect(widget).toHaveAttribute('data-state', 'ready');
  // dist/style.css came along with the widget's entry: the track is laid out, not an unstyled div.
  const track = (await page.locator('.pcap-track').boundingBox())!;
  expect(track.height).toBeGreaterThan(20);
  await expect(page.getByRole('slider')).toHaveCSS('position', 'absolute');

  const handleUnits = (gapX - 3) / pieceOffsetForHandle(1, layout);
  await dragHandle(page, handleUnits, layout.width, Boolean(testInfo.project.use.hasTouch));
  await expect(widget).toHaveAttribute('data-state', 'success');
  await expect(page.locator('#verdict')).toHaveText(`success at ${gapX - 3}`, { timeout: 3000 });
});
