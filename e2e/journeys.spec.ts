import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLayout, pieceOffsetForHandle, planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { until, type Driver } from './engines/driver';
import { expect, PHONE, test } from './engines/fixtures';
import { DRAG_STEP_MS, handDragPath } from './puzzle-drag';

// The main journeys, written once and run by every engine: Chromium (Playwright, the phone project, touch),
// WebKit (WebDriver) and Firefox (WebDriver BiDi); see docs/testing.md, "Browser engines".

/** Where the run leaves each screen's screenshot per engine, for a person to compare (git-ignored). */
const SCREENS_DIR = 'e2e-screens';
const SCREENS = [
  ['register', '/register', '注册账号'],
  ['contact', '/contact', '联系我们'],
  ['download', '/download', '下载APP'],
] as const;
const ENGINES = ['chromium', 'webkit', 'firefox'] as const;
const PINNED_RANDOM = 0.5;
const STRICT_ORIGIN = `http://127.0.0.1:${process.env.E2E_STRICT_PORT}`;
const STRICT_SEED = Number(process.env.E2E_STRICT_SEED);

// A WebKit session starts in about 2 s and a registration waits up to 20 s for its popup: room under load.
test.describe.configure({ timeout: 60_000 });

/** An account no other test (in any engine, at any time of this run) registers: the mobile number is unique too. */
function newAccount(driver: Driver, journey: number) {
  const engineDigit = { chromium: 3, webkit: 5, firefox: 7 }[driver.engine];
  const stamp = String(Date.now()).slice(-8);
  return { name: `${driver.engine.slice(0, 2)}${journey}_${stamp}`, password: 'Secret88', mobile: `1${engineDigit}${journey}${stamp}` };
}

async function fillForm(driver: Driver, account: ReturnType<typeof newAccount>) {
  await driver.fill('账号', account.name);
  await driver.fill('密码', account.password);
  await driver.fill('确认密码', account.password);
  await driver.fill('手机号', account.mobile);
}

/** Opens the puzzle from a filled form and waits until it is drawn and slidable. */
async function openPuzzle(driver: Driver) {
  await driver.click({ role: 'button', name: '立即注册' });
  await until(() => driver.evaluate(() => document.querySelector('.pcap')?.getAttribute('data-state') === 'ready'), 'the puzzle ready');
}

/** The handle position (canvas units) that puts the piece into the gap the random source plans. */
function handleForGap(random: () => number) {
  const layout = createLayout({});
  const { gapX } = planPuzzle(random, layout, 0, -1);
  return { layout, units: Math.round((gapX - 3) / pieceOffsetForHandle(1, layout)) };
}

async function dragIntoGap(driver: Driver, random: () => number) {
  const { layout, units } = handleForGap(random);
  const track = await driver.box('.pcap-track');
  const grip = await driver.box('[role="slider"]');
  await driver.drag(handDragPath(track!, grip!, units, layout.width), DRAG_STEP_MS);
}

/** A new account typed into /register and the puzzle open, its gap planned from PINNED_RANDOM. */
async function registerUpToPuzzle(driver: Driver, journey: number) {
  const account = newAccount(driver, journey);
  await driver.goto('/register');
  // The puzzle plans its gap from Math.random when it opens: pinned, the test knows the gap, the page never tells.
  await driver.evaluate((value) => {
    Math.random = () => value;
  }, PINNED_RANDOM);
  await fillForm(driver, account);
  await openPuzzle(driver);
  return account;
}

async function expectRegistered(driver: Driver, account: ReturnType<typeof newAccount>) {
  const popup = await until(() => driver.text({ role: 'dialog', name: '注册成功' }), 'the success popup', 20_000);
  expect(popup).toContain(account.name);
  expect(popup).toContain(account.password);
  expect(await driver.text({ role: 'dialog', name: '拼图验证' })).toBeNull();
  expect(await driver.pageErrors()).toEqual([]);
}

/** The failed-check message under the labelled field: the text its aria-describedby names, when the input is marked invalid and that text is shown below it. */
function messageUnder(driver: Driver, label: string) {
  return driver.evaluate((labelText) => {
    const input = [...document.querySelectorAll('label')].find((each) => each.textContent?.trim() === labelText)?.control;
    const message = document.getElementById(input?.getAttribute('aria-describedby') ?? '');
    if (!input || !message || input.getAttribute('aria-invalid') !== 'true') return null;
    const shownBelow =
      message.getBoundingClientRect().height > 0 && message.getBoundingClientRect().top >= input.getBoundingClientRect().bottom;
    return shownBelow ? message.textContent : null;
  }, label);
}

/** A page beside the screenshots that shows each screen in the three engines side by side. */
function writeScreensIndex() {
  const rows = SCREENS.map(
    ([screen]) =>
      `<tr><th>${screen}</th>${ENGINES.map((engine) => `<td><img src="${screen}-${engine}.png" width="${PHONE.width}" alt="${screen} in ${engine}"></td>`).join('')}</tr>`,
  );
  const head = `<tr><th></th>${ENGINES.map((engine) => `<th>${engine}</th>`).join('')}</tr>`;
  writeFileSync(
    join(SCREENS_DIR, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Screens by engine</title><table>${head}${rows.join('')}</table>\n`,
  );
}

test('the three screens at 390 px: heading shown, no horizontal scroll, no page error; a screenshot of each', async ({ driver }) => {
  mkdirSync(SCREENS_DIR, { recursive: true });
  writeScreensIndex();
  for (const [screen, path, heading] of SCREENS) {
    await driver.goto(path);
    await until(() => driver.text({ role: 'heading', name: heading }), `${path}: its heading ${heading}`);
    const overflow = await driver.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    expect(await driver.evaluate(() => innerWidth)).toBe(PHONE.width);
    await driver.screenshot(join(SCREENS_DIR, `${screen}-${driver.engine}.png`));
    expect(await driver.pageErrors(), `${path}: page errors`).toEqual([]);
  }
});

test('registers from an empty form to the success popup through a pointer drag of the puzzle', async ({ driver }) => {
  const account = await registerUpToPuzzle(driver, 1);
  await dragIntoGap(driver, () => PINNED_RANDOM);
  await expectRegistered(driver, account);
});

test('solves the puzzle by keyboard: focus on the handle, arrows, Enter', async ({ driver }) => {
  const account = await registerUpToPuzzle(driver, 2);
  await until(() => driver.evaluate(() => document.activeElement?.getAttribute('role') === 'slider'), 'focus on the handle');
  const { units } = handleForGap(() => PINNED_RANDOM);
  await driver.press('Home');
  for (let i = 0; i < Math.floor(units / 10); i += 1) await driver.press('Shift+ArrowRight');
  for (let i = 0; i < units % 10; i += 1) await driver.press('ArrowRight');
  expect(await driver.evaluate(() => document.querySelector('[role="slider"]')?.getAttribute('aria-valuenow'))).toBe(String(units));
  await driver.press('Enter');
  await expectRegistered(driver, account);
});

test('a failed check is shown, in the toast and under its field: a taken account name, on leaving the field', async ({
  driver,
  baseURL,
}) => {
  const taken = newAccount(driver, 3);
  const query = new URLSearchParams({
    name: taken.name,
    Password: taken.password,
    rePassword: taken.password,
    wash: '1',
    washType: '2',
    code: 'H5REG',
    mobile: taken.mobile,
    QQ: '',
    islogin: 'true',
  });
  const answer = (await (await fetch(`${baseURL}/api/Index/reg?${query}`, { method: 'POST' })).json()) as { status: string };
  expect(answer.status).toBe('y');
  await driver.goto('/register');
  await driver.fill('账号', taken.name);
  await driver.press('Tab');
  await until(async () => (await driver.text({ role: 'status' }))?.includes('用户名已存在'), 'the 用户名已存在 toast');
  expect(await until(() => messageUnder(driver, '账号'), 'the 用户名已存在 message under 账号')).toBe('用户名已存在');
  expect(await driver.pageErrors()).toEqual([]);
});

test('contact: a copy button copies and says so in its toast', async ({ driver }) => {
  await driver.goto('/contact');
  await driver.click({ role: 'button', name: '复制微信' });
  await until(async () => (await driver.text({ role: 'status' }))?.includes('复制成功'), 'the 复制成功 toast');
  expect(await driver.pageErrors()).toEqual([]);
});

test('the download popup offers both downloads and closes with Escape', async ({ driver }) => {
  await driver.goto('/register');
  await driver.click({ role: 'button', name: '下载APP' });
  await until(() => driver.text({ role: 'dialog', name: '选择下载方式' }), 'the 选择下载方式 popup');
  expect(await driver.text({ role: 'button', name: '安卓下载' })).toContain('安卓下载');
  expect(await driver.text({ role: 'button', name: '苹果下载' })).toContain('苹果下载');
  await driver.press('Escape');
  await until(async () => (await driver.text({ role: 'dialog', name: '选择下载方式' })) === null, 'the popup closed');
  expect(await driver.pageErrors()).toEqual([]);
});

test('strict mode: registers through the server puzzle, its proof of work solved in the page', async ({ driver }) => {
  const account = newAccount(driver, 4);
  await driver.goto(`${STRICT_ORIGIN}/register`);
  await recordWorkers(driver);
  await fillForm(driver, account);
  await openPuzzle(driver);
  await dragIntoGap(driver, seededRandom(STRICT_SEED));
  await expectRegistered(driver, account);
  // One worker, the WebCrypto one (not the fallback with its own SHA-256), and it did not fail.
  const workers = await driver.evaluate(() => (window as unknown as { __workers: string[] }).__workers);
  expect(workers).toHaveLength(1);
  expect(workers[0]).toMatch(/\/solve-worker-(?!noble-)[\w-]+\.js$/);
});

/** Records in window.__workers the script of every Web Worker the page starts, and 'error' if one fails. */
async function recordWorkers(driver: Driver) {
  await driver.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __workers: string[] }).__workers = seen;
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        seen.push(String(url));
        this.addEventListener('error', () => seen.push('error'));
      }
    };
  });
}
