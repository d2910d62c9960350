import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
const port = 8096;
const srv = spawn('sh', ['-c', `VITE_CAPTCHA_MODE=server node_modules/.bin/vite build --logLevel warn --outDir build/shot-strict --emptyOutDir && node build/server/server.js`], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DIST_DIR: 'build/shot-strict', CAPTCHA_MODE: 'strict', DATABASE_PATH: ':memory:' }, stdio: 'inherit' });
for (let i = 0; i < 60; i++) { try { await fetch(`http://127.0.0.1:${port}/register`); break; } catch { await new Promise((r) => setTimeout(r, 1000)); } }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [w, h, s, name] of [[390, 844, 3, 'ax-390'], [320, 640, 2, 'ax-320']]) {
  const page = await browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: s });
  await page.goto(`http://127.0.0.1:${port}/register`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('账号', { exact: true }).fill('player0' + w);
  await page.getByLabel('密码', { exact: true }).fill('secret88');
  await page.getByLabel('确认密码', { exact: true }).fill('secret88');
  await page.getByLabel('手机号', { exact: true }).fill('1380013' + (8000 + w));
  await page.getByRole('button', { name: '立即注册' }).click();
  await page.locator('.pcap[data-state=ready]').waitFor();
  await page.screenshot({ path: `/tmp/${name}-puzzle.png` });
  await page.route('**/api/captcha/accessible', () => undefined);
  await page.getByRole('button', { name: '无障碍验证' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/${name}-panel.png` });
  await page.close();
}
await browser.close();
srv.kill();
