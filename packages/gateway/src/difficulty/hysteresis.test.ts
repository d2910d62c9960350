import { freshState, nextState, type LevelState, type Pressure } from './hysteresis';
import { HYSTERESIS } from './levels';

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
