// What every bot shares (bots.ts): fetching a challenge through 503s, counting answers, the attempt loop,
// honest work and the vision bot's eyes, and the report they fill.
import { GAP_MARGIN, PIECE_INSET } from '@game-register/puzzle-captcha/core';
import { outcomeOf, type Answer, type Client } from './client';
import { locateGap } from './vision';
import { solvedWork, type SolvedWork, type WorkTaskLike } from '@game-register/gateway/testing';
import type { TrailPoint } from '@game-register/puzzle-captcha/core';

export const BOTS = ['jump', 'replay', 'guess', 'vision'] as const;
export type BotName = (typeof BOTS)[number];
const BUSY_RETRIES = 5;

/** A challenge as a bot reads it. */
export interface BotChallenge {
  id: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  background: string;
  piece: string;
  work?: WorkTaskLike;
}

export interface BotOptions {
  client: Client;
  attempts: number;
  /** The address of each attempt (default: the client's own). */
  addressFor?: (attempt: number) => string | null;
  /** The true answer, when the caller knows it (a server with a fixed test seed): jump, replay and guess take it. */
  answerFor?: ((challenge: BotChallenge) => number) | null;
  random?: () => number;
  pixelRatio?: number;
  /** Answer no sooner than the faked drag could have taken (guess and vision). */
  pace?: boolean;
}

export interface BotReport {
  bot: string;
  attempts: number;
  passes: number;
  /** Answers (challenge or verify) refused with 429: the address or its network locked, or rate limited. */
  locked: number;
  /** 503 answers (the server busy), waited out and retried. */
  busy: number;
  /** Other non-200 answers (400: malformed or altered work). */
  refused: number;
  workCpuSeconds: number;
  visionCpuSeconds: number;
  wallSeconds: number;
  /** Replay bot: the honest passes whose id, token and work it replayed. */
  setupPasses: number;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answers a bot may give, from the puzzle's public layout: the gap's x is drawn in [pieceSize + 20, width - pieceSize - 10], the answer is gapX - PIECE_INSET. */
export function offsetRange({ width, pieceSize }: { width: number; pieceSize: number }): { min: number; max: number } {
  return { min: pieceSize + GAP_MARGIN.left - PIECE_INSET, max: width - pieceSize - GAP_MARGIN.right - PIECE_INSET };
}

/** A challenge, waiting out 503s; null with the reason when the server refused one. */
export async function fetchChallenge(client: Client, pixelRatio: number, report: BotReport): Promise<BotChallenge | null> {
  for (let retry = 0; ; retry += 1) {
    const answer = await client.challenge(pixelRatio);
    const outcome = outcomeOf(answer);
    if (answer.status === 200) return answer.body as BotChallenge;
    if (outcome === 'busy' && retry < BUSY_RETRIES) {
      report.busy += 1;
      await sleep(1000 * (answer.retryAfter ?? 1));
      continue;
    }
    if (outcome === 'locked') report.locked += 1;
    else report.refused += 1;
    return null;
  }
}

/** Counts one verify answer. */
export function count(answer: Answer, report: BotReport) {
  const outcome = outcomeOf(answer);
  if (outcome === 'passed') report.passes += 1;
  else if (outcome === 'locked') report.locked += 1;
  else if (outcome === 'busy') report.busy += 1;
  else if (outcome === 'refused') report.refused += 1;
  return outcome;
}

/** Waits until a hand could have made `trail` since `since` (performance.now()), if pacing. */
export async function paceTo(trail: Array<{ t: number }>, since: number, pace: boolean) {
  if (!pace) return;
  const left = (trail.at(-1)?.t ?? 0) + 300 - (performance.now() - since);
  if (left > 0) await sleep(left);
}

export const emptyReport = (bot: string): BotReport => ({
  bot,
  attempts: 0,
  passes: 0,
  locked: 0,
  busy: 0,
  refused: 0,
  workCpuSeconds: 0,
  visionCpuSeconds: 0,
  wallSeconds: 0,
  setupPasses: 0,
});

/** An unsolved solution to the task: the right shape, the wrong key. */
export const unsolvedWork = (task: WorkTaskLike | undefined) => ({
  task,
  solution: { counter: 0, derivedKey: '00'.repeat(task?.parameters?.keyLength ?? 32) },
});

/** A verify body, with the work when there is one. */
export const verifyBody = (challenge: BotChallenge, offsetX: number, trail: TrailPoint[], work: unknown) => ({
  id: challenge.id,
  offsetX,
  trail,
  ...(work === undefined ? {} : { work }),
});

/**
 * The attempt loop every bot but replay runs: a challenge (a refusal is the attempt's outcome), then the
 * verify body `answer` makes of it (given the attempt's number and when the challenge arrived), then the verify.
 */
export async function runAttempts(
  name: string,
  { client, attempts, addressFor = () => client.address, pixelRatio = 1 }: BotOptions,
  answer: (challenge: BotChallenge, attempt: number, report: BotReport, arrived: number) => Promise<ReturnType<typeof verifyBody>>,
): Promise<BotReport> {
  const report = emptyReport(name);
  const started = performance.now();
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const as = client.as(addressFor(attempt));
    report.attempts += 1;
    const challenge = await fetchChallenge(as, pixelRatio, report);
    if (!challenge) continue;
    count(await as.verify(await answer(challenge, attempt, report, performance.now())), report);
  }
  report.wallSeconds = (performance.now() - started) / 1000;
  return report;
}

/** Solves the challenge's work honestly and adds its CPU to the report. */
export function honestWork(challenge: BotChallenge, report: BotReport): SolvedWork | undefined {
  if (!challenge.work) return undefined;
  const { work, cpuSeconds } = solvedWork(challenge.work);
  report.workCpuSeconds += cpuSeconds;
  return work;
}

/** Finds the gap in the challenge's pictures and adds the CPU it took to the report. */
export async function seeGap(challenge: BotChallenge, report: BotReport): Promise<number> {
  const seen = await locateGap(challenge);
  report.visionCpuSeconds += seen.cpuSeconds;
  return seen.offsetX;
}
