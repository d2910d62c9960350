import { expect, test } from './fixtures';
import { pinPuzzleRandom, registerThroughPuzzle } from './register-journey';

const GAME_MOBILE = 'https://m.game.example.com/';
const GAME_PC = 'https://www.game.example.com/';

test('a visitor registers against the reference API, drags the puzzle home, copies, and reaches the game', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(45_000);
  const phone = testInfo.project.use.isMobile === true;
  const gameUrl = phone ? GAME_MOBILE : GAME_PC;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await pinPuzzleRandom(page);
  await page.route(`${gameUrl}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>game</title><h1>game</h1>' }));

  const suffix = `${testInfo.project.name}${Date.now() % 1_000_000}`;
  const name = `p_${suffix}`;
  const password = 'S3cret "pw" 密码';
  const mobile = `13${String(Date.now()).slice(-8)}${testInfo.project.name === 'phone' ? 1 : 2}`;

  await page.goto('/register');
  await registerThroughPuzzle(page, { name, password, mobile }, phone);
  const puzzle = page.getByRole('dialog', { name: '拼图验证' });

  const registered = page.getByRole('dialog', { name: '注册成功' });
  await expect(registered).toBeVisible({ timeout: 10_000 });
  await expect(registered).toContainText(name);
  await expect(registered).toContainText(password);
  await expect(puzzle).toBeHidden();

  await registered.getByRole('button', { name: '复制账号' }).click();
  await expect(page.getByRole('status')).toContainText('已复制到剪贴板');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(name);
  await registered.getByRole('button', { name: '复制密码' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(password);

  await registered.getByRole('button', { name: '我已保存，继续' }).click();
  await expect(page).toHaveURL(gameUrl);
});
