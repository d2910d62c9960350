import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { fillForm } from './register-form';

// The README's two pictures, taken here on the phone (390x844) and kept current: each run compares what the
// page looks like now with the committed picture and rewrites it when more than a trace of it changed (a
// change to commit). Under CI a stale picture also fails the run, so the README never shows an old page.
const IMAGES = resolve(import.meta.dirname, '../docs/images');
/** A pixel counts as changed past this difference in any channel (antialiasing and palette noise stay under it). */
const CHANNEL_TOLERANCE = 32;
/** The picture is stale when more than this share of its pixels changed. */
const STALE_SHARE = 0.005;
/** The puzzle's picture: a seed whose shapes read well at a glance. */
const SEED = 11;

/** A seeded Math.random in the page (mulberry32), so the puzzle's picture is the same on every run. */
const seedPageRandom = (page: Page, seed: number) =>
  page.addInitScript((start) => {
    let state = start;
    Math.random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }, seed);

/** The page at CSS pixels, as a palette PNG (a few tens of KB rather than the 3x screenshot's hundreds). */
async function shot(page: Page): Promise<Buffer> {
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ scale: 'css', animations: 'disabled', caret: 'hide' });
  return sharp(png).png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 }).toBuffer();
}

/** The share of pixels that differ between two PNGs (1 when their sizes differ). */
async function changedShare(before: Buffer, now: Buffer): Promise<number> {
  const [a, b] = await Promise.all([before, now].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  if (a!.info.width !== b!.info.width || a!.info.height !== b!.info.height) return 1;
  let changed = 0;
  for (let i = 0; i < a!.data.length; i += 3) {
    if (
      Math.max(
        Math.abs(a!.data[i]! - b!.data[i]!),
        Math.abs(a!.data[i + 1]! - b!.data[i + 1]!),
        Math.abs(a!.data[i + 2]! - b!.data[i + 2]!),
      ) > CHANNEL_TOLERANCE
    )
      changed++;
  }
  return changed / (a!.info.width * a!.info.height);
}

/** Writes the picture when it is new or changed; returns whether the committed one was stale. */
async function keep(name: string, png: Buffer): Promise<boolean> {
  const path = resolve(IMAGES, name);
  const stale = !existsSync(path) || (await changedShare(readFileSync(path), png)) > STALE_SHARE;
  if (stale) writeFileSync(path, png);
  return stale;
}

test('the README pictures: the register page and the puzzle on a phone, as the page is now', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the README shows the phone');
  await seedPageRandom(page, SEED);
  await page.goto('/register');
  await expect(page.getByRole('button', { name: '立即注册' })).toBeVisible();
  const register = await shot(page);

  await fillForm(page, { name: 'xinghe2026', password: 'Star*2026', mobile: '13912345678' });
  await page.getByRole('button', { name: '立即注册' }).click();
  await expect(page.getByRole('dialog', { name: '拼图验证' })).toBeVisible();
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  const puzzle = await shot(page);

  const stale = [
    (await keep('readme-register.png', register)) && 'readme-register.png',
    (await keep('readme-puzzle.png', puzzle)) && 'readme-puzzle.png',
  ].filter(Boolean);
  for (const png of [register, puzzle]) expect(png.length).toBeLessThan(120_000);
  // A stale picture was rewritten in docs/images/: commit it. Only CI, which commits nothing, fails on it.
  if (process.env.CI) expect(stale, 'docs/images/ was stale (rewritten: commit it)').toEqual([]);
});
