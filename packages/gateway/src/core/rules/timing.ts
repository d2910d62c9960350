import type { AnswerTiming } from '@game-register/puzzle-captcha/protocol';

/** Longer than any person takes over one puzzle (the challenge lives 2 minutes): a report above it is clamped. */
const LONGEST_MS = 10 * 60_000;

/** What the widget reported of an answer, for the metrics; nulls where it sent nothing (an older widget, a script). */
export interface AnswerReport {
  solveSeconds: number | null;
  workSeconds: number | null;
  /** The answer's number in its opening of the widget (1: the first). */
  tries: number | null;
  /** From the opening's first puzzle shown to this answer. */
  openSeconds: number | null;
}

/**
 * The widget's report of how long the visitor took, in seconds for the metrics, or nulls when it sent none.
 * Never judged: a client may leave it out or lie, and nothing but the metrics reads it.
 */
export function answerSeconds(timing: AnswerTiming | undefined): AnswerReport {
  if (timing === undefined) return { solveSeconds: null, workSeconds: null, tries: null, openSeconds: null };
  const seconds = (ms: number) => Math.min(ms, LONGEST_MS) / 1000;
  return {
    solveSeconds: seconds(timing.solveMs),
    workSeconds: seconds(timing.workMs),
    tries: timing.tries ?? null,
    openSeconds: timing.openMs === undefined ? null : seconds(timing.openMs),
  };
}
