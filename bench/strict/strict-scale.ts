// Strict mode scaling out, on the built server on loopback:
// 1. checkuser alone, and while 8 connections ask for challenges at full rate: puzzles drawn on the main
//    thread (CAPTCHA_DRAW_THREADS=0, as before the draw pool) and on the pool (the default threads).
//    Goal: p99 under 10 ms during challenges, and at least half the throughput it has alone.
// 2. Challenges per second with 1 and with 2 draw threads.
// 3. Two instances on one Redis (a real redis-server): verify on B of challenges drawn by A, and reg
//    through the gate, one at a time: p50/p99.
// 4. The stock (CAPTCHA_STOCK) at pixel ratio 1 and 3, one draw thread, on a real Redis: a burst of 200 challenge requests
//    at once (p50/p99), then challenges per second for DURATION_S, with a stock of 200 and with none.
//    Goals: the burst's p99 under 100 ms with a full stock; challenges per core-second at ratio 3 (from the
//    server's CPU time, so other load on the machine does not count) at least twice --baseline (run with
//    --server=<an older build> --sections=stock for it).
// 5. `--sections=burst` (not in the default run): the burst alone, from a full stock at ratio 3, `--rounds`
//    times on one server (refilled in between): p50/p99, the event loop's CPU per challenge, and Redis commands
//    per challenge (INFO commandstats). It works with `--server=<an older build with a stock>` too, so a
//    before/after pair can be run alternately.
// 6. `--sections=sentinel`: one Redis beside Redis behind Sentinel (three nodes, three sentinels), alternately
//    `--rounds` times: challenges per second and per server CPU-second (goal: within 10%), and in the first round
//    verify and reg one at a time on two instances (a reg's spend waits for a replica).
// Sections 1-3 run without a stock: they measure draws. `--sections=stock` runs section 4 alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { ensureBuilt, SERVER_ENTRY } from '../../scripts/build-if-stale';
import { startRedisServer, type RedisServer } from '../../testing/redis/redis-server';
import { startSentinelSet, type SentinelSet } from '../../testing/redis/redis-sentinel';
import { percentile } from '../common/stats';
import { challengeRate, isolation } from './draw-runs';
import { redisCompare, spendCosts, twoInstances } from './redis-runs';
import { burstRuns, stockRun } from './stock-runs';
import { BURST, CHALLENGE_CONNECTIONS, CHECK_CONNECTIONS, DURATION_S, runsOf, SEQUENTIAL_RUNS, STOCK } from './strict-scale-load';

const DEFAULT_THREADS = Math.max(1, availableParallelism() - 1);
export const TARGETS = {
  checkuserP99MsDuringChallenges: 10,
  checkuserShareDuringChallenges: 0.5,
  burstP99MsWithStock: 100,
  ratio3DrawsPerCoreOverBaseline: 2,
  sentinelThroughputLoss: 0.1,
};
const { values: options } = parseArgs({
  options: {
    sections: { type: 'string', default: 'isolation,rate,shared,stock,sentinel' },
    /** Another build of the server (an older version, for the baseline). */
    server: { type: 'string' },
    /** Challenges per core-second at ratio 3 drawn on demand before this change (1000 / an older build's CPU ms per challenge). */
    baseline: { type: 'string', default: '11' },
    /** Bursts per server in the burst section; rounds of each Redis in the sentinel section. */
    rounds: { type: 'string', default: '3' },
  },
});

/** A real redis-server for the length of `run`. */
async function withRedis<T>(run: (redis: RedisServer) => Promise<T>): Promise<T> {
  const redis = await startRedisServer();
  try {
    return await run(redis);
  } finally {
    await redis.close();
  }
}

/** Redis behind Sentinel (one primary, two replicas, three sentinels) for the length of `run`. */
async function withSentinels<T>(run: (set: SentinelSet) => Promise<T>): Promise<T> {
  const set = await startSentinelSet();
  try {
    return await run(set);
  } finally {
    await set.close();
  }
}

async function main() {
  const sections = new Set(options.sections.split(','));
  if (!options.server) ensureBuilt({ customDist: false });
  const start = runsOf(options.server);
  console.log(
    `[bench:strict-scale] ${availableParallelism()} CPUs (a shared machine: compare runs made one after the other); ${options.server ?? SERVER_ENTRY}; ` +
      `checkuser ${CHECK_CONNECTIONS} connections, challenges ${CHALLENGE_CONNECTIONS} connections (2x), ${DURATION_S} s each`,
  );
  const checks: [string, boolean][] = [];
  const results: Record<string, unknown> = {};
  if (sections.has('isolation')) {
    const rows = [
      await isolation(start, 0, 'main thread (before)'),
      await isolation(start, DEFAULT_THREADS, `pool, ${DEFAULT_THREADS} thread(s)`),
    ] as const;
    console.table(rows);
    const pooled = rows[1];
    checks.push(
      [
        `checkuser p99 < ${TARGETS.checkuserP99MsDuringChallenges} ms while challenges are drawn`,
        pooled['p99 ms during'] < TARGETS.checkuserP99MsDuringChallenges,
      ],
      [
        `checkuser keeps >= ${TARGETS.checkuserShareDuringChallenges * 100}% of its throughput while challenges are drawn`,
        pooled['checkuser/s during'] >= TARGETS.checkuserShareDuringChallenges * pooled['checkuser/s alone'],
      ],
      ['every answer 2xx (isolation)', rows.every((row) => row['non-2xx'] === 0)],
    );
    results.isolation = rows;
  }
  if (sections.has('rate')) {
    const rows = [await challengeRate(start, 1), await challengeRate(start, 2)];
    console.table(rows);
    checks.push(['every answer 2xx (challenge rate)', rows.every((row) => row['non-2xx'] === 0)]);
    results.challengeRate = rows;
  }
  if (sections.has('shared')) {
    const rows = await withRedis((redis) => twoInstances(start, { REDIS_URL: redis.url }));
    console.table(rows);
    checks.push([
      'every verify on B passed, every reg through the gate registered',
      rows.every((row) => row.ok === `${SEQUENTIAL_RUNS}/${SEQUENTIAL_RUNS}`),
    ]);
    results.twoInstances = rows;
  }
  if (sections.has('stock')) {
    // An older build has no stock: it is measured without one only (the baseline).
    const rows = await withRedis(async (redis) => {
      const measured = [];
      for (const pixelRatio of [1, 3])
        for (const stock of options.server ? [0] : [STOCK, 0]) measured.push(await stockRun(start, redis, pixelRatio, stock));
      return measured;
    });
    console.table(rows);
    const full = rows.filter((row) => row.stock !== 'none');
    const drawnAt3 = rows.find((row) => row['pixel ratio'] === 3 && row.stock === 'none');
    if (full.length > 0)
      checks.push([
        `a burst of ${BURST} answered with p99 < ${TARGETS.burstP99MsWithStock} ms from a full stock`,
        full.every((row) => row['p99 ms'] < TARGETS.burstP99MsWithStock),
      ]);
    const perCore = 1000 / (drawnAt3?.['server CPU ms per challenge'] ?? Number.NaN);
    checks.push(
      [
        `challenges per core-second at ratio 3, drawn on demand, >= ${TARGETS.ratio3DrawsPerCoreOverBaseline}x the baseline (${options.baseline}): ${perCore.toFixed(1)}`,
        perCore >= TARGETS.ratio3DrawsPerCoreOverBaseline * Number(options.baseline),
      ],
      ['every answer 2xx (stock)', rows.every((row) => row['non-2xx'] === 0)],
    );
    results.stock = rows;
  }
  if (sections.has('sentinel')) {
    // Alternately, `--rounds` times: a shared machine's load moves between runs; the medians are compared.
    const rows: Awaited<ReturnType<typeof redisCompare>>[] = [];
    for (let round = 0; round < Number(options.rounds); round += 1) {
      const sequential = round === 0;
      rows.push(await withRedis((redis) => redisCompare(start, 'one redis-server (REDIS_URL)', { REDIS_URL: redis.url }, sequential)));
      const sentinels = (set: SentinelSet) => ({
        REDIS_SENTINELS: set.sentinels.map(({ host, port }) => `${host}:${port}`).join(','),
        REDIS_SENTINEL_MASTER: set.master,
      });
      rows.push(await withSentinels((set) => redisCompare(start, '3 nodes, 3 sentinels (REDIS_SENTINELS)', sentinels(set), sequential)));
    }
    console.table(rows);
    const median = (label: string, column: 'challenges/s' | 'server CPU ms per challenge') =>
      percentile(
        rows.filter((row) => row.redis.startsWith(label)).map((row) => row[column]),
        50,
      );
    const throughput = median('3 nodes', 'challenges/s') / median('one', 'challenges/s');
    const perCpu = median('one', 'server CPU ms per challenge') / median('3 nodes', 'server CPU ms per challenge');
    console.log(
      `  medians behind Sentinel against one Redis: ${(throughput * 100).toFixed(0)}% of the challenges/s, ${(perCpu * 100).toFixed(0)}% of the challenges per CPU-second`,
    );
    checks.push(
      // Throughput on a machine others share is the load's noise; per CPU-second it is the server's own cost.
      [
        `challenges per server CPU-second behind Sentinel within ${TARGETS.sentinelThroughputLoss * 100}% of one Redis: ${(perCpu * 100).toFixed(0)}%`,
        perCpu >= 1 - TARGETS.sentinelThroughputLoss,
      ],
      [
        'every answer 2xx, every verify passed and reg registered (Sentinel)',
        rows.every(
          (row) =>
            row['non-2xx'] === 0 &&
            (row.ok === '' || row.ok === `${SEQUENTIAL_RUNS}/${SEQUENTIAL_RUNS}, ${SEQUENTIAL_RUNS}/${SEQUENTIAL_RUNS}`),
        ),
      ],
    );
    const spends = await withSentinels((set) => spendCosts(set.sentinels, set.master));
    console.table(spends);
    results.sentinel = rows;
    results.spendCosts = spends;
  }
  if (sections.has('burst')) {
    const rows = await withRedis((redis) => burstRuns(start, redis, Number(options.rounds)));
    console.table(rows);
    checks.push(['every answer 2xx (burst)', rows.every((row) => row['non-2xx'] === 0)]);
    results.burst = rows;
  }
  for (const [label, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'MISS'} ${label}`);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/strict-scale.json',
    `${JSON.stringify({ date: new Date().toISOString(), cpus: availableParallelism(), server: options.server ?? SERVER_ENTRY, targets: TARGETS, ...results }, null, 2)}\n`,
  );
  return checks.every(([, ok]) => ok);
}

process.exitCode = (await main()) ? 0 : 1;
