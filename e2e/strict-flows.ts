import { expect, type APIRequestContext, type Page, type Request, type Response, type TestInfo } from '@playwright/test';
import { createLayout, pieceOffsetForHandle, planPuzzle, type PuzzleLayout } from '@game-register/puzzle-captcha/core';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { dragHandle } from './puzzle-drag';
import { fillForm } from './register-form';

// The strict-mode journeys, written once for any strict server whose puzzles are pinned by CAPTCHA_TEST_SEED (a
// test hook the server honours only under NODE_ENV=test): e2e/register-strict.spec.ts runs them against the
// level-0 server of playwright.config.ts, e2e/register-guarded.spec.ts against an instance pinned at level 2. The
// test works the gap out from the seed: the page itself never gets it. The gap is planned before the picture is
// painted, so one seed puts it in the same place on the plain picture and on the guarded one.

/** A strict-mode server: its origin and the CAPTCHA_TEST_SEED it was started with. */
export interface StrictServer {
  origin: string;
  seed: number;
}

const GAME_MOBILE = 'https://m.game.example.com/';
const GAME_PC = 'https://www.game.example.com/';

const isApiCall = (path: string) => (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === path;
const isChallenge = isApiCall(`/api${CAPTCHA_PATHS.challenge}`);
/** The answer to a puzzle challenge (for page.waitForResponse). */
export const isChallengeResponse = (response: Response) => isChallenge(response.request());
/** The answer to a 无障碍验证 challenge (for page.waitForResponse). */
export const isAccessibleChallengeResponse = (response: Response) => isApiCall(`/api${CAPTCHA_PATHS.accessible}`)(response.request());

/**
 * The challenge requests the page sends, and those that did not complete (aborted by the widget). Each costs
 * the server a drawn puzzle and counts against the visitor's network's challenges per minute: one opening of
 * the puzzle must send exactly one, at the phone's size and at the desktop's.
 */
export function recordChallenges(page: Page) {
  const sent: Request[] = [];
  const failed: Request[] = [];
  page.on('request', (request) => {
    if (isChallenge(request)) sent.push(request);
  });
  page.on('requestfailed', (request) => {
    if (isChallenge(request)) failed.push(request);
  });
  return { sent, failed };
}

/** Where the seeded puzzle's gap is, in canvas units, with the default layout. */
export function seededGap(seed: number) {
  const layout = createLayout({});
  const { gapX, gapY } = planPuzzle(seededRandom(seed), layout, 0, -1);
  return { layout, gapX, gapY, handleUnits: (gapX - 3) / pieceOffsetForHandle(1, layout) };
}

export interface OpenPuzzle {
  name: string;
  mobile: string;
  /** The reg requests the page sent. */
  regRequests: Request[];
  challenges: ReturnType<typeof recordChallenges>;
  layout: PuzzleLayout;
  /** The handle's travel (canvas units) that puts the piece on the seeded gap, and its nearest whole number. */
  handleTarget: number;
  handleUnits: number;
}

/** The register form filled in on a strict server and the puzzle open and ready; reg requests and the game page recorded. */
export async function openStrictPuzzle(
  page: Page,
  testInfo: TestInfo,
  server: StrictServer,
  prefix: string,
  submitWith: 'tap' | 'enter' = 'tap',
): Promise<OpenPuzzle> {
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
  await page.goto(`${server.origin}/register`);
  // As a visitor who waits for the page to come alive (e2e/fixtures.ts waits so for the default server only): a
  // tap on 立即注册 before hydration does nothing, and on a busy machine the puzzle then never opened.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await fillForm(page, { name, password: 'Str1ct-pw', mobile });
  if (submitWith === 'enter') await page.getByLabel('手机号', { exact: true }).press('Enter');
  else await page.getByRole('button', { name: '立即注册' }).click();
  await expect(page.getByRole('dialog', { name: '拼图验证' })).toBeVisible();
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  // One opening, one challenge: none sent and then dropped.
  expect(challenges.sent).toHaveLength(1);
  expect(challenges.failed).toHaveLength(0);
  const { layout, handleUnits } = seededGap(server.seed);
  return { name, mobile, regRequests, challenges, layout, handleTarget: handleUnits, handleUnits: Math.round(handleUnits) };
}

/** The success popup, and the token it registered with spent: the same reg again is refused. */
export async function expectRegisteredWithSpentToken(page: Page, request: APIRequestContext, { name, mobile, regRequests }: OpenPuzzle) {
  const registered = page.getByRole('dialog', { name: '注册成功' });
  await expect(registered).toBeVisible({ timeout: 15_000 });
  await expect(registered).toContainText(name);
  expect(regRequests).toHaveLength(1);
  expect(new URL(regRequests[0]!.url()).searchParams.get('captchaToken')).toBeTruthy();
  const replay = await request.post(
    regRequests[0]!
      .url()
      .replace(mobile, `${mobile.slice(0, -1)}9`)
      .replace(name, `${name}x`),
  );
  expect(await replay.json()).toEqual({ status: 'n', info: '请先完成验证' });
}

/** One way through an open puzzle, and how the form is sent to open it. */
export interface StrictFlow {
  submitWith: 'tap' | 'enter';
  solve(page: Page, opened: OpenPuzzle, testInfo: TestInfo): Promise<void>;
}

/** A hand-like drag of the handle onto the gap: a touch on the phone, the mouse on the desktop. */
export const dragFlow: StrictFlow = {
  submitWith: 'tap',
  solve: (page, { handleTarget, layout }, testInfo) => dragHandle(page, handleTarget, layout.width, testInfo.project.use.isMobile === true),
};

/** The keyboard only: Enter in the form (the dialog focuses the handle), then arrow keys and Enter on the handle. */
export const keyboardFlow: StrictFlow = {
  submitWith: 'enter',
  async solve(page, { handleUnits }) {
    const ready = Date.now(); // the picture was shown before the test saw it ready
    await expect(page.getByRole('slider')).toBeFocused(); // no Tab needed
    await page.keyboard.press('Home');
    for (let i = 0; i < Math.floor(handleUnits / 10); i += 1) await page.keyboard.press('Shift+ArrowRight');
    for (let i = 0; i < handleUnits % 10; i += 1) await page.keyboard.press('ArrowRight');
    const verify = page.waitForRequest((sent) => sent.url().endsWith(`/api${CAPTCHA_PATHS.verify}`));
    const pressed = Date.now();
    await page.keyboard.press('Enter');
    const body = (await verify).postDataJSON() as {
      trail: unknown[];
      work?: { solution?: unknown };
      timing?: { solveMs: number; workMs: number };
    };
    expect(body.trail.length).toBeLessThan(8); // no drag: the answer stands on the solved work
    expect(body.work?.solution).toBeTruthy();
    // The browser's own measure, sent for the metrics: from the picture shown to the Enter, and the work's run.
    expect(body.timing!.solveMs).toBeGreaterThanOrEqual(pressed - ready - 1);
    expect(body.timing!.solveMs).toBeLessThan(120_000);
    expect(body.timing!.workMs).toBeGreaterThan(0);
  },
};

/** One tap on the track where the handle must go: a touch on the phone, a click on the desktop. */
export const tapFlow: StrictFlow = {
  submitWith: 'tap',
  async solve(page, { layout, handleUnits }, testInfo) {
    const track = (await page.locator('.pcap-track').boundingBox())!;
    const x = track.x + ((handleUnits + layout.sliderSize / 2) * track.width) / layout.width;
    const verify = page.waitForRequest((sent) => sent.url().endsWith(`/api${CAPTCHA_PATHS.verify}`));
    if (testInfo.project.use.hasTouch) await page.touchscreen.tap(x, track.y + track.height / 2);
    else await page.mouse.click(x, track.y + track.height / 2);
    const body = (await verify).postDataJSON() as { trail: unknown[]; work?: unknown };
    expect(body.trail.length).toBeLessThan(8);
    expect(body.work).toBeTruthy();
  },
};

/** 无障碍验证 alone, as a screen-reader user finds it: progress in the live region, the way back offered and focused. */
export const accessibleFlow: StrictFlow = {
  submitWith: 'tap',
  async solve(page) {
    const dialog = page.getByRole('dialog', { name: '拼图验证' });
    const verify = page.waitForRequest((sent) => sent.url().endsWith(`/api${CAPTCHA_PATHS.accessibleVerify}`));
    await dialog.getByRole('button', { name: '无障碍验证' }).click();
    await expect(dialog.getByRole('button', { name: '取消' })).toBeFocused();
    await expect(dialog.locator('[aria-live="polite"]')).toContainText('无障碍验证进行中');
    // Timed from the panel shown: the task's fetch and then its work, which ran for some time.
    const { timing } = (await verify).postDataJSON() as { timing?: { solveMs: number; workMs: number } };
    expect(timing!.workMs).toBeGreaterThan(0);
    expect(timing!.solveMs).toBeGreaterThanOrEqual(timing!.workMs);
  },
};

/** Opens the puzzle as the flow does, goes through it, and expects the registration with its token spent. */
export async function registerThrough(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  server: StrictServer,
  flow: StrictFlow,
  prefix: string,
) {
  const opened = await openStrictPuzzle(page, testInfo, server, prefix, flow.submitWith);
  await flow.solve(page, opened, testInfo);
  await expectRegisteredWithSpentToken(page, request, opened);
  return opened;
}
