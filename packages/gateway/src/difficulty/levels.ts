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
  /** Passed puzzles one /24 (IPv6 /48) may have in an hour at this level; null: no quota. */
  networkSuccessesPerHour: number | null;
}

export const LEVEL_POLICY: Readonly<Record<Level, LevelPolicy>> = {
  0: { picture: 'plain', workFactor: 1, networkSuccessesPerHour: null },
  1: { picture: 'plain', workFactor: 4, networkSuccessesPerHour: 20 },
  2: { picture: 'guarded', workFactor: 10, networkSuccessesPerHour: 5 },
  3: { picture: 'guarded', workFactor: 10, networkSuccessesPerHour: 2 },
};

/** How evidence moves a level: sustained before a step up, calm before a step down, never more than twice in 10 minutes. */
export const HYSTERESIS = {
  /** Pressure held this long raises the level one step. */
  sustainMs: 30_000,
  /** Calm held this long lowers it one step. */
  calmMs: 15 * 60_000,
  /** The least time at a level before it steps down. */
  minDwellMs: 5 * 60_000,
  /** At most this many changes in flapWindowMs; hard evidence may still raise the level to 2. */
  maxChanges: 2,
  flapWindowMs: 10 * 60_000,
  /** An entity's state is forgotten this long after its last change (and at once when it is calm at level 0). */
  ttlMs: 24 * 60 * 60_000,
} as const;

export const clampLevel = (value: number): Level => Math.max(0, Math.min(TOP_LEVEL, Math.round(value))) as Level;
