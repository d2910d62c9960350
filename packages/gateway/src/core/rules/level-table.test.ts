// Every meaning a level number has is read from the policy's table (LEVEL_POLICY): where hard evidence puts an
// entity, from which level 无障碍验证's passes take the level's quota, the top level. A table that says otherwise
// moves each meaning with it.
import { hardEvidenceLevel, LEVELS, TOP_LEVEL, clampLevel, type LevelTable } from './levels';
import { freshState, nextState } from './hysteresis';
import { accessibleAllowance } from './level-decision';
import { ACCESSIBLE_ALLOWANCE, HYSTERESIS, LEVEL_POLICY } from './policy';

const AT = Date.UTC(2026, 10, 29, 8);
/** LEVEL_POLICY with its rows changed as `rows` says. */
const tableWith = (rows: Partial<Record<0 | 1 | 2 | 3, Partial<LevelTable[0]>>>): LevelTable =>
  Object.fromEntries(Object.entries(LEVEL_POLICY).map(([level, row]) => [level, { ...row, ...rows[Number(level) as 0] }])) as LevelTable;

describe('the levels as one table', () => {
  it('sends hard evidence to the level the table marks: 2 in the policy, 3 in a table that marks 3', () => {
    const hard = (table?: LevelTable) => nextState(freshState(AT), 'hard', AT, TOP_LEVEL, HYSTERESIS.calmMs, table).level;
    expect(hard()).toBe(2);
    expect(hardEvidenceLevel()).toBe(2);
    const atThree = tableWith({ 2: { hardEvidence: false }, 3: { hardEvidence: true } });
    expect(hardEvidenceLevel(atThree)).toBe(3);
    expect(hard(atThree)).toBe(3);
    const atOne = tableWith({ 1: { hardEvidence: true }, 2: { hardEvidence: false } });
    expect(hard(atOne)).toBe(1);
    // Under a ceiling, no higher than it, whatever the table says.
    expect(nextState(freshState(AT), 'hard', AT, 1, HYSTERESIS.calmMs, atThree).level).toBe(1);
  });

  it("holds 无障碍验证's passes to the level's quota from the level the table marks: 2, or 1 in a table that marks 1", () => {
    const unknown = ACCESSIBLE_ALLOWANCE.unknown;
    expect(accessibleAllowance('unknown', 1, false)).toEqual(unknown);
    const hourly2 = LEVEL_POLICY[2].networkSuccessesPerHour!;
    expect(accessibleAllowance('unknown', 2, false)).toEqual({
      burst: Math.min(unknown.burst, hourly2),
      perMinute: Math.min(unknown.perMinute, hourly2 / 60),
    });
    const fromOne = tableWith({ 1: { accessibleQuota: true, networkSuccessesPerHour: 1 } });
    expect(accessibleAllowance('unknown', 1, false, fromOne)).toEqual({ burst: 1, perMinute: 1 / 60 });
    expect(accessibleAllowance('unknown', 1, true, fromOne)).toEqual(unknown); // a pinned level: the kind's alone
  });

  it("takes the top level from the table's rows, and clamps to it", () => {
    expect(LEVELS).toEqual(Object.keys(LEVEL_POLICY).map(Number));
    expect(TOP_LEVEL).toBe(Math.max(...LEVELS));
    expect(clampLevel(TOP_LEVEL + 5)).toBe(TOP_LEVEL);
    expect(clampLevel(-1)).toBe(0);
  });
});
