// Lighthouse mobile (simulated slow 4G, 4x CPU slowdown) for each route, against the project's own server,
// in Debian's Chromium. Prints one row per route and writes bench-results/lighthouse.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { ensureBuilt } from '../../scripts/build-if-stale';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/ensure-chromium';
import { startServer } from '../common/server-process';

export const ROUTES = process.env.LH_ROUTES ? process.env.LH_ROUTES.split(',') : ['/register', '/contact', '/download'];
export const TARGETS = { performance: 100, accessibility: 100, bestPractices: 100, lcpMs: 1000, tbtMs: 50, cls: 0 };
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

function figures(lhr: LighthouseResult) {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

async function main() {
  ensureBuilt();
  const chromePath = ensureChromium();
  const chromeDir = mkdtempSync(join(tmpdir(), 'lh-'));
  const server = await startServer();
  const results: Record<string, ReturnType<typeof figures>> = {};
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir: chromeDir });
    for (const route of ROUTES) {
      const runnerResult = await lighthouse(`${server.base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${route}`);
      if (runnerResult.lhr.runtimeError)
        console.error(`[bench:lighthouse] ${route}: ${runnerResult.lhr.runtimeError.code} ${runnerResult.lhr.runtimeError.message}`);
      results[route] = figures(runnerResult.lhr);
      if (process.env.LH_DUMP) writeFileSync(`/tmp/lhr${route.replace('/', '-')}.json`, JSON.stringify(runnerResult.lhr));
      if (process.env.LH_DUMP) writeFileSync(`/tmp/trace${route.replace('/', '-')}.json`, JSON.stringify(runnerResult.artifacts.Trace));
    }
  } finally {
    chrome?.kill();
    await server.stop();
    rmSync(chromeDir, { recursive: true, force: true });
  }

  console.log('[bench:lighthouse] Lighthouse 12 mobile (simulated slow 4G, 4x CPU), Debian Chromium');
  console.log('| route | performance | accessibility | best practices | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [route, f] of Object.entries(results)) {
    console.log(
      `| ${route} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.fcpMs} ms | ${f.lcpMs} ms | ${f.tbtMs} ms | ${f.cls} |`,
    );
    if (f.failing.length > 0) console.log(`  failing audits on ${route}: ${f.failing.join(', ')}`);
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/lighthouse.json', `${JSON.stringify(results, null, 2)}\n`);
}

await main();
