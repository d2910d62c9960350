// How long the visitor took, sent with each answer (the protocol's AnswerTiming) for the operator's metrics
// only: a server never judges it. The clock is read when a puzzle is shown and at its release (and around the
// work, lazy-solve-work.ts), never per pointer move.
import type { AnswerTiming } from '../protocol/schemas';

/**
 * The protocol's TIMING_LIMIT_MS, written out rather than imported: server mode's chunk shares no module with
 * the widget's, which holds the contract (answer-timing.test.ts holds the two equal).
 */
export const TIMING_LIMIT = 3_600_000;
/** The protocol's TRIES_LIMIT, written out likewise. */
export const TRIES_LIMIT = 1000;

/** A monotonic reading in ms: a device's wall clock may jump while a puzzle is on screen. */
export const clock = () => performance.now();

/** Whole milliseconds within the protocol's bounds: a page left open for hours still sends an answer a server takes. */
const wholeMs = (ms: number) => Math.min(TIMING_LIMIT, Math.max(0, Math.round(ms)));

/**
 * The timing of an answer: from `shownAt` (a clock reading when the puzzle, or 无障碍验证's task, was shown)
 * to `answeredAt` (the release, or the answer sent), and how long its work ran (0 for a challenge without one).
 */
export const answerTiming = (shownAt: number, answeredAt: number, workMs = 0): AnswerTiming => ({
  solveMs: wholeMs(answeredAt - shownAt),
  workMs: wholeMs(workMs),
});

/**
 * One opening of the widget (from showing to hiding), for its answers' timing: each answer's number in it
 * (`tries`, capped at the protocol's TRIES_LIMIT) and the time from its first puzzle shown (`openMs`).
 */
export function createOpening() {
  let firstShownAt = NaN;
  let tries = 0;
  return {
    /** A puzzle (or 无障碍验证's task) was shown: the first one starts the opening's clock. */
    shown(at: number) {
      if (Number.isNaN(firstShownAt)) firstShownAt = at;
    },
    /** An answer's timing, numbered in the opening. */
    timing(shownAt: number, answeredAt: number, workMs?: number): AnswerTiming {
      this.shown(shownAt);
      tries = Math.min(tries + 1, TRIES_LIMIT);
      return { ...answerTiming(shownAt, answeredAt, workMs), tries, openMs: wholeMs(answeredAt - firstShownAt) };
    },
  };
}
