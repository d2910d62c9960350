// The bot bench: scripted attackers (testing/attackers/bots.ts) against the built server in strict mode, each
// reporting its pass rate and what a success costs it in CPU seconds (work and vision apart), in three
// address modes: one address; a new address each attempt inside one /24; each attempt from another /24.
// The server runs as deployed (default limits, costs and lock), trusting X-Forwarded-For from loopback so
// one machine can pose as many addresses. Jump and replay bots meet a second server with a fixed test seed
// (every puzzle the same, its answer found once from outside), so they even know the answer; guess and
// vision bots meet ordinary random puzzles.
// Then the public slider solvers' methods (bots-public.ts: edge maps, grey, darkness, continuity) on the
// picture of every level, drawn as the server draws it, each with its pass rate and CPU per success.
//   npm run bench:bots [-- attempts]     BOTS_ATTEMPTS=40 (default), BOTS=jump,replay,guess,vision,
//   BOTS_MODES=one,net24,many24, BOTS_PACE=0 (answer without waiting as long as the faked drag took),
//   BOTS_PUBLIC_PUZZLES=60 per level (0: skip), BOTS_PUBLIC_RATIO=2, BOTS_PUBLIC_ONLY=1 (no server, no bots),
//   BOTS_PUBLIC_LEVELS=0,1,2,3 (the levels whose pictures the public methods read).
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { ensureBuilt } from '../../scripts/build-if-stale';
import {
  addressPlan,
  BOTS,
  createClient,
  findSeededAnswer,
  runBot,
  summarise,
  type AddressMode,
  type BotName,
  type BotReport,
} from '../../testing/attackers';
import { DEPLOYED_STRICT_ENV, startServer } from '../common/server-process';
import { GUESS_FLOOR, measurePublicMethods, publicChecks, publicRows, type PublicTally } from './bots-public';

const ATTEMPTS = Number(process.argv[2] ?? process.env.BOTS_ATTEMPTS ?? 40);
const MODE_LABELS: Record<AddressMode, string> = { one: 'one address', net24: 'addresses in one /24', many24: 'one /24 per attempt' };
const BOT_NAMES = (process.env.BOTS ?? BOTS.join(','))
  .split(',')
  .filter((name): name is BotName => (BOTS as readonly string[]).includes(name));
const MODES = (process.env.BOTS_MODES ?? 'one,net24,many24')
  .split(',')
  .filter((mode): mode is AddressMode => Object.hasOwn(MODE_LABELS, mode));
const PACE = process.env.BOTS_PACE !== '0';
const PUBLIC_PUZZLES = Number(process.env.BOTS_PUBLIC_PUZZLES ?? 60);
const PUBLIC_RATIO = Number(process.env.BOTS_PUBLIC_RATIO ?? 2);
const PUBLIC_ONLY = process.env.BOTS_PUBLIC_ONLY === '1';
const PUBLIC_LEVELS = (process.env.BOTS_PUBLIC_LEVELS ?? '0,1,2,3')
  .split(',')
  .map(Number)
  .filter((level): level is 0 | 1 | 2 | 3 => [0, 1, 2, 3].includes(level));
/** Goals of issue 16, printed beside the figures. */
export const GOALS = { visionMaxPassRate: 0.05, cpuSecondsPerSuccess: 10, jumpAndReplayPasses: 0 };

// Strict mode as deployed (adaptive levels), trusting X-Forwarded-For from loopback; the seeded server also has the fixed test seed.
const DEPLOYED = DEPLOYED_STRICT_ENV;

/** The public methods on every level's picture: the table, issue 44's goals, and the tallies for the JSON. */
async function publicMethods(): Promise<PublicTally[]> {
  if (PUBLIC_PUZZLES <= 0) return [];
  console.log(
    `[bench:bots] public methods: ${PUBLIC_PUZZLES} puzzles per level at pixel ratio ${PUBLIC_RATIO}; guess floor ${(100 * GUESS_FLOOR).toFixed(1)}%`,
  );
  const tallies = await measurePublicMethods({ puzzles: PUBLIC_PUZZLES, pixelRatio: PUBLIC_RATIO, levels: PUBLIC_LEVELS });
  console.table(publicRows(tallies));
  for (const [label, ok] of publicChecks(tallies)) console.log(`  ${ok ? 'PASS' : 'MISS'} ${label}`);
  return tallies;
}

async function main() {
  if (PUBLIC_ONLY) {
    const tallies = await publicMethods();
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(
      'bench-results/bots-public.json',
      `${JSON.stringify({ date: new Date().toISOString(), cpus: availableParallelism(), pixelRatio: PUBLIC_RATIO, guessFloor: GUESS_FLOOR, tallies }, null, 2)}\n`,
    );
    return true;
  }
  ensureBuilt({ customDist: false });
  const random = await startServer({ ...DEPLOYED, CAPTCHA_TEST_SEED: undefined });
  const seeded = await startServer(DEPLOYED);
  try {
    console.log(
      `[bench:bots] ${availableParallelism()} CPUs; ${ATTEMPTS} attempts per bot and address mode; pacing ${PACE ? 'on' : 'off'}`,
    );
    const needsAnswer = BOT_NAMES.some((bot) => bot === 'jump' || bot === 'replay');
    const known = needsAnswer ? await findSeededAnswer(createClient({ base: seeded.base })) : null;
    if (needsAnswer && known === null) throw new Error('the seeded server passed no offset: the honest client is broken');
    if (needsAnswer) console.log(`  the seeded server's answer, found from outside: offsetX ${known}`);
    const runs: { bot: BotName; report: BotReport }[] = [];
    const rows: Record<string, string | number>[] = [];
    let lane = 0;
    for (const bot of BOT_NAMES) {
      for (const mode of MODES) {
        const onSeeded = bot === 'jump' || bot === 'replay';
        const client = createClient({ base: (onSeeded ? seeded : random).base });
        const report = await runBot(bot, {
          client,
          attempts: ATTEMPTS,
          addressFor: addressPlan(mode, lane),
          answerFor: onSeeded && known !== null ? () => known : null,
          random: seededRandom(1000 + lane),
          pace: PACE,
        });
        lane += 1;
        runs.push({ bot, report });
        const summary = summarise(report);
        rows.push({
          bot: bot === 'replay' ? `replay (${report.setupPasses} honest passes replayed)` : bot,
          addresses: MODE_LABELS[mode],
          ...summary,
        });
        console.log(
          `  ${bot.padEnd(6)} ${MODE_LABELS[mode].padEnd(22)} ${report.passes}/${report.attempts} passed, ${summary['CPU s per success']} CPU s per success`,
        );
      }
    }
    console.table(rows);
    const reportsOf = (...bots: BotName[]) => runs.filter((run) => bots.includes(run.bot)).map((run) => run.report);
    const cpuPerSuccess = (report: BotReport) => (report.workCpuSeconds + report.visionCpuSeconds) / report.passes;
    const checks: [string, boolean][] = [
      ['jump and replay bots: 0 passes', reportsOf('jump', 'replay').every((report) => report.passes === 0)],
      [
        `vision bot passes at most ${GOALS.visionMaxPassRate * 100}%`,
        reportsOf('vision').every((report) => report.passes / Math.max(1, report.attempts) <= GOALS.visionMaxPassRate),
      ],
      [
        `each vision success costs at least ${GOALS.cpuSecondsPerSuccess} CPU s`,
        reportsOf('vision').every((report) => report.passes === 0 || cpuPerSuccess(report) >= GOALS.cpuSecondsPerSuccess),
      ],
    ];
    for (const [label, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'MISS'} ${label}`);
    const tallies = await publicMethods();
    mkdirSync('bench-results', { recursive: true });
    const publicResults = { pixelRatio: PUBLIC_RATIO, guessFloor: GUESS_FLOOR, tallies };
    writeFileSync(
      'bench-results/bots.json',
      `${JSON.stringify({ date: new Date().toISOString(), cpus: availableParallelism(), attempts: ATTEMPTS, pace: PACE, goals: GOALS, rows, publicMethods: publicResults }, null, 2)}\n`,
    );
    // The goals are the issue's, not yet met by today's picture: report them, exit 0 unless the bench broke.
    return true;
  } finally {
    await Promise.all([random.stop(), seeded.stop()]);
  }
}

process.exitCode = (await main()) ? 0 : 1;
