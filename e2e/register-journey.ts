import { expect, type Page } from '@playwright/test';
import { createLayout, pieceOffsetForHandle, planPuzzle } from '@game-register/puzzle-captcha/core';
import { dragHandle } from './puzzle-drag';
import { fillForm, type RegistrationValues } from './register-form';

// The register screen's puzzle draws its randomness from Math.random; pinning it in the page lets a test
// work out the gap with the puzzle's own rules, so the page never has to reveal the answer.
const PINNED_RANDOM = 0.5;

/** Call before the page loads: the puzzle the page draws is then the one registerThroughPuzzle solves. */
export const pinPuzzleRandom = (page: Page) =>
  page.addInitScript((value) => {
    Math.random = () => value;
  }, PINNED_RANDOM);

/** Fills the form, taps 立即注册 and drags the (pinned) puzzle home, as a visitor does. */
export async function registerThroughPuzzle(page: Page, values: RegistrationValues, touch: boolean) {
  await fillForm(page, values);
  await page.getByRole('button', { name: '立即注册' }).click();
  await expect(page.getByRole('dialog', { name: '拼图验证' })).toBeVisible();
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  const layout = createLayout({});
  const { gapX } = planPuzzle(() => PINNED_RANDOM, layout, 0, -1);
  await dragHandle(page, (gapX - 3) / pieceOffsetForHandle(1, layout), layout.width, touch);
}
