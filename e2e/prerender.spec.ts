import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('/register arrives as real HTML: heading, the four inputs and the buttons', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: '注册账号' })).toBeVisible();
    for (const name of ['账号', '密码', '确认密码', '手机号']) await expect(page.getByLabel(name, { exact: true })).toBeVisible();
    for (const name of ['立即注册', '立即登陆', '下载APP']) await expect(page.getByRole('button', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: '联系客服' })).toBeVisible();
  });

  test('/contact arrives as real HTML with its rows and styles', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible();
    await expect(page.getByRole('button', { name: '复制电话' })).toBeVisible();
    await expect(page.getByRole('button', { name: '返回' })).toBeVisible();
    // The lazy route's stylesheet is linked in the page itself, so nothing jumps when the chunk arrives.
    const styled = await page.getByRole('button', { name: '返回' }).evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(styled).toBe('rgba(0, 0, 0, 0)');
  });

  test('/download arrives as real HTML with both download buttons', async ({ page }) => {
    await page.goto('/download');
    await expect(page.getByRole('heading', { level: 1, name: '下载APP' })).toBeVisible();
    await expect(page.getByRole('button', { name: '安卓下载' })).toBeVisible();
    await expect(page.getByRole('button', { name: '苹果下载' })).toBeVisible();
    await expect(page.getByText('安装教程')).toBeVisible();
  });
});

for (const path of ['/register', '/contact', '/download']) {
  test(`${path} hydrates without a warning and without moving anything`, async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await page.addInitScript(() => {
      const record = window as unknown as { __shift: number; __moved: string[] };
      record.__shift = 0;
      record.__moved = [];
      type Shift = { value: number; hadRecentInput: boolean; sources: { node: Element | null }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[]) {
          if (entry.hadRecentInput) continue;
          record.__shift += entry.value;
          for (const { node } of entry.sources) record.__moved.push(node ? `${node.nodeName}.${node.className}` : '?');
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // As on a slow network: the page paints before the app chunk arrives and hydrates it.
    await page.route('**/assets/hydrate-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 }); // a slow phone
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { shift, moved } = await page.evaluate(() => {
      const record = window as unknown as { __shift: number; __moved: string[] };
      return { shift: record.__shift, moved: record.__moved };
    });
    expect(messages).toEqual([]);
    expect(shift, `moved: ${moved.join(', ')}`).toBe(0);
    // Hydrated, the page reacts.
    if (path === '/register') {
      await page.getByRole('button', { name: '下载APP' }).click();
      await expect(page.getByRole('dialog', { name: '选择下载方式' })).toBeVisible();
    } else {
      await page.getByRole('button', { name: '返回' }).click();
      await expect(page).toHaveURL(/\/register$/);
    }
  });
}

test('what a visitor types before the page comes alive is kept, and an early tap reloads nothing', async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/hydrate-*.js', async (route) => {
    await gate;
    await route.continue();
  });
  await page.route('**/api/Index/*', (route) => route.fulfill({ contentType: 'application/json', body: '{"status":"y","info":""}' }));
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByLabel('账号', { exact: true }).fill('early_bird');
  await page.getByRole('button', { name: '立即注册' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
  expect(new URL(page.url()).search).toBe('');
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByLabel('账号', { exact: true })).toHaveValue('early_bird');
  await page.getByRole('button', { name: '立即注册' }).click();
  await expect(page.getByRole('status')).toContainText('请输入密码'); // the name counted
});

test('a page that arrives in pieces is painted only once its first screen is whole', async ({ page, baseURL }) => {
  // A slow network delivers the page in two parts, the break inside a row: the first part ends with a
  // copy button whose label is still on its way. Painting that half would show an empty button that
  // then grows (a layout shift); the page waits for the whole #root instead.
  const html = await (await fetch(`${baseURL}/contact`)).text();
  const cut = html.indexOf('>', html.indexOf('class="contact-row__copy"')) + 1;
  expect(cut).toBeGreaterThan(0);
  const stall = 700;
  const server = createServer((request, response) => {
    if (request.url === '/contact') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write(html.slice(0, cut));
      setTimeout(() => response.end(html.slice(cut)), stall);
      return;
    }
    void fetch(`${baseURL}${request.url}`).then(async (upstream) => {
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await page.addInitScript(() => {
      const record = window as unknown as { __shift: number };
      record.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) record.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`http://127.0.0.1:${port}/contact`, { waitUntil: 'load' });
    await expect(page.getByRole('button', { name: '复制电话' })).toBeVisible();
    // The paint entry arrives once the frame is presented, a moment after the page shows.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const { firstPaint, shift } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      shift: (window as unknown as { __shift: number }).__shift,
    }));
    expect(firstPaint).toBeGreaterThanOrEqual(stall - 50);
    expect(shift).toBe(0);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('the app is fetched after the first paint, the page’s own chunks all at once', async ({ page }) => {
  // The app's two chunks answer 400 ms late: a route chunk the app imported could only be asked for after
  // they arrive, while one asked for together with them starts at once. (On loopback with no delay, three
  // requests sent together can start further apart than the answers take, on a busy machine.)
  await page.route(/\/assets\/(hydrate|react-dom)-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  // Nothing stands between the prerendered HTML and the screen: not even a low-priority script download.
  await page.goto('/contact');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' }); // every chunk has arrived
  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    scripts: performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => /\/assets\/(hydrate|contact|react-dom)-[\w-]+\.js$/.test(entry.name))
      .map((entry) => ({ name: entry.name.replace(/^.*\/assets\/([a-z-]+)-.*$/, '$1'), start: entry.startTime, end: entry.responseEnd })),
  }));
  expect(scripts.map((script) => script.name).sort()).toEqual(['contact', 'hydrate', 'react-dom']);
  for (const script of scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(paint);
  // The route's chunk is asked for together with the app, not after the app has arrived and run: a chunk the
  // app imported would start only once both of the app's chunks (hydrate, react-dom) had arrived.
  const named = (name: string) => scripts.find((script) => script.name === name)!;
  const appArrived = Math.max(named('hydrate').end, named('react-dom').end);
  expect(named('contact').start).toBeLessThan(appArrived);
});

test.describe('stylesheets inlined into the page', () => {
  for (const path of ['/register', '/contact', '/download']) {
    test(`${path} fetches none of them again when the app comes alive`, async ({ page }) => {
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet' || request.url().endsWith('.css')) stylesheets.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const inlined = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="stylesheet"][type="text/x-inlined-css"]')].map((link) => link.getAttribute('href')),
      );
      expect(inlined.length).toBeGreaterThan(0);
      // Nothing the page already has inline is asked for again; /register and /contact need no CSS file at all.
      expect(stylesheets.filter((href) => inlined.includes(href))).toEqual([]);
      if (path !== '/download') expect(stylesheets).toEqual([]); // /download also mounts the (closed) puzzle, whose CSS is its own
      // ...and the page is still styled as the inline CSS says (the body's default 8px margin is gone).
      expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe('0px');
    });
  }

  test('a route reached in the app still gets its own stylesheet', async ({ page }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto('/register');
    await page.getByRole('link', { name: '联系客服' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible();
    expect(stylesheets.some((href) => /\/contact-[^/]+\.css$/.test(href))).toBe(true);
    const hero = page.locator('.contact__hero');
    await expect(hero).toHaveCSS('border-radius', '16px');
  });
});
