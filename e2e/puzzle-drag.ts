import type { Page } from '@playwright/test';
import type { Box, Point } from './engines/driver';
import { playwrightDrag } from './engines/playwright-driver';

/** The pause between two moves of a hand-like drag. */
export const DRAG_STEP_MS = 25;

/**
 * A hand-like drag of the puzzle's handle by handleUnits (canvas units): from the grip's centre, 15 moves easing
 * out over about 400 ms with a little vertical drift.
 */
export function handDragPath(track: Box, grip: Box, handleUnits: number, canvasWidth: number): Point[] {
  const from = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
  const distance = (handleUnits * track.width) / canvasWidth;
  const steps = 15;
  const at = (i: number) => ({ x: from.x + distance * (1 - (1 - i / steps) ** 2), y: from.y + Math.min(i, 4) });
  return Array.from({ length: steps + 1 }, (_, i) => at(i));
}

/** A hand-like drag of the handle (see handDragPath): a touch or the mouse. */
export async function dragHandle(page: Page, handleUnits: number, canvasWidth: number, touch: boolean) {
  const track = (await page.locator('.pcap-track').boundingBox())!;
  const grip = (await page.getByRole('slider').boundingBox())!;
  await playwrightDrag(page, handDragPath(track, grip, handleUnits, canvasWidth), DRAG_STEP_MS, touch);
}
