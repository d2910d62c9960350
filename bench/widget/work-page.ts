// The browser half of bench/widget/work.ts: a page that imports the package's solver as an app would (Vite bundles
// the worker as its own file), and the solver's speed in headless Chromium at 1x and throttled like phones.
// The functions handed to page.evaluate run in the page.
import { chromium } from '@playwright/test';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import type { WorkTask } from '@game-register/puzzle-captcha/work';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/ensure-chromium';
import { freePort } from '../../scripts/free-port';
import { checkWork, createWorkTask } from '@game-register/gateway/internals';
import { benchContext } from './browser-context';
import { median } from '../common/stats';

const ROOT = resolve(import.meta.dirname, '../..');
const SOLVE = join(ROOT, 'packages/puzzle-captcha/src/work/solve.ts');
const SOLVE_WORK = join(ROOT, 'packages/puzzle-captcha/src/work/solve-work.ts');

/** Counters per second: the median of `runs` solves (each answering its time in ms) of a task with a fixed answer. */
export async function rate(solveOnce: (task: WorkTask) => Promise<number>, task: WorkTask, counter: number, runs = 5) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await solveOnce(task));
  return counter / (median(times) / 1000);
}

/** The page: solveWork (the worker) and solveTask (the main thread) as window.inWorker and window.onMain. */
async function servePage(dir: string) {
  const src = join(dir, 'src');
  const out = join(dir, 'out');
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>work</title><script type="module" src="./main.ts"></script>',
  );
  writeFileSync(
    join(src, 'main.ts'),
    `import { solveWork } from ${JSON.stringify(SOLVE_WORK)};
import { solveTask } from ${JSON.stringify(SOLVE)};
// Counts the workers solveWork starts and those whose script failed (it would then solve on the main thread).
const workers = { started: 0, failed: 0 };
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(url, options) {
    super(url, options);
    workers.started += 1;
    this.addEventListener('error', () => { workers.failed += 1; });
  }
};
window.workers = () => workers;
const time = async (run) => { const t0 = performance.now(); const solution = await run(); return { ...solution, ms: performance.now() - t0 }; };
window.inWorker = (task) => time(() => solveWork(task));
window.onMain = (task) => time(() => solveTask(task));
window.ready = true;
`,
  );
  await build({
    configFile: false,
    root: src,
    publicDir: false,
    logLevel: 'silent',
    build: { outDir: out, emptyOutDir: true, target: 'es2020' },
  });
  const files = readdirSync(join(out, 'assets'));
  const port = await freePort();
  const server = await preview({
    configFile: false,
    root: src,
    logLevel: 'silent',
    build: { outDir: out },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  return { server, url: `http://127.0.0.1:${port}/`, files };
}

export interface BrowserFigures {
  files: string[];
  rows: { throttle: number; worker: number; main: number }[];
  /** 15 server-made puzzle tasks solved in the worker at 1x, in ms. */
  realSolves: number[];
  longTaskMs: number[];
  workerCount: { started: number; failed: number };
}

/**
 * The solver's speed in Chromium at 1x, 4x and 6x CPU throttling, in the worker and on the main thread; at 1x
 * also real server-made tasks at `puzzleCost`, solved in the worker and checked by the server's own code.
 */
export async function browserFigures(
  dir: string,
  fixedTask: (counter: number) => Promise<WorkTask>,
  secret: string,
  puzzleCost: number,
): Promise<BrowserFigures> {
  const page0 = await servePage(dir);
  const rows: BrowserFigures['rows'] = [];
  const spent = new Set<string>();
  const spendOnce = async (key: string) => (spent.has(key) ? false : (spent.add(key), true));
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--headless', ...CHROMIUM_ARGS] });
  let real: Omit<BrowserFigures, 'files' | 'rows'> | null = null;
  try {
    for (const throttle of [1, 4, 6]) {
      const context = await benchContext(browser);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await page.goto(page0.url);
      await page.waitForFunction(() => window.ready === true);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      const counter = throttle === 1 ? 10_000 : 3_000;
      const task = await fixedTask(counter);
      const timeIn = (where: 'inWorker' | 'onMain') => async (t: WorkTask) =>
        (await page.evaluate(([w, solved]) => window[w](solved), [where, t] as const)).ms;
      rows.push({ throttle, worker: await rate(timeIn('inWorker'), task, counter), main: await rate(timeIn('onMain'), task, counter, 3) });
      if (throttle === 1) {
        // Real tasks at the puzzle's cost, while the page watches its main thread for long tasks.
        await page.evaluate(() => {
          window.longTasks = [];
          new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({
            type: 'longtask',
          });
        });
        const realSolves: number[] = [];
        for (let i = 0; i < 15; i += 1) {
          const real = await createWorkTask(secret, `b${i}`, Date.now() + 60_000, puzzleCost);
          const { ms, counter: found, derivedKey } = await page.evaluate((t) => window.inWorker(t), real);
          const refusal = await checkWork(secret, `b${i}`, { task: real, solution: { counter: found, derivedKey } }, spendOnce);
          if (refusal !== null) throw new Error(`server refused the worker's solution: ${refusal}`);
          realSolves.push(ms);
        }
        const workerCount = await page.evaluate(() => window.workers());
        if (workerCount.started === 0 || workerCount.failed > 0)
          throw new Error(`the solver did not run in its worker: ${JSON.stringify(workerCount)}`);
        real = { realSolves, longTaskMs: await page.evaluate(() => window.longTasks), workerCount };
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await page0.server.close();
  }
  if (real === null) throw new Error('no run at 1x');
  return { files: page0.files, rows, ...real };
}
