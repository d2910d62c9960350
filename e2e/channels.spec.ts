import type { Page, TestInfo } from '@playwright/test';
import { createLayout, pieceOffsetForHandle, planPuzzle } from '@game-register/puzzle-captcha/core';
import { expect, test } from './fixtures';
import { dragHandle } from './puzzle-drag';
import { fillForm } from './register-form';

// The stack of e2e/channel-stack.ts: the app's one build, its channels listed in the server's site settings
// (so the page carries them), in proxy mode in front of a backend that records what it is sent, metrics on.
const BASE = `http://127.0.0.1:${process.env.E2E_CHANNELS_PORT}`;
const BACKEND = `http://127.0.0.1:${process.env.E2E_CHANNELS_BACKEND_PORT}`;
const METRICS = `http://127.0.0.1:${process.env.E2E_CHANNELS_METRICS_PORT}/metrics`;
const DEFAULT = 'H5REG';
const PINNED_RANDOM = 0.5;

test.use({ baseURL: BASE });

interface Seen {
  method: string;
  url: string;
  body: string;
  channelHeader: string | null;
}

let visitor = 0;

/** Fills the form with a fresh account, taps 立即注册, solves the puzzle, and answers reg's query. */
async function registerThroughPuzzle(page: Page, testInfo: TestInfo): Promise<URLSearchParams> {
  const phone = testInfo.project.use.isMobile === true;
  visitor += 1;
  const unique = `${Date.now() % 100_000_000}`.padStart(8, '0');
  await fillForm(page, {
    name: `c${testInfo.project.name[0]}${visitor}_${unique}`,
    password: 'secret88',
    mobile: `13${unique}${visitor % 10}`,
  });
  const reg = page.waitForRequest((request) => request.url().includes('/api/Index/reg?'));
  await page.getByRole('button', { name: '立即注册' }).click();
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  const layout = createLayout({});
  const { gapX } = planPuzzle(() => PINNED_RANDOM, layout, 0, -1);
  await dragHandle(page, (gapX - 3) / pieceOffsetForHandle(1, layout), layout.width, phone);
  const query = new URL((await reg).url()).searchParams;
  await expect(page.getByRole('dialog', { name: '注册成功' })).toBeVisible({ timeout: 10_000 });
  return query;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript((value) => {
    Math.random = () => value;
  }, PINNED_RANDOM);
});

test('a visit from /register?c=CH7 goes to 联系客服 and back, opens 下载APP, and registers under CH7', async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  await page.goto('/register?c=CH7');
  await page.getByRole('link', { name: '联系客服' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('button', { name: '下载APP' }).click();
  await page.keyboard.press('Escape');
  const query = await registerThroughPuzzle(page, testInfo);
  expect(query.get('code')).toBe('CH7');
  expect(query.getAll('code')).toHaveLength(1);
});

test('the channel lasts through full page loads of the visit, and a new link brings its own', async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  await page.goto('/register?c=CH7');
  await page.goto('/contact'); // a full page load, as a link followed before hydration or a reload is
  await page.reload();
  await page.goto('/register');
  expect((await registerThroughPuzzle(page, testInfo)).get('code')).toBe('CH7');
  await page.goto('/register?c=CH8');
  expect((await registerThroughPuzzle(page, testInfo)).get('code')).toBe('CH8');
});

for (const [what, link] of [
  ['no c', '/register'],
  ['a listed code in another parameter', '/register?channel=CH7'],
] as const) {
  test(`a visit with ${what} registers under the default`, async ({ page }, testInfo) => {
    test.setTimeout(45_000);
    await page.goto(link);
    expect((await registerThroughPuzzle(page, testInfo)).get('code')).toBe(DEFAULT);
  });
}

test('a hand-made reg with an unlisted code never reaches the backend with it', async ({ request }, testInfo) => {
  const marker = `hand${testInfo.project.name}${Date.now()}`;
  const head = `name=${marker}&Password=p&rePassword=p&wash=1&washType=2`;
  const tail = 'mobile=13800000000&QQ=&islogin=true';
  // Read one way: registered under the default.
  for (const codes of ['code=EVIL', `code=${'E'.repeat(300)}`, 'code=']) {
    const answer = await request.post(`/api/Index/reg?${head}&${codes}&${tail}`);
    expect(await answer.json()).toEqual({ status: 'y', info: '注册成功' });
  }
  // Readable more than one way (two codes, another spelling of code, a body on reg): refused, never sent on.
  for (const codes of ['code=CH7&code=EVIL', 'Code=EVIL', 'code%5B%5D=EVIL', 'code=CH7&code%00=EVIL']) {
    const answer = await request.post(`/api/Index/reg?${head}&${codes}&${tail}`);
    expect(answer.status()).toBe(400);
  }
  const withBody = await request.post(`/api/Index/reg?${head}&code=CH7&${tail}`, { form: { code: 'EVIL' } });
  expect(withBody.status()).toBe(400);

  const seen = ((await (await request.get(`${BACKEND}/__seen`)).json()) as Seen[]).filter((call) => call.url.includes(marker));
  expect(seen).toHaveLength(3);
  for (const call of seen) {
    expect(call.url).toBe(`/api/Index/reg?${head}&code=${DEFAULT}&${tail}`);
    expect(call.body).toBe('');
  }
});

/** The funnel's counters of one channel, from the server's metrics listener. */
async function funnelOf(channel: string) {
  const text = await (await fetch(METRICS)).text();
  const value = (name: string, labels: Record<string, string>) => {
    const wanted = Object.entries({ ...labels, channel }).map(([key, v]) => `${key}="${v}"`);
    return text
      .split('\n')
      .filter((line) => line.startsWith(`game_register_${name}{`) && wanted.every((label) => line.includes(label)))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  };
  return {
    views: value('register_page_views_total', {}),
    phoneChecks: value('check_answers_total', { call: 'checktel' }),
    nameChecks: value('check_answers_total', { call: 'checkuser' }),
    shown: value('puzzle_steps_total', { step: 'shown' }),
    passed: value('puzzle_steps_total', { step: 'passed' }),
    registered: value('reg_outcomes_total', { outcome: 'registered' }),
  };
}

test("the server counts the journey's funnel under its channel: page view, checks, puzzle shown and passed, registration", async ({
  page,
}, testInfo) => {
  test.setTimeout(45_000);
  const channel = testInfo.project.name === 'phone' ? 'CH9' : 'CH10'; // no other test uses these: exact counts
  const before = await funnelOf(channel);
  await page.goto(`/register?c=${channel}`);
  await page.getByRole('link', { name: '联系客服' }).click();
  await page.getByRole('button', { name: '返回' }).click(); // in the app: not a second page view
  await registerThroughPuzzle(page, testInfo);
  const moved = async () => {
    const after = await funnelOf(channel);
    return Object.fromEntries(Object.entries(after).map(([step, value]) => [step, value - before[step as keyof typeof before]]));
  };
  // The puzzle's beacons and the answers' counts arrive on their own: poll until all are in.
  await expect.poll(moved).toEqual({ views: 1, phoneChecks: 1, nameChecks: expect.any(Number), shown: 1, passed: 1, registered: 1 });
  expect((await moved()).nameChecks).toBeGreaterThanOrEqual(1);
});

test('a link naming an unlisted channel is counted as other, and its visit registers under the default', async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  const before = await funnelOf('other');
  await page.goto('/register?c=UNLISTED');
  expect((await registerThroughPuzzle(page, testInfo)).get('code')).toBe(DEFAULT);
  expect((await funnelOf('other')).views - before.views).toBeGreaterThanOrEqual(1);
});
