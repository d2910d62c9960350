// The difficulty levels' vocabulary: the list, the top, clamping. The table's shape and numbers (Level,
// LevelPolicy, LEVEL_POLICY, HYSTERESIS) are in policy.ts, with the rest of the policy; this module imports them
// from there, and policy.ts imports nothing from difficulty/ (no circle).
import { HYSTERESIS, LEVEL_POLICY, type Level, type LevelPolicy } from './policy';

export type { Level, LevelPolicy };
export { HYSTERESIS, LEVEL_POLICY };

export const LEVELS: readonly Level[] = [0, 1, 2, 3];
export const TOP_LEVEL: Level = 3;

export const clampLevel = (value: number): Level => Math.max(0, Math.min(TOP_LEVEL, Math.round(value))) as Level;
