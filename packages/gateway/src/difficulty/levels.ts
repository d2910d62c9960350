/**
 * The difficulty levels of strict mode (docs/decisions.md, "Bots pay, people don't"). A visitor's level is the
 * highest of its address's, its network's and the site's floor, capped by the operator's "people first";
 * each level sets the picture, the work and how many successes one network may have in an hour. Above the
 * last level a network is refused for a while (Retry-After).
 */
export type Level = 0 | 1 | 2 | 3;
export const LEVELS: readonly Level[] = [0, 1, 2, 3];
export const TOP_LEVEL: Level = 3;

export interface LevelPolicy {
  picture: 'plain' | 'guarded';
  /** The work's cost, as a multiple of CAPTCHA_WORK_COST: pacing, never price (a bot's SHA-256 is 100-1000x a phone's). */
  workFactor: number;
  /** The same for the path without the picture, whose task is already dear (CAPTCHA_ACCESSIBLE_WORK_COST). */
  accessibleWorkFactor: number;
  /** Passed puzzles one /24 (IPv6 /48) may have in an hour at this level; null: no quota. */
  networkSuccessesPerHour: number | null;
}



export const clampLevel = (value: number): Level => Math.max(0, Math.min(TOP_LEVEL, Math.round(value))) as Level;

// The numbers (LEVEL_POLICY, HYSTERESIS) are in policy.ts, with the rest of the policy.
export { HYSTERESIS, LEVEL_POLICY } from '../policy';
