import { expect, test, type Request } from '@playwright/test';
import { createLayout, pieceOffsetForHandle } from '@game-register/puzzle-captcha/core';
import { planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { dragHandle } from './puzzle-drag';
import { fillForm } from './register-form';

// Strict mode: an app built with VITE_CAPTCHA_MODE=server against a server with CAPTCHA_MODE=strict, whose
// puzzles are pinned by CAPTCHA_TEST_SEED (a test hook the server honours only under NODE_ENV=test). The
// test works the gap out from the seed: the page itself never gets it.
const ORIGIN = `http://127.0.0.1:${process.env.E2E_STRICT_PORT}`;
const SEED = Number(process.env.E2E_STRICT_SEED);
const GAME_MOBILE = 'https://m.game.example.com/';
const GAME_PC = 'https://www.game.example.com/';

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
  // Every challenge answered; the widget aborts one it no longer needs, so the one it shows is the last.
  const challenges: Promise<Record<string, unknown> | null>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/captcha/challenge')) challenges.push(response.json().catch(() => null));
  });
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
  const answered = (await Promise.all(challenges)).filter((body) => body !== null);
  expect(answered.length).toBeGreaterThan(0);
  const challenge = answered.at(-1)!;
  expect(Object.keys(challenge).sort()).toEqual(['background', 'expiresAt', 'height', 'id', 'piece', 'pieceSize', 'pieceY', 'width']);

  const layout = createLayout({});
  const { gapX, gapY } = planPuzzle(seededRandom(SEED), layout, 0, -1);
  expect(challenge.pieceY).toBe(gapY);
  await dragHandle(page, (gapX - 3) / pieceOffsetForHandle(1, layout), layout.width, phone);

  const registered = page.getByRole('dialog', { name: '注册成功' });
  await expect(registered).toBeVisible({ timeout: 10_000 });
  await expect(registered).toContainText(name);
  expect(regRequests).toHaveLength(1);
  const query = new URL(regRequests[0]!.url()).searchParams;
  expect([...query.keys()]).toEqual(['name', 'Password', 'rePassword', 'wash', 'washType', 'code', 'mobile', 'QQ', 'islogin', 'captchaToken']);

  // The token was spent: the same reg again is refused.
  const replay = await request.post(regRequests[0]!.url().replace(mobile, `${mobile.slice(0, -1)}9`).replace(name, `${name}x`));
  expect(await replay.json()).toEqual({ status: 'n', info: '请先完成验证' });
});
