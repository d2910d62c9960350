import type { AnswerTiming } from '@game-register/puzzle-captcha/protocol';

/** Longer than any person takes over one puzzle (the challenge lives 2 minutes): a report above it is clamped. */
const LONGEST_MS = 10 * 60_000;

/**
 * The widget's report of how long the visitor took, in seconds for the metrics, or nulls when it sent none.
 * Never judged: a client may leave it out or lie, and nothing but the metrics reads it.
 */
export function answerSeconds(timing: AnswerTiming | undefined): { solveSeconds: number | null; workSeconds: number | null } {
  if (timing === undefined) return { solveSeconds: null, workSeconds: null };
  const seconds = (ms: number) => Math.min(ms, LONGEST_MS) / 1000;
  return { solveSeconds: seconds(timing.solveMs), workSeconds: seconds(timing.workMs) };
}
