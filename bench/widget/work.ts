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
import { solveTask, type WorkTask } from '@game-register/puzzle-captcha/work';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkWork, createWorkTask, WORK_ALGORITHM, WORK_ROUNDS } from '@game-register/gateway/internals';
import { WORK_DEFAULTS } from '@game-register/gateway/policy';
import { median, percentile } from '../common/stats';
import { browserFigures, rate } from './work-page';

const SECRET = 'a bench secret, long enough for hmac use';
const COSTS = {
  puzzle: Number(process.env.WORK_PUZZLE_MAX ?? 0) || WORK_DEFAULTS.puzzle,
  accessible: Number(process.env.WORK_ACCESSIBLE_MAX ?? 0) || WORK_DEFAULTS.accessible,
};

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/** A task whose answer is counter `counter` exactly, so each run does the same work. */
async function fixedTask(counter: number): Promise<WorkTask> {
  const task = await createChallenge({ algorithm: WORK_ALGORITHM, cost: WORK_ROUNDS, counter, deriveKey, hmacSignatureSecret: SECRET });
  return { parameters: { ...task.parameters, algorithm: WORK_ALGORITHM }, signature: task.signature ?? '' };
}

/** Solve times for a task whose counter the server draws uniformly from [0, max): median and p90. */
const spread = (perSecond: number, max: number) => ({ median: (0.5 * max * 1000) / perSecond, p90: (0.9 * max * 1000) / perSecond });

/** Counters per second with native SHA-256 on one core, as a script farm hashes. */
function nativeRate(counters = 400_000) {
  const input = Buffer.alloc(36, 7);
  const t0 = performance.now();
  for (let i = 0; i < counters; i += 1) {
    input.writeUInt32BE(i, 32);
    createHash('sha256').update(createHash('sha256').update(input).digest()).digest();
  }
  return counters / ((performance.now() - t0) / 1000);
}

/** The server's side: creating and verifying a task (altcha-lib, through packages/gateway/src/core/work.ts), in ms. */
async function serverTimes(runs = 30) {
  const creates: number[] = [];
  const verifies: number[] = [];
  const spent = new Set<string>();
  const spendOnce = async (key: string) => (spent.has(key) ? false : (spent.add(key), true));
  for (let i = 0; i < runs; i += 1) {
    let s = performance.now();
    const task = await createWorkTask(SECRET, `c${i}`, Date.now() + 60_000, 1000);
    creates.push(performance.now() - s);
    const solution = await solveTask(task);
    s = performance.now();
    const refusal = await checkWork(SECRET, `c${i}`, { task, solution }, spendOnce);
    verifies.push(performance.now() - s);
    if (refusal !== null) throw new Error(`server refused a correct solution: ${refusal}`);
  }
  return { creates, verifies };
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-work-'));
  try {
    console.log(`Work tasks: ALTCHA SHA-256, ${WORK_ROUNDS} hash rounds per counter; counter drawn uniformly below the max.`);
    console.log(`Costs measured: puzzle max ${COSTS.puzzle} counters, accessible max ${COSTS.accessible} counters.`);
    // Node: the package's solver (WebCrypto), native SHA-256 as a script farm would run it, the server's side.
    const solveInNode = async (task: WorkTask) => {
      const t0 = performance.now();
      await solveTask(task);
      return performance.now() - t0;
    };
    const nodeRate = await rate(solveInNode, await fixedTask(20_000), 20_000);
    const farmRate = nativeRate();
    const { creates, verifies } = await serverTimes();
    const browser = await browserFigures(join(tmp, 'page'), fixedTask, SECRET, COSTS.puzzle);

    const say = (line = '') => console.log(line);
    say();
    say(`Worker bundling: ${browser.files.join(', ')} (the worker is its own file, fetched when solving starts)`);
    say();
    say('Solver speed (counters/s; each counter is 2 SHA-256 digests through WebCrypto):');
    say(`  Node ${process.version}, solveTask:          ${nodeRate.toFixed(0)}`);
    for (const row of browser.rows)
      say(`  Chromium ${row.throttle}x, worker:           ${row.worker.toFixed(0)}   main thread: ${row.main.toFixed(0)}`);
    say();
    say('Solve time, median / p90 over the drawn counter. Chromium refuses CPU throttling on worker targets');
    say('and the throttled worker rows vary widely from run to run: the throttled main-thread rows are the');
    say('steadier phone proxy (and a pessimistic one: the throttle also slows every digest round trip):');
    const envs: [string, number][] = [
      ['Node', nodeRate],
      ...browser.rows.map((r): [string, number] => [`Chromium ${r.throttle}x worker`, r.worker]),
      ...browser.rows.filter((r) => r.throttle > 1).map((r): [string, number] => [`Chromium ${r.throttle}x main`, r.main]),
    ];
    for (const [label, perSecond] of envs) {
      const p = spread(perSecond, COSTS.puzzle);
      const a = spread(perSecond, COSTS.accessible);
      say(`  ${label.padEnd(22)} puzzle ${fmt(p.median)} / ${fmt(p.p90)}    accessible ${fmt(a.median)} / ${fmt(a.p90)}`);
    }
    const { realSolves, workerCount, longTaskMs } = browser;
    say(
      `  Chromium 1x, 15 real server-made puzzle tasks in the worker, all accepted by checkWork: median ${fmt(median(realSolves))}, p90 ${fmt(percentile(realSolves, 90))}`,
    );
    say(`  workers started on that page: ${workerCount.started}, failed to load: ${workerCount.failed}`);
    say(
      `  long tasks on the page's main thread meanwhile: ${longTaskMs.length} (${longTaskMs.map((d) => d.toFixed(0)).join(', ') || 'none'})`,
    );
    say();
    say(
      `Server: create a task median ${median(creates).toFixed(2)} ms, verify (checkWork) median ${median(verifies).toFixed(2)} ms, p90 ${percentile(verifies, 90).toFixed(2)} ms`,
    );
    say();
    say(`Script farm, native SHA-256 on one core (Node createHash): ${farmRate.toFixed(0)} counters/s`);
    for (const [label, max] of Object.entries(COSTS)) {
      say(
        `  ${label.padEnd(10)} max ${max}: ${((0.5 * max) / farmRate).toFixed(3)} CPU s per registration on average (a GPU or SIMD code pays far less)`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
