// The difficulty levels as the policy's table has them (LEVEL_POLICY, policy.ts): the list, the top, the level
// hard evidence goes to, clamping. Every meaning a level number has is read from the table, here or by the rules.
import { LEVEL_POLICY, type Level, type LevelPolicy } from './policy';

/** A table of levels, as LEVEL_POLICY is: the rules take one, LEVEL_POLICY unless a test gives another. */
export type LevelTable = Readonly<Record<Level, LevelPolicy>>;

/** The table's levels, lowest first. */
export const levelsOf = (table: LevelTable): Level[] => (Object.keys(table).map(Number) as Level[]).sort((a, b) => a - b);

export const LEVELS: readonly Level[] = levelsOf(LEVEL_POLICY);
/** The highest level of the policy's table. */
export const TOP_LEVEL: Level = LEVELS[LEVELS.length - 1]!;

/** Where hard evidence puts an entity at once: the lowest level the table marks `hardEvidence` (none: its top). */
export const hardEvidenceLevel = (table: LevelTable = LEVEL_POLICY): Level => {
  const levels = levelsOf(table);
  return levels.find((level) => table[level].hardEvidence) ?? levels[levels.length - 1]!;
};

export const clampLevel = (value: number): Level => Math.max(0, Math.min(TOP_LEVEL, Math.round(value))) as Level;
