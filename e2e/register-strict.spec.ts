import { expect, test, type APIRequestContext, type Page, type Request, type TestInfo } from '@playwright/test';
import { createLayout, pieceOffsetForHandle } from '@game-register/puzzle-captcha/core';
import { planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { dragHandle } from './puzzle-drag';
import { fillForm } from './register-form';

// Strict mode: the app's one build served with CAPTCHA_MODE=strict (the page follows the server), whose
// puzzles are pinned by CAPTCHA_TEST_SEED (a test hook the server honours only under NODE_ENV=test). The
// test works the gap out from the seed: the page itself never gets it.
const ORIGIN = `http://127.0.0.1:${process.env.E2E_STRICT_PORT}`;
const SEED = Number(process.env.E2E_STRICT_SEED);
const GAME_MOBILE = 'https://m.game.example.com/';
const GAME_PC = 'https://www.game.example.com/';

/**
 * The challenge requests the page sends, and those that did not complete (aborted by the widget). Each costs
 * the server a drawn puzzle and counts against the visitor's network's challenges per minute: one opening of
 * the puzzle must send exactly one, at the phone's size and at the desktop's.
 */
function recordChallenges(page: Page) {
  const sent: Request[] = [];
  const failed: Request[] = [];
  const isChallenge = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/captcha/challenge';
  page.on('request', (request) => {
    if (isChallenge(request)) sent.push(request);
  });
  page.on('requestfailed', (request) => {
    if (isChallenge(request)) failed.push(request);
  });
  return { sent, failed };
}

test('a visitor registers in strict mode: server puzzle, real drag, token spent on reg', async ({ page, request }, testInfo) => {
  test.setTimeout(45_000);
  const phone = testInfo.project.use.isMobile === true;
  const gameUrl = phone ? GAME_MOBILE : GAME_PC;
  await page.route(`${gameUrl}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>game</title>' }));

  // Straight to reg without the puzzle: refused.
  const direct = await request.post(`${ORIGIN}/api/Index/reg?name=bot1&Password=123456&rePassword=123456&wash=1&washType=2&code=H5REG&mobile=13700000000&QQ=&islogin=true`);
  expect(await direct.json()).toEqual({ status: 'n', info: '请先完成验证' });

  const suffix = `${testInfo.project.name}${Date.now() % 1_000_000}`;
  const name = `s_${suffix}`;
  const password = 'Str1ct-pw';
  const mobile = `15${String(Date.now()).slice(-8)}${phone ? 1 : 2}`;
  const challenges = recordChallenges(page);
  const regRequests: Request[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/Index/reg')) regRequests.push(sent);
  });

  await page.goto(`${ORIGIN}/register`);
  await fillForm(page, { name, password, mobile });
  await page.getByRole('button', { name: '立即注册' }).click();

  const puzzle = page.getByRole('dialog', { name: '拼图验证' });
  await expect(puzzle).toBeVisible();
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  // One opening, one challenge: none sent and then dropped.
  expect(challenges.sent).toHaveLength(1);
  expect(challenges.failed).toHaveLength(0);
  const challenge = (await (await challenges.sent[0]!.response())!.json()) as Record<string, unknown>;
  expect(Object.keys(challenge).sort()).toEqual(['accessible', 'background', 'expiresAt', 'height', 'id', 'piece', 'pieceSize', 'pieceY', 'width', 'work']);

  const layout = createLayout({});
  const { gapX, gapY } = planPuzzle(seededRandom(SEED), layout, 0, -1);
  expect(challenge.pieceY).toBe(gapY);
  await dragHandle(page, (gapX - 3) / pieceOffsetForHandle(1, layout), layout.width, phone);

  const registered = page.getByRole('dialog', { name: '注册成功' });
  await expect(registered).toBeVisible({ timeout: 10_000 });
  await expect(registered).toContainText(name);
  expect(regRequests).toHaveLength(1);
  expect(challenges.sent).toHaveLength(1); // and none more on the way to the success popup
  const query = new URL(regRequests[0]!.url()).searchParams;
  expect([...query.keys()]).toEqual(['name', 'Password', 'rePassword', 'wash', 'washType', 'code', 'mobile', 'QQ', 'islogin', 'captchaToken']);

  // The token was spent: the same reg again is refused.
  const replay = await request.post(regRequests[0]!.url().replace(mobile, `${mobile.slice(0, -1)}9`).replace(name, `${name}x`));
  expect(await replay.json()).toEqual({ status: 'n', info: '请先完成验证' });
});

/** The register form filled in strict mode and the puzzle open and ready; reg requests and the game page recorded. */
async function strictPuzzleOpen(page: Page, testInfo: TestInfo, prefix: string, submitWith: 'tap' | 'enter' = 'tap') {
  const phone = testInfo.project.use.isMobile === true;
  const gameUrl = phone ? GAME_MOBILE : GAME_PC;
  await page.route(`${gameUrl}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>game</title>' }));
  const stamp = Date.now() % 1_000_000;
  const name = `${prefix}_${testInfo.project.name}${stamp}`;
  const mobile = `16${String(Date.now()).slice(-8)}${phone ? 1 : 2}`;
  const regRequests: Request[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/Index/reg')) regRequests.push(sent);
  });
  const challenges = recordChallenges(page);
  await page.goto(`${ORIGIN}/register`);
  await fillForm(page, { name, password: 'Str1ct-pw', mobile });
  if (submitWith === 'enter') await page.getByLabel('手机号', { exact: true }).press('Enter');
  else await page.getByRole('button', { name: '立即注册' }).click();
  await expect(page.getByRole('dialog', { name: '拼图验证' })).toBeVisible();
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  expect(challenges.sent).toHaveLength(1);
  expect(challenges.failed).toHaveLength(0);
  const layout = createLayout({});
  const { gapX } = planPuzzle(seededRandom(SEED), layout, 0, -1);
  const handleUnits = Math.round((gapX - 3) / pieceOffsetForHandle(1, layout));
  return { name, mobile, regRequests, layout, handleUnits, challenges };
}

/** The success popup, and the token it registered with spent: the same reg again is refused. */
async function expectRegisteredWithSpentToken(page: Page, request: APIRequestContext, name: string, mobile: string, regRequests: Request[]) {
  const registered = page.getByRole('dialog', { name: '注册成功' });
  await expect(registered).toBeVisible({ timeout: 15_000 });
  await expect(registered).toContainText(name);
  expect(regRequests).toHaveLength(1);
  expect(new URL(regRequests[0]!.url()).searchParams.get('captchaToken')).toBeTruthy();
  const replay = await request.post(regRequests[0]!.url().replace(mobile, `${mobile.slice(0, -1)}9`).replace(name, `${name}x`));
  expect(await replay.json()).toEqual({ status: 'n', info: '请先完成验证' });
}

test('strict mode with the keyboard only: Enter in the form, then arrow keys and Enter on the handle', async ({ page, request }, testInfo) => {
  test.setTimeout(45_000);
  const opening = Date.now();
  const { name, mobile, regRequests, handleUnits } = await strictPuzzleOpen(page, testInfo, 'kb', 'enter');
  const ready = Date.now(); // the picture was shown before the test saw it ready
  const handle = page.getByRole('slider');
  await expect(handle).toBeFocused(); // the dialog puts focus on the handle: no Tab needed
  await page.keyboard.press('Home');
  for (let i = 0; i < Math.floor(handleUnits / 10); i += 1) await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < handleUnits % 10; i += 1) await page.keyboard.press('ArrowRight');
  const verify = page.waitForRequest((sent) => sent.url().endsWith('/api/captcha/verify'));
  const pressed = Date.now();
  await page.keyboard.press('Enter');
  const body = (await verify).postDataJSON() as { trail: unknown[]; work?: { solution?: unknown }; timing?: { solveMs: number; workMs: number } };
  const sent = Date.now();
  expect(body.trail.length).toBeLessThan(8); // no drag: the answer stands on the solved work
  expect(body.work?.solution).toBeTruthy();
  // The browser's own measure: from the picture shown (before the test saw it ready) to the Enter (after the
  // test pressed it), and the work's run in its worker.
  expect(body.timing!.solveMs).toBeGreaterThanOrEqual(pressed - ready - 1);
  expect(body.timing!.solveMs).toBeLessThanOrEqual(sent - opening);
  expect(body.timing!.workMs).toBeGreaterThan(0);
  await expectRegisteredWithSpentToken(page, request, name, mobile, regRequests);
});

test('strict mode with one tap on the track', async ({ page, request }, testInfo) => {
  test.setTimeout(45_000);
  const { name, mobile, regRequests, layout, handleUnits } = await strictPuzzleOpen(page, testInfo, 'tap');
  const track = (await page.locator('.pcap-track').boundingBox())!;
  const x = track.x + ((handleUnits + layout.sliderSize / 2) * track.width) / layout.width;
  const verify = page.waitForRequest((sent) => sent.url().endsWith('/api/captcha/verify'));
  if (testInfo.project.use.hasTouch) await page.touchscreen.tap(x, track.y + track.height / 2);
  else await page.mouse.click(x, track.y + track.height / 2);
  const body = (await verify).postDataJSON() as { trail: unknown[]; work?: unknown };
  expect(body.trail.length).toBeLessThan(8);
  expect(body.work).toBeTruthy();
  await expectRegisteredWithSpentToken(page, request, name, mobile, regRequests);
});

test('strict mode through 无障碍验证 alone, as a screen-reader user finds it', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const { name, mobile, regRequests } = await strictPuzzleOpen(page, testInfo, 'ax');
  const dialog = page.getByRole('dialog', { name: '拼图验证' });
  const verify = page.waitForRequest((sent) => sent.url().endsWith('/api/captcha/accessible/verify'));
  await dialog.getByRole('button', { name: '无障碍验证' }).click();
  // Progress is announced in the live region, and the way back is offered and focused.
  await expect(dialog.getByRole('button', { name: '取消' })).toBeFocused();
  await expect(dialog.locator('[aria-live="polite"]')).toContainText('无障碍验证进行中');
  // Timed from the panel shown: the task's fetch and then its work, which ran for some time.
  const { timing } = (await verify).postDataJSON() as { timing?: { solveMs: number; workMs: number } };
  expect(timing!.workMs).toBeGreaterThan(0);
  expect(timing!.solveMs).toBeGreaterThanOrEqual(timing!.workMs);
  await expectRegisteredWithSpentToken(page, request, name, mobile, regRequests);
});

test('无障碍验证 can be cancelled, back to a new picture', async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  await strictPuzzleOpen(page, testInfo, 'axc');
  const dialog = page.getByRole('dialog', { name: '拼图验证' });
  // Hold the accessible challenge so the work cannot finish before the cancel.
  await page.route('**/api/captcha/accessible', () => undefined);
  await dialog.getByRole('button', { name: '无障碍验证' }).click();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  await expect(dialog.getByRole('button', { name: '取消' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: '无障碍验证' })).toBeEnabled();
});

test('each opening of the puzzle asks for one challenge; 换一张 for one more', async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  const { challenges } = await strictPuzzleOpen(page, testInfo, 'once'); // one, at this project's viewport
  const dialog = page.getByRole('dialog', { name: '拼图验证' });
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: '立即注册' }).click();
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  expect(challenges.sent).toHaveLength(2);
  await dialog.getByRole('button', { name: '换一张' }).click();
  await expect.poll(() => challenges.sent.length).toBe(3);
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  expect(challenges.sent).toHaveLength(3);
  expect(challenges.failed).toHaveLength(0);
  const ratios = challenges.sent.map((sent) => (sent.postDataJSON() as { pixelRatio: number }).pixelRatio);
  // The board's scale: its width (310 CSS pixels at both sizes) times the device pixel ratio.
  expect(ratios).toEqual(Array(3).fill(testInfo.project.use.deviceScaleFactor ?? 1));
});
