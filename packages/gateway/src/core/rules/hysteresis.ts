import { HYSTERESIS, LEVEL_POLICY, type Level } from './policy';
import { hardEvidenceLevel, TOP_LEVEL, type LevelTable } from './levels';

/** What the counters say about an entity (an address or a network) right now. */
export type Pressure = 'calm' | 'warm' | 'hot' | 'hard';

/** One entity's level and the runs of readings that move it. */
export interface LevelState {
  level: Level;
  /** When the level last changed. */
  since: number;
  /** The last reading: silence after it counts as calm. */
  lastAt: number;
  /** Start of the current run of hot (or hard) readings, null when the last reading was not hot. */
  hotSince: number | null;
  /** Start of the current run of calm readings (or of the silence before this one). */
  calmSince: number | null;
  /** When the level changed within the last flap window. */
  changes: number[];
}

export const freshState = (now: number): LevelState => ({
  level: 0,
  since: now,
  lastAt: now,
  hotSince: null,
  calmSince: null,
  changes: [],
});

const recent = (changes: number[], now: number) => changes.filter((at) => now - at < HYSTERESIS.flapWindowMs);
/** The changes kept with a state: those within a flap window of its last (a step down may be dated back to then). */
const kept = (changes: number[], since: number) => changes.filter((at) => since - at < HYSTERESIS.flapWindowMs);

/** Steps down for every calm period that has passed since the calm began (a silent attacker is calm too). */
function calmDown(state: LevelState, calmSince: number, now: number, calmMs: number): LevelState {
  let { level, since, changes } = state;
  let from = calmSince;
  while (level > 0) {
    let at = Math.max(from + calmMs, since + HYSTERESIS.minDwellMs);
    // A calm period shorter than the flap window waits for the window to let one more change in.
    const held = recent(changes, at);
    const oldest = held.length >= HYSTERESIS.maxChanges ? held[held.length - HYSTERESIS.maxChanges] : undefined;
    if (oldest !== undefined) at = oldest + HYSTERESIS.flapWindowMs;
    if (at > now || recent(changes, at).length >= HYSTERESIS.maxChanges) break;
    level = (level - 1) as Level;
    since = at;
    from = at;
    changes = [...recent(changes, at), at];
  }
  return { level, since, lastAt: now, hotSince: null, calmSince: from, changes: kept(changes, since) };
}

/**
 * The next state of an entity after one reading of its pressure. Up one step after `sustainMs` of hot
 * readings; at once to the table's hard-evidence level on hard evidence (a network failing most of many answers); down one step for each
 * `calmMs` of calm (readings or silence), after `minDwellMs` at the level; never more than `maxChanges`
 * changes in a flap window, hard evidence aside; never above `ceiling`. A warm reading holds the level and breaks both runs.
 * `calmMs`: the calm period, shorter for a floor raised by a rate alone (HYSTERESIS.rateCalmMs). `table`: the levels'.
 */
export function nextState(
  state: LevelState,
  pressure: Pressure,
  now: number,
  ceiling: Level = TOP_LEVEL,
  calmMs: number = HYSTERESIS.calmMs,
  table: LevelTable = LEVEL_POLICY,
): LevelState {
  const changes = recent(state.changes, now);
  // A step up keeps the hot run going: the next step needs one more sustained period, not a new run.
  const change = (level: Level, hotSince: number | null): LevelState => ({
    level,
    since: now,
    lastAt: now,
    hotSince,
    calmSince: null,
    changes: [...changes, now],
  });
  const hardLevel = Math.min(hardEvidenceLevel(table), ceiling) as Level;
  if (pressure === 'hard' && state.level < hardLevel) return change(hardLevel, now);
  if (pressure === 'hot' || pressure === 'hard') {
    // A run of hot readings needs readings: after a silence it starts again.
    const hotSince = state.hotSince !== null && now - state.lastAt <= 2 * HYSTERESIS.sustainMs ? state.hotSince : now;
    const sustained = now - hotSince >= HYSTERESIS.sustainMs;
    if (sustained && state.level < ceiling && changes.length < HYSTERESIS.maxChanges) return change((state.level + 1) as Level, now);
    return { ...state, lastAt: now, hotSince, calmSince: null };
  }
  if (pressure === 'calm') return calmDown(state, state.calmSince ?? state.lastAt, now, calmMs);
  return { ...state, lastAt: now, hotSince: null, calmSince: null };
}

/** Whether a state can be forgotten: calm at level 0, or untouched for the TTL. */
export const isForgettable = (state: LevelState, now: number) =>
  (state.level === 0 && state.hotSince === null) || now - state.lastAt >= HYSTERESIS.ttlMs;
