import { WORK_LIMITS } from './work';
import type { Standing } from './store';

/** 无障碍验证 (the path without the picture): its own limit per address, tighter than the puzzle's. */
export const ACCESSIBLE_LIMIT = { max: 6, windowMs: 10 * 60_000 };

/**
 * Challenges (both paths) one /24 or /48 network may fetch per window, from however many addresses: a
 * bot that rotates addresses inside its network is counted as one. Room for a busy carrier-grade NAT.
 * `max` is the default of CAPTCHA_NETWORK_CHALLENGES.
 */
export const NETWORK_CHALLENGE_LIMIT = { max: 300, windowMs: 60_000 };

/**
 * The work grows with recent failures: it doubles for each failure of the address and for each
 * `networkFailuresPerStep` of its network, up to 2^maxSteps times the configured cost. A person who
 * passes first time pays the configured cost; a script that keeps missing pays more per attempt. An answer
 * must carry work doubled at least once per failure its address had when it answered: a batch of cheap
 * challenges fetched before the failures is worth nothing after them.
 */
export const WORK_ESCALATION = { networkFailuresPerStep: 10, maxSteps: 5, accessibleMaxSteps: 1 } as const;

/**
 * How many times the next task's work is doubled for a caller standing as `standing`: 0 to maxSteps, or
 * to accessibleMaxSteps on the path without the picture, whose task is already dear (doubled more, a
 * phone could not finish it before the challenge expires).
 */
export function workDoublings(standing: Pick<Standing, 'failures' | 'networkFailures'>, maxSteps: number = WORK_ESCALATION.maxSteps): number {
  return Math.min(maxSteps, standing.failures + Math.floor(standing.networkFailures / WORK_ESCALATION.networkFailuresPerStep));
}

/** The max counter of a task doubled `doublings` times from the configured `base`. */
export function escalatedWorkCost(base: number, doublings: number): number {
  return Math.min(WORK_LIMITS.max, base * 2 ** doublings);
}
