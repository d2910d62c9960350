// Scripted attackers of strict mode, for the bot bench (bench/attack/bots.ts) and the server's tests. Each runs a
// number of attempts against a server through the client and reports its pass rate and what each success
// cost it. They follow the protocol only (POST /api/captcha/challenge and /verify, the gated reg), read the
// work task from every challenge, and take a 429 (locked or rate limited) or a 503 (busy) as a server would
// mean them. The bots:
//   jump   answers at once, a 2-point trail, no solved work (none, or an unsolved or garbage solution);
//          `answerFor` may give it the true answer (a test server with a fixed seed), so a pass would be
//          the server's fault, not the bot's luck;
//   replay passes once honestly, then replays what it got: the verified id again, the spent pass token on
//          reg again, the solved work on another challenge; only the replays count as its attempts;
//   guess  solves the work, fakes a hand's trail, guesses the offset uniformly over the gap's range: the
//          chance floor (a 10-unit tolerance over a 163-unit range: about 12%);
//   vision decodes the pictures and finds the gap (./vision.ts), solves the work, fakes a hand's trail.
import {
  BOTS,
  emptyReport,
  fetchChallenge,
  count,
  honestWork,
  offsetRange,
  paceTo,
  runAttempts,
  seeGap,
  unsolvedWork,
  verifyBody,
  type BotChallenge,
  type BotName,
  type BotOptions,
  type BotReport,
} from './bot-attempts';
import { outcomeOf, type Client } from './client';
import { humanTrail, seededRandom, solvedWork } from '@game-register/gateway/testing';
import { jumpTrail } from './jump-trail';

export { BOTS, offsetRange, type BotChallenge, type BotName, type BotOptions, type BotReport };

export function runJumpBot({ answerFor = null, random = seededRandom(1), ...options }: BotOptions): Promise<BotReport> {
  return runAttempts('jump', options, async (challenge, attempt) => {
    const range = offsetRange(challenge);
    const offsetX = answerFor ? answerFor(challenge) : range.min + random() * (range.max - range.min);
    // No time spent on work: none at all, an unsolved solution, or garbage, in turn.
    const variant = attempt % 3;
    const work = variant === 0 ? undefined : variant === 1 ? unsolvedWork(challenge.work) : { task: 'solved', solution: 'yes' };
    return verifyBody(challenge, offsetX, jumpTrail(offsetX, challenge), work);
  });
}

/**
 * The bots that answer like a browser: an offset from `offsetFor`, the work solved honestly, a faked hand's
 * trail (answered no sooner than it took, with `pace`).
 */
function runAnsweringBot(
  name: string,
  { random, pace = false, ...options }: BotOptions,
  offsetFor: (challenge: BotChallenge, report: BotReport) => Promise<number> | number,
) {
  return runAttempts(name, options, async (challenge, _attempt, report, arrived) => {
    const offsetX = await offsetFor(challenge, report);
    const work = honestWork(challenge, report);
    const trail = humanTrail(offsetX, challenge, random);
    await paceTo(trail, arrived, pace);
    return verifyBody(challenge, offsetX, trail, work);
  });
}

/** Guesses (or, with `answerFor`, knows) the offset; solves the work; fakes a hand's trail. */
export function runGuessBot({ answerFor = null, random = seededRandom(2), ...options }: BotOptions): Promise<BotReport> {
  return runAnsweringBot('guess', { ...options, random }, (challenge) => {
    if (answerFor) return answerFor(challenge);
    const range = offsetRange(challenge);
    return range.min + random() * (range.max - range.min);
  });
}

/** Finds the gap in the pictures; solves the work; fakes a hand's trail. */
export function runVisionBot({ random = seededRandom(3), ...options }: BotOptions): Promise<BotReport> {
  return runAnsweringBot('vision', { ...options, random }, seeGap);
}

/**
 * Passes honestly (with `answerFor`, or by finding the gap itself), then replays: the same verify body,
 * the spent token on reg (after one honest registration), the solved work on a new challenge. Each replay
 * is one attempt; `setupPasses` counts the honest passes it replayed.
 */
export async function runReplayBot({
  client,
  attempts,
  addressFor = () => client.address,
  answerFor = null,
  random = seededRandom(4),
  pixelRatio = 1,
}: BotOptions): Promise<BotReport> {
  const report = emptyReport('replay');
  const started = performance.now();
  const answer = async (challenge: BotChallenge) => (answerFor ? answerFor(challenge) : seeGap(challenge, report));
  const runId = Math.floor(random() * 1e6);
  let accounts = 0;
  const account = () => {
    accounts += 1;
    return { name: `replay${runId}x${accounts}`, mobile: `139${String((runId * 97 + accounts) % 1e8).padStart(8, '0')}` };
  };
  // Setups that never pass (a locked address, a picture it cannot read) end the run after this many.
  let setupsLeft = Math.max(10, attempts * 2);
  let attempt = 0;
  while (report.attempts < attempts && setupsLeft > 0) {
    setupsLeft -= 1;
    const as = client.as(addressFor(attempt));
    attempt += 1;
    // The honest pass it then replays (not an attempt of its own: its cost is counted, its pass is not).
    const setup = emptyReport('setup');
    const first = await fetchChallenge(as, pixelRatio, setup);
    if (!first) {
      report.locked += setup.locked;
      continue;
    }
    const offsetX = await answer(first);
    const work = honestWork(first, report);
    const body = verifyBody(first, offsetX, humanTrail(offsetX, first, random), work);
    const passed = await as.verify(body);
    if (outcomeOf(passed) !== 'passed') continue;
    report.setupPasses += 1;
    const replays = [
      // 1. The verified id and its answer again.
      () => as.verify(body),
      // 2. The pass token on reg, after it was spent on one honest registration.
      async () => {
        await as.register(passed.body.token, account());
        return as.register(passed.body.token, account());
      },
      // 3. The solved work on another challenge, answered right.
      async () => {
        const second = await fetchChallenge(as, pixelRatio, report);
        if (!second) return null;
        const secondOffset = await answer(second);
        return as.verify(verifyBody(second, secondOffset, humanTrail(secondOffset, second, random), work));
      },
    ];
    for (const replay of replays) {
      if (report.attempts >= attempts) break;
      report.attempts += 1;
      const result = await replay();
      if (result) count(result, report);
    }
  }
  report.wallSeconds = (performance.now() - started) / 1000;
  return report;
}

export function runBot(bot: BotName, options: BotOptions): Promise<BotReport> {
  if (bot === 'jump') return runJumpBot(options);
  if (bot === 'replay') return runReplayBot(options);
  if (bot === 'guess') return runGuessBot(options);
  return runVisionBot(options);
}

/**
 * The honest offset of a server started with a fixed CAPTCHA_TEST_SEED (every puzzle the same), found from
 * outside by trying: steps of 19 (under twice the tolerance), solved work and a hand's trail each time,
 * each try from another /24 so that no failure count builds up. Null when nothing passed.
 */
export async function findSeededAnswer(client: Client, { lane = 250 }: { lane?: number } = {}): Promise<number | null> {
  const random = seededRandom(5);
  for (let offsetX = 5, attempt = 0; offsetX < 310; offsetX += 19, attempt += 1) {
    const as = client.as(`10.${lane}.${attempt}.9`);
    const challenge = (await as.challenge(1)).body as BotChallenge | null;
    if (!challenge?.id) continue;
    const work = challenge.work ? solvedWork(challenge.work).work : undefined;
    const verdict = await as.verify(verifyBody(challenge, offsetX, humanTrail(offsetX, challenge, random), work));
    if (outcomeOf(verdict) === 'passed') return offsetX;
  }
  return null;
}

/** One row of the bench's table. */
export function summarise(report: BotReport): Record<string, string | number> {
  const cpu = report.workCpuSeconds + report.visionCpuSeconds;
  return {
    attempts: report.attempts,
    passes: report.passes,
    'pass rate': `${((100 * report.passes) / Math.max(1, report.attempts)).toFixed(1)}%`,
    'work CPU s': Number(report.workCpuSeconds.toFixed(3)),
    'vision CPU s': Number(report.visionCpuSeconds.toFixed(3)),
    'CPU s per success': report.passes > 0 ? Number((cpu / report.passes).toFixed(3)) : `> ${cpu.toFixed(3)} (0 passes)`,
    'wall s': Number(report.wallSeconds.toFixed(1)),
    '429 locked': report.locked,
  };
}
