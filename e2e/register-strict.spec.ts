import { expect, test } from '@playwright/test';
import { FUNNEL_WIRE } from '@game-register/api-wire';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import {
  accessibleFlow,
  dragFlow,
  expectRegisteredWithSpentToken,
  keyboardFlow,
  openStrictPuzzle,
  registerThrough,
  seededGap,
  tapFlow,
} from './strict-flows';

// Strict mode at level 0 (the plain picture): the app's one build served with CAPTCHA_MODE=strict (the page
// follows the server) by playwright.config.ts, CAPTCHA_LEVEL=0, its puzzles pinned by CAPTCHA_TEST_SEED. The
// flows are in e2e/strict-flows.ts, shared with the guarded picture's spec (e2e/register-guarded.spec.ts).
const STRICT = { origin: `http://127.0.0.1:${process.env.E2E_STRICT_PORT}`, seed: Number(process.env.E2E_STRICT_SEED) };

test('a visitor registers in strict mode: server puzzle, real drag, token spent on reg', async ({ page, request }, testInfo) => {
  test.setTimeout(45_000);
  // Straight to reg without the puzzle: refused.
  const direct = await request.post(
    `${STRICT.origin}/api/Index/reg?name=bot1&Password=123456&rePassword=123456&wash=1&washType=2&code=H5REG&mobile=13700000000&QQ=&islogin=true`,
  );
  expect(await direct.json()).toEqual({ status: 'n', info: '请先完成验证' });

  // The funnel's beacons, as the browser sends them: each carries the level and picture of the opening's first puzzle.
  const beacons: string[][] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === FUNNEL_WIRE.path) beacons.push(['step', 'lv', 'pic'].map((key) => String(url.searchParams.get(key))));
  });
  const opened = await openStrictPuzzle(page, testInfo, STRICT, 's', dragFlow.submitWith);
  const challenge = (await (await opened.challenges.sent[0]!.response())!.json()) as Record<string, unknown> & {
    work: { parameters: { data: unknown } };
  };
  expect(Object.keys(challenge).sort()).toEqual([
    'accessible',
    'background',
    'expiresAt',
    'height',
    'id',
    'piece',
    'pieceSize',
    'pieceY',
    'width',
    'work',
  ]);
  expect(challenge.pieceY).toBe(seededGap(STRICT.seed).gapY);
  // The level this server pins, sealed into the task: the plain picture.
  expect(challenge.work.parameters.data).toMatchObject({ lv: 0, pic: 'plain' });
  await dragFlow.solve(page, opened, testInfo);

  await expectRegisteredWithSpentToken(page, request, opened);
  expect(opened.challenges.sent).toHaveLength(1); // and none more on the way to the success popup
  const query = new URL(opened.regRequests[0]!.url()).searchParams;
  expect([...query.keys()]).toEqual([
    'name',
    'Password',
    'rePassword',
    'wash',
    'washType',
    'code',
    'mobile',
    'QQ',
    'islogin',
    'captchaToken',
  ]);
  await expect
    .poll(() => beacons)
    .toEqual([
      ['shown', '0', 'plain'],
      ['passed', '0', 'plain'],
    ]);
});

test('strict mode with the keyboard only: Enter in the form, then arrow keys and Enter on the handle', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(45_000);
  await registerThrough(page, request, testInfo, STRICT, keyboardFlow, 'kb');
});

test('strict mode with one tap on the track', async ({ page, request }, testInfo) => {
  test.setTimeout(45_000);
  await registerThrough(page, request, testInfo, STRICT, tapFlow, 'tap');
});

test('strict mode through 无障碍验证 alone, as a screen-reader user finds it', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  await registerThrough(page, request, testInfo, STRICT, accessibleFlow, 'ax');
});

test('无障碍验证 can be cancelled, back to a new picture', async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  await openStrictPuzzle(page, testInfo, STRICT, 'axc');
  const dialog = page.getByRole('dialog', { name: '拼图验证' });
  // Hold the accessible challenge so the work cannot finish before the cancel.
  await page.route(`**/api${CAPTCHA_PATHS.accessible}`, () => undefined);
  await dialog.getByRole('button', { name: '无障碍验证' }).click();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.locator('.pcap')).toHaveAttribute('data-state', 'ready');
  await expect(dialog.getByRole('button', { name: '取消' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: '无障碍验证' })).toBeEnabled();
});

test('each opening of the puzzle asks for one challenge; 换一张 for one more', async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  const { challenges } = await openStrictPuzzle(page, testInfo, STRICT, 'once'); // one, at this project's viewport
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
