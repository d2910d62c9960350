import { freshState, isForgettable, nextState, type LevelState, type Pressure } from './hysteresis';
import { HYSTERESIS } from './policy';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const SUSTAIN = HYSTERESIS.sustainMs;

/** Readings every `every` ms from `from` to `to`, each of the pressure `at(t)` says. */
function run(state: LevelState, from: number, to: number, every: number, at: (t: number) => Pressure) {
  const levels: { t: number; level: number }[] = [];
  for (let t = from; t <= to; t += every) {
    state = nextState(state, at(t), t);
    levels.push({ t, level: state.level });
  }
  return { state, levels };
}

const changesIn = (levels: { t: number; level: number }[], from: number, to: number) =>
  levels.filter(({ t }, i) => i > 0 && t >= from && t < to && levels[i - 1]!.level !== levels[i]!.level).length;

describe('a level under sustained pressure', () => {
  it('steps up once per sustained period of hot readings, and stops at two changes in ten minutes', () => {
    const { levels } = run(freshState(0), 0, 12 * MINUTE, 5 * SECOND, () => 'hot');
    expect(levels.find(({ level }) => level === 1)!.t).toBe(SUSTAIN);
    expect(levels.find(({ level }) => level === 2)!.t).toBe(2 * SUSTAIN);
    expect(changesIn(levels, 0, 10 * MINUTE)).toBe(2);
    // The third step waits until the first change leaves the ten-minute window.
    expect(levels.find(({ level }) => level === 3)!.t).toBe(10 * MINUTE + SUSTAIN);
  });

  it('goes to 2 at once on hard evidence', () => {
    expect(nextState(freshState(0), 'hard', 1000).level).toBe(2);
  });

  it('holds on warm readings and needs the hot run to start again after one', () => {
    let state = nextState(freshState(0), 'hot', 0);
    state = nextState(state, 'warm', SUSTAIN - 5 * SECOND);
    state = nextState(state, 'hot', SUSTAIN);
    expect(nextState(state, 'hot', 2 * SUSTAIN - SECOND).level).toBe(0);
    expect(nextState(state, 'hot', 2 * SUSTAIN).level).toBe(1);
  });

  it('does not count a silence between two hot readings as pressure', () => {
    const state = nextState(freshState(0), 'hot', 0);
    expect(nextState(state, 'hot', 10 * MINUTE).level).toBe(0);
  });
});

describe('a level after the attack', () => {
  const attacked = () => run(freshState(0), 0, 2 * MINUTE, 5 * SECOND, () => 'hot').state;

  it('steps down 15 minutes after the pressure ends and again 15 minutes later, even when the attacker fell silent', () => {
    const state = attacked();
    expect(state.level).toBe(2);
    expect(nextState(state, 'calm', 2 * MINUTE + 14 * MINUTE).level).toBe(2);
    expect(nextState(state, 'calm', 2 * MINUTE + 16 * MINUTE).level).toBe(1);
    expect(nextState(state, 'calm', 2 * MINUTE + 31 * MINUTE).level).toBe(0);
  });

  it('never flaps: hot and calm alternating every 20 s change the level at most twice in any ten minutes', () => {
    const { levels } = run(freshState(0), 0, 60 * MINUTE, 20 * SECOND, (t) => (Math.floor(t / (20 * SECOND)) % 2 === 0 ? 'hot' : 'calm'));
    for (let from = 0; from < 50 * MINUTE; from += MINUTE) expect(changesIn(levels, from, from + 10 * MINUTE)).toBeLessThanOrEqual(2);
  });
});

describe('a level at the edges of its periods', () => {
  const attacked = () => run(freshState(0), 0, 2 * MINUTE, 5 * SECOND, () => 'hot').state;

  it('keeps the hot run across a gap of exactly twice the sustain period, and not past it', () => {
    const state = nextState(freshState(0), 'hot', 0);
    expect(nextState(state, 'hot', 2 * SUSTAIN).level).toBe(1);
    expect(nextState(state, 'hot', 2 * SUSTAIN + 1).level).toBe(0);
  });

  it('keeps rising on sustained hard evidence once at level 2, as on hot readings', () => {
    const { state, levels } = run(freshState(0), 0, SUSTAIN, 5 * SECOND, () => 'hard');
    expect(levels[0]!.level).toBe(2);
    expect(state.level).toBe(3);
    expect(state.changes).toEqual([0, SUSTAIN]);
  });

  it('steps down exactly one calm period after the pressure ended', () => {
    const state = attacked();
    expect(nextState(state, 'calm', state.lastAt + HYSTERESIS.calmMs).level).toBe(1);
    expect(nextState(state, 'calm', state.lastAt + HYSTERESIS.calmMs - 1).level).toBe(2);
  });

  it('does not step down on warm readings, however long after the pressure', () => {
    const state = attacked();
    expect(nextState(state, 'warm', state.lastAt + 2 * HYSTERESIS.calmMs).level).toBe(2);
  });

  it('stays at level 0 through any calm', () => {
    const state = nextState(freshState(0), 'calm', 10 * HYSTERESIS.calmMs);
    expect(state.level).toBe(0);
    expect(state.changes).toEqual([]);
  });

  it('counts a step down as a change: a step down and a step up fill the flap window', () => {
    let state = attacked();
    const down = state.lastAt + HYSTERESIS.calmMs;
    state = nextState(state, 'calm', down);
    expect(state.level).toBe(1);
    expect(state.changes).toEqual([down]);
    const { levels } = run(state, down, down + HYSTERESIS.flapWindowMs, 5 * SECOND, () => 'hot');
    expect(levels.find(({ level }) => level === 2)!.t).toBe(down + SUSTAIN);
    expect(levels.find(({ level }) => level === 3)!.t).toBe(down + HYSTERESIS.flapWindowMs);
  });

  // States as the store hands them back when readings arrive out of order (a gateway whose clock runs behind).
  it('waits the least dwell at a level before a step down, even after a long calm', () => {
    const changedAt = 4 * HYSTERESIS.minDwellMs;
    const state: LevelState = { level: 2, since: changedAt, lastAt: 0, hotSince: null, calmSince: 0, changes: [changedAt] };
    expect(HYSTERESIS.calmMs).toBeLessThan(changedAt);
    expect(nextState(state, 'calm', changedAt).level).toBe(2);
    expect(nextState(state, 'calm', changedAt + HYSTERESIS.minDwellMs).level).toBe(1);
  });

  it('does not step down while the flap window is full, and does once it has room', () => {
    const now = HYSTERESIS.calmMs + MINUTE;
    const full = [now - 6 * MINUTE, now - 5 * MINUTE];
    const state: LevelState = { level: 2, since: 0, lastAt: 0, hotSince: null, calmSince: 0, changes: full };
    expect(full.length).toBe(HYSTERESIS.maxChanges);
    expect(nextState(state, 'calm', now).level).toBe(2);
    expect(nextState({ ...state, changes: full.slice(1) }, 'calm', now).level).toBe(1);
  });
});

describe("a floor raised by a rate alone (the carriers' floor: HYSTERESIS.rateCalmMs)", () => {
  const RATE = HYSTERESIS.rateCalmMs;
  /** Raised 0 -> 1 -> 2 in two sustained periods, then calm readings every 10 s from `calmFrom` until `to`. */
  const calmAfterSurge = (calmFrom: number, to: number, calmMs?: number) => {
    let state = freshState(0);
    const levels: { t: number; level: number }[] = [];
    for (let t = 0; t <= to; t += 10 * SECOND) {
      state = nextState(state, t < calmFrom ? 'hot' : 'calm', t, 3, calmMs);
      levels.push({ t, level: state.level });
    }
    return levels;
  };
  /** When the level first fell below `below` after it reached 2. */
  const firstAt = (levels: { t: number; level: number }[], below: number) => {
    const raised = levels.findIndex(({ level }) => level === 2);
    return levels.slice(raised).find(({ level }) => level < below)!.t;
  };

  it('steps down from the guarded picture once its two rises leave the flap window, and to 0 one rate calm period later', () => {
    expect(RATE).toBeLessThan(HYSTERESIS.calmMs);
    const levels = calmAfterSurge(50 * SECOND, 40 * MINUTE, RATE);
    // Rises at 20 s and 40 s (hot readings every 10 s), calm from the last hot one: the flap window lets a step
    // down in at 10 min 20 s, where the rate calm period alone would have allowed it at 5 min 40 s.
    expect(levels.find(({ level }) => level === 2)!.t).toBe(40 * SECOND);
    expect(firstAt(levels, 2)).toBe(10 * MINUTE + 20 * SECOND);
    // Never a step dated back to before the reading that shows the level before it: 1 stays its own calm period.
    expect(firstAt(levels, 1)).toBe(10 * MINUTE + 20 * SECOND + RATE);
    for (let from = 0; from < 30 * MINUTE; from += MINUTE) expect(changesIn(levels, from, from + 10 * MINUTE)).toBeLessThanOrEqual(2);
  });

  it('is the shorter way down: the same surge under the usual calm period stays twice as long off level 0', () => {
    const levels = calmAfterSurge(50 * SECOND, 60 * MINUTE);
    expect(firstAt(levels, 2)).toBe(40 * SECOND + HYSTERESIS.calmMs);
    expect(firstAt(levels, 1)).toBe(40 * SECOND + 2 * HYSTERESIS.calmMs);
  });
});

describe('forgetting a state', () => {
  it('forgets a calm level 0 at once, and a raised level only after the TTL', () => {
    expect(isForgettable(freshState(0), 0)).toBe(true);
    const raised = nextState(freshState(0), 'hard', 0);
    expect(isForgettable(raised, 0)).toBe(false);
    expect(isForgettable(raised, HYSTERESIS.ttlMs - 1)).toBe(false);
    expect(isForgettable(raised, HYSTERESIS.ttlMs)).toBe(true);
    expect(isForgettable(nextState(freshState(0), 'hot', 0), 0)).toBe(false);
    const warmAfter = nextState(raised, 'warm', SECOND);
    expect(warmAfter.hotSince).toBeNull();
    expect(isForgettable(warmAfter, SECOND)).toBe(false);
  });
});
