import { WORK_ESCALATION, WORK_LIMITS } from './policy';

// The limits and the escalation's numbers (HOST_ACCESSIBLE_LIMIT, NETWORK_ANSWER_LIMIT, WORK_ESCALATION) are in policy.ts.

/**
 * How many times the next task's work is doubled for a caller standing as `standing`: 0 to maxSteps, or
 * to accessibleMaxSteps on the path without the picture, whose task is already dear (doubled more, a
 * phone could not finish it before the challenge expires).
 */
export function workDoublings(
  standing: { failures: number; networkFailures: number },
  maxSteps: number = WORK_ESCALATION.maxSteps,
): number {
  return Math.min(maxSteps, standing.failures + Math.floor(standing.networkFailures / WORK_ESCALATION.networkFailuresPerStep));
}

/** The max counter of a task doubled `doublings` times from the configured `base`. */
export function escalatedWorkCost(base: number, doublings: number): number {
  return Math.min(WORK_LIMITS.max, base * 2 ** doublings);
}
