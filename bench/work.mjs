#!/usr/bin/env node
// Proof-of-work figures (printed, not asserted), for choosing the two costs of strict mode's work tasks:
//   - the solver's speed (counters per second) in Node and in headless Chromium, in its Web Worker and on
//     the main thread, at 1x and with CDP CPU throttling 4x and 6x (a stand-in for mid-range and low-end
//     phones). Chromium refuses the throttle on worker targets ("Operation is only supported for pages, not
//     workers"); what reaches the worker varies from run to run, so the throttled main-thread rows are the
//     steadier (pessimistic) phone proxy;
//   - solve time (median and p90 over the counter the server draws) at the puzzle's and the accessible
//     path's cost, plus real solves of server-made tasks in the worker, checked by the server's own code;
//   - the server's time to create and to verify a task;
//   - what a script farm pays per registration: CPU seconds with native SHA-256 on one core.
// Costs to try: WORK_PUZZLE_MAX / WORK_ACCESSIBLE_MAX (max counters) in the environment.
// The functions handed to page.evaluate run in the page:
/* global window */
import { chromium } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/ensure-chromium.mjs';
import { freePort } from '../scripts/free-port.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SOLVE = join(ROOT, 'packages/puzzle-captcha/src/work/solve.ts');
const SOLVE_WORK = join(ROOT, 'packages/puzzle-captcha/src/work/solve-work.ts');
const SERVER_WORK = join(ROOT, 'packages/gateway/src/work.ts');
// Inside the project, so the compiled modules resolve altcha-lib from its node_modules.
const NODE_OUT = join(ROOT, 'node_modules/.cache/bench-work');
const SECRET = 'a bench secret, long enough for hmac use';
const COSTS = {
  puzzle: Number(process.env.WORK_PUZZLE_MAX ?? 0) || null,
  accessible: Number(process.env.WORK_ACCESSIBLE_MAX ?? 0) || null,
};

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const median = (values) => quantile(values, 0.5);
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/** The solver and the server's work module, compiled for Node by Vite (the bench imports no TypeScript). */
async function nodeModules(outDir) {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, ssr: true, target: 'node20', rollupOptions: { input: { solve: SOLVE, work: SERVER_WORK } } },
  });
  const load = (name) => import(pathToFileURL(join(outDir, readdirSync(outDir).find((f) => f.startsWith(name) && f.endsWith('js')))).href);
  return { solve: await load('solve'), work: await load('work') };
}

/** A page that imports the package's solveWork as an app would: Vite bundles the worker as its own file. */
async function servePage(dir) {
  const src = join(dir, 'src');
  const out = join(dir, 'out');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'index.html'), '<!doctype html><meta charset="utf-8"><title>work</title><script type="module" src="./main.ts"></script>');
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
  await build({ configFile: false, root: src, publicDir: false, logLevel: 'silent', build: { outDir: out, emptyOutDir: true, target: 'es2020' } });
  const files = readdirSync(join(out, 'assets'));
  const port = await freePort();
  const server = await preview({ configFile: false, root: src, logLevel: 'silent', build: { outDir: out }, preview: { host: '127.0.0.1', port, strictPort: true } });
  return { server, url: `http://127.0.0.1:${port}/`, files };
}

/** A task whose answer is counter `counter` exactly, so each run does the same work. */
async function fixedTask(work, counter) {
  const { createChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/sha');
  return createChallenge({ algorithm: work.WORK_ALGORITHM, cost: work.WORK_ROUNDS, counter, deriveKey, hmacSignatureSecret: SECRET });
}

/** Counters per second: the median of `runs` solves of a task with a fixed answer. */
async function rate(solveOnce, work, counter, runs = 5) {
  const task = await fixedTask(work, counter);
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push(await solveOnce(task));
  return counter / (median(times) / 1000);
}

/** Solve times for a task whose counter the server draws uniformly from [0, max): median and p90. */
const spread = (perSecond, max) => ({ median: (0.5 * max * 1000) / perSecond, p90: (0.9 * max * 1000) / perSecond });

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-work-'));
  const lines = [];
  const say = (line) => {
    lines.push(line);
    console.log(line);
  };
  try {
    const { solve, work } = await nodeModules(NODE_OUT);
    const costs = { puzzle: COSTS.puzzle ?? work.WORK_DEFAULTS.puzzle, accessible: COSTS.accessible ?? work.WORK_DEFAULTS.accessible };
    say(`Work tasks: ALTCHA SHA-256, ${work.WORK_ROUNDS} hash rounds per counter; counter drawn uniformly below the max.`);
    say(`Costs measured: puzzle max ${costs.puzzle} counters, accessible max ${costs.accessible} counters.`);

    // Node: the same solver (WebCrypto), and native SHA-256 as a script farm would run it.
    const nodeRate = await rate(async (task) => {
      const t0 = performance.now();
      await solve.solveTask(task);
      return performance.now() - t0;
    }, work, 20_000);
    const input = Buffer.alloc(36, 7);
    const t0 = performance.now();
    const N = 400_000;
    for (let i = 0; i < N; i += 1) {
      input.writeUInt32BE(i, 32);
      createHash('sha256').update(createHash('sha256').update(input).digest()).digest();
    }
    const nativeRate = N / ((performance.now() - t0) / 1000);

    // The server's side: creating and verifying a task (Node, altcha-lib, through packages/gateway/src/work.ts).
    const creates = [];
    const verifies = [];
    const spent = new Set();
    const spendOnce = async (key) => (spent.has(key) ? false : (spent.add(key), true));
    for (let i = 0; i < 30; i += 1) {
      let s = performance.now();
      const task = await work.createWorkTask(SECRET, `c${i}`, Date.now() + 60_000, 1000);
      creates.push(performance.now() - s);
      const solution = await solve.solveTask(task);
      s = performance.now();
      const refusal = await work.checkWork(SECRET, `c${i}`, { task, solution }, spendOnce);
      verifies.push(performance.now() - s);
      if (refusal !== null) throw new Error(`server refused a correct solution: ${refusal}`);
    }

    // Chromium: the worker as Vite bundles it, throttled like phones.
    const page0 = await servePage(join(tmp, 'page'));
    const browserRows = [];
    const executablePath = ensureChromium();
    const browser = await chromium.launch({ executablePath, args: ['--headless', ...CHROMIUM_ARGS] });
    let realSolves = null;
    let longTaskMs = null;
    let workerCount = null;
    try {
      for (const throttle of [1, 4, 6]) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await page.goto(page0.url);
        await page.waitForFunction(() => window.ready === true);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        const counter = throttle === 1 ? 10_000 : 3_000;
        const timeIn = (where) => async (task) => (await page.evaluate(([w, t]) => window[w](t), [where, task])).ms;
        const worker = await rate(timeIn('inWorker'), work, counter);
        const main = await rate(timeIn('onMain'), work, counter, 3);
        browserRows.push({ throttle, worker, main });
        if (throttle === 1) {
          // Real server-made tasks at the puzzle's cost, solved in the worker and checked by the server,
          // while the page watches its main thread for long tasks.
          await page.evaluate(() => {
            window.longTasks = [];
            new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
          });
          const times = [];
          for (let i = 0; i < 15; i += 1) {
            const task = await work.createWorkTask(SECRET, `b${i}`, Date.now() + 60_000, costs.puzzle);
            const { ms, counter: found, derivedKey } = await page.evaluate((t) => window.inWorker(t), task);
            const refusal = await work.checkWork(SECRET, `b${i}`, { task, solution: { counter: found, derivedKey } }, spendOnce);
            if (refusal !== null) throw new Error(`server refused the worker's solution: ${refusal}`);
            times.push(ms);
          }
          realSolves = times;
          longTaskMs = await page.evaluate(() => window.longTasks);
          workerCount = await page.evaluate(() => window.workers());
          if (workerCount.started === 0 || workerCount.failed > 0) throw new Error(`the solver did not run in its worker: ${JSON.stringify(workerCount)}`);
        }
        await context.close();
      }
    } finally {
      await browser.close();
      await page0.server.close();
    }

    say('');
    say(`Worker bundling: ${page0.files.join(', ')} (the worker is its own file, fetched when solving starts)`);
    say('');
    say('Solver speed (counters/s; each counter is 2 SHA-256 digests through WebCrypto):');
    say(`  Node ${process.version}, solveTask:          ${nodeRate.toFixed(0)}`);
    for (const row of browserRows) {
      say(`  Chromium ${row.throttle}x, worker:           ${row.worker.toFixed(0)}   main thread: ${row.main.toFixed(0)}`);
    }
    say('');
    say('Solve time, median / p90 over the drawn counter. Chromium refuses CPU throttling on worker targets');
    say('and the throttled worker rows vary widely from run to run: the throttled main-thread rows are the');
    say('steadier phone proxy (and a pessimistic one: the throttle also slows every digest round trip):');
    const envs = [
      ['Node', nodeRate],
      ...browserRows.map((r) => [`Chromium ${r.throttle}x worker`, r.worker]),
      ...browserRows.filter((r) => r.throttle > 1).map((r) => [`Chromium ${r.throttle}x main`, r.main]),
    ];
    for (const [label, perSecond] of envs) {
      const p = spread(perSecond, costs.puzzle);
      const a = spread(perSecond, costs.accessible);
      say(`  ${label.padEnd(22)} puzzle ${fmt(p.median)} / ${fmt(p.p90)}    accessible ${fmt(a.median)} / ${fmt(a.p90)}`);
    }
    if (realSolves) {
      say(
        `  Chromium 1x, 15 real server-made puzzle tasks in the worker, all accepted by checkWork: median ${fmt(median(realSolves))}, p90 ${fmt(quantile(realSolves, 0.9))}`,
      );
      say(`  workers started on that page: ${workerCount.started}, failed to load: ${workerCount.failed}`);
      say(`  long tasks on the page's main thread meanwhile: ${longTaskMs.length} (${longTaskMs.map((d) => d.toFixed(0)).join(', ') || 'none'})`);
    }
    say('');
    say(`Server: create a task median ${median(creates).toFixed(2)} ms, verify (checkWork) median ${median(verifies).toFixed(2)} ms, p90 ${quantile(verifies, 0.9).toFixed(2)} ms`);
    say('');
    say(`Script farm, native SHA-256 on one core (Node createHash): ${nativeRate.toFixed(0)} counters/s`);
    for (const [label, max] of Object.entries(costs)) {
      say(`  ${label.padEnd(10)} max ${max}: ${((0.5 * max) / nativeRate).toFixed(3)} CPU s per registration on average (a GPU or SIMD code pays far less)`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(NODE_OUT, { recursive: true, force: true });
  }
}

await main();
