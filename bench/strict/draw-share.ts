// Issue 50, item 7: one carrier-sized IPv6 /48 fetching puzzles flat out from rotating /64s, beside people on
// other networks fetching at a person's pace, and a few people inside the /48 itself. The built server as
// deployed (its stock, one draw thread unless told, adaptive levels); first the people alone, then with the
// flood. Prints the people's time to a puzzle (p50, p95; a 503 is retried after its Retry-After, as the widget
// retries, and the wait counted), what the /48 had drawn per second, and the server's CPU.
// Goal: the people elsewhere within 1.5x of their p95 alone; the /48's own people still get theirs.
//
//   npm run bench:draw-share -- [--seconds=30] [--people=30] [--pace=3] [--own=5] [--flood=16] [--ratio=2]
//                              [--threads=1] [--stock=300] [--server=path/to/server.js]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { ensureBuilt, SERVER_ENTRY } from '../../scripts/build-if-stale';
import { percentile } from '../common/stats';
import { DEPLOYED_STRICT_ENV, LIFTED_LIMITS, startServer } from '../common/server-process';

export const TARGETS = { peopleP95Ratio: 1.5 };

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    people: { type: 'string', default: '30' },
    pace: { type: 'string', default: '3' },
    own: { type: 'string', default: '5' },
    flood: { type: 'string', default: '16' },
    ratio: { type: 'string', default: '2' },
    threads: { type: 'string', default: '1' },
    stock: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '2' },
    server: { type: 'string' },
  },
});
const seconds = Number(options.seconds);
const paceMs = Number(options.pace) * 1000;
const pixelRatio = Number(options.ratio);

type Fetched = { status: number; retryAfterS: number };
async function fetchPuzzle(base: string, address: string): Promise<Fetched> {
  const response = await fetch(`${base}/api${CAPTCHA_PATHS.challenge}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ pixelRatio }),
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfterS: Number(response.headers.get('retry-after') ?? 1) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A person: a puzzle every `paceMs` (jittered), retried after Retry-After until served; the time to each served puzzle, and the refusals met. */
async function person(base: string, addressOf: () => string, until: number, times: number[], refusals: { count: number }) {
  await sleep(Math.random() * paceMs);
  while (performance.now() < until) {
    const started = performance.now();
    const address = addressOf();
    for (;;) {
      const { status, retryAfterS } = await fetchPuzzle(base, address);
      if (status === 200) break;
      refusals.count += 1;
      await sleep(retryAfterS * 1000);
    }
    times.push(performance.now() - started);
    await sleep(paceMs * (0.5 + Math.random()));
  }
}

/**
 * The /48: `connections` loops fetching without pause, each from the next /64, on a thread of their own so the
 * people's timings are not the flood's event loop's (plain JS: the worker runs it as given).
 */
const FLOOD_CODE = `
const { parentPort, workerData: { url, connections, seconds, pixelRatio } } = require('node:worker_threads');
const until = performance.now() + seconds * 1000;
let next = 0;
const counts = { served: 0, refused: 0 };
const loop = async () => {
  while (performance.now() < until) {
    next = (next + 1) % 65536;
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:aa:' + next.toString(16) + '::1' }, body: JSON.stringify({ pixelRatio }) });
    await response.arrayBuffer();
    if (response.status === 200) counts.served += 1; else counts.refused += 1;
  }
};
Promise.all(Array.from({ length: connections }, loop)).then(() => parentPort.postMessage(counts));
`;
function flood(base: string, connections: number): Promise<{ served: number; refused: number }> {
  const worker = new Worker(FLOOD_CODE, {
    eval: true,
    workerData: { url: `${base}/api${CAPTCHA_PATHS.challenge}`, connections, seconds, pixelRatio },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (counts: { served: number; refused: number }) => void worker.terminate().then(() => resolve(counts)));
    worker.once('error', reject);
  });
}

async function phase(base: string, withFlood: boolean) {
  const until = performance.now() + seconds * 1000;
  const elsewhere: number[] = [];
  const own: number[] = [];
  const elsewhereRefused = { count: 0 };
  const ownRefused = { count: 0 };
  const random64 = () => `2001:db8:aa:${Math.floor(Math.random() * 65536).toString(16)}::7`;
  const [counts] = await Promise.all([
    withFlood ? flood(base, Number(options.flood)) : Promise.resolve({ served: 0, refused: 0 }),
    ...Array.from({ length: Number(options.people) }, (_, i) =>
      person(base, () => `11.${i}.${1 + (i % 200)}.7`, until, elsewhere, elsewhereRefused),
    ),
    ...Array.from({ length: Number(options.own) }, () => person(base, random64, until, own, ownRefused)),
  ]);
  return { elsewhere, own, elsewhereRefused: elsewhereRefused.count, ownRefused: ownRefused.count, counts };
}

/** The stock is full once the server's CPU is idle: its refill draws are done. */
async function untilIdle(cpuSeconds: () => number) {
  for (let before = cpuSeconds(); ;) {
    await sleep(1000);
    const now = cpuSeconds();
    if (now - before < 0.05) return;
    before = now;
  }
}

type Phase = Awaited<ReturnType<typeof phase>> & { cpu: number; mainCpu: number; load: number };
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const ms = (values: number[], p: number) => (values.length === 0 ? 'none' : `${percentile(values, p).toFixed(1)} ms`);

async function main() {
  if (!options.server) ensureBuilt({ customDist: true });
  const emptyDist = mkdtempSync(join(tmpdir(), 'bench-draw-share-'));
  writeFileSync(join(emptyDist, 'index.html'), '<!doctype html>');
  const server = await startServer(
    {
      ...DEPLOYED_STRICT_ENV,
      ...LIFTED_LIMITS,
      CAPTCHA_TEST_SEED: undefined,
      NODE_ENV: 'production',
      DIST_DIR: emptyDist,
      CAPTCHA_STOCK: options.stock,
      CAPTCHA_DRAW_THREADS: options.threads,
    },
    options.server ?? SERVER_ENTRY,
  );
  try {
    await untilIdle(() => server.cpuSeconds());
    // Alone and flooded in turn, `rounds` times: the machine's other load moves both alike.
    const runs = { alone: [] as Phase[], flooded: [] as Phase[] };
    for (let round = 0; round < Number(options.rounds); round += 1) {
      for (const withFlood of [false, true]) {
        const [cpu, mainCpu] = [server.cpuSeconds(), server.cpuSeconds({ mainThread: true })];
        const result = await phase(server.base, withFlood);
        (withFlood ? runs.flooded : runs.alone).push({
          ...result,
          cpu: server.cpuSeconds() - cpu,
          mainCpu: server.cpuSeconds({ mainThread: true }) - mainCpu,
          load: loadavg()[0]!,
        });
        await untilIdle(() => server.cpuSeconds()); // the stock refilled between the phases
      }
    }
    const merged = (phases: Phase[]) => ({
      elsewhere: phases.flatMap((one) => one.elsewhere),
      own: phases.flatMap((one) => one.own),
      elsewhereRefused: sum(phases.map((one) => one.elsewhereRefused)),
      ownRefused: sum(phases.map((one) => one.ownRefused)),
      counts: { served: sum(phases.map((one) => one.counts.served)), refused: sum(phases.map((one) => one.counts.refused)) },
      cpu: sum(phases.map((one) => one.cpu)),
      mainCpu: sum(phases.map((one) => one.mainCpu)),
      load: phases.map((one) => one.load.toFixed(1)).join(', '),
    });
    const [alone, flooded] = [merged(runs.alone), merged(runs.flooded)];
    const phaseSeconds = seconds * Number(options.rounds);
    console.log(
      `draw share: ${options.people} people on other networks and ${options.own} inside the /48, a puzzle every ~${options.pace} s each; the /48 with ${options.flood} connections flat out from rotating /64s (on a thread of the bench); ${options.rounds} x ${seconds} s a phase, ratio ${pixelRatio}, ${options.threads} draw thread(s), stock ${options.stock}`,
    );
    for (const [name, result] of [
      ['people alone', alone],
      ['with the flood', flooded],
    ] as const) {
      console.log(
        `  ${name}: people elsewhere p50 ${ms(result.elsewhere, 50)}, p95 ${ms(result.elsewhere, 95)} (${result.elsewhere.length} puzzles, ${result.elsewhereRefused} refusals met); the /48's own people p50 ${ms(result.own, 50)}, p95 ${ms(result.own, 95)}, max ${ms(result.own, 100)} (${result.own.length} puzzles, ${result.ownRefused} refusals met); the flood: ${(result.counts.served / phaseSeconds).toFixed(1)} puzzles/s served, ${(result.counts.refused / phaseSeconds).toFixed(0)}/s refused; server CPU ${(result.cpu / phaseSeconds).toFixed(2)} s/s (event loop ${(result.mainCpu / phaseSeconds).toFixed(2)}); load average ${result.load}`,
      );
    }
    const ratio = percentile(flooded.elsewhere, 95) / percentile(alone.elsewhere, 95);
    console.log(
      `  people elsewhere p95 with / without the flood: ${ratio.toFixed(2)}x (goal ≤ ${TARGETS.peopleP95Ratio}x: ${ratio <= TARGETS.peopleP95Ratio ? 'PASS' : 'MISS'}); the /48's own people served: ${flooded.own.length > 0 ? 'yes' : 'NO'}`,
    );
  } finally {
    await server.stop();
    rmSync(emptyDist, { recursive: true, force: true });
  }
}

await main();
