import { WORK_ESCALATION, WORK_LIMITS } from './policy';
import { escalatedWorkCost, workDoublings } from './work-escalation';

describe('the work of the next task', () => {
  it('is capped at maxSteps doublings (one on the path without the picture) and at the highest cost allowed', () => {
    const step = WORK_ESCALATION.networkFailuresPerStep;
    expect(workDoublings({ failures: 0, networkFailures: 0 })).toBe(0);
    expect(workDoublings({ failures: 1, networkFailures: step - 1 })).toBe(1);
    expect(workDoublings({ failures: 1, networkFailures: step })).toBe(2);
    expect(workDoublings({ failures: 40, networkFailures: 40 * step })).toBe(WORK_ESCALATION.maxSteps);
    expect(workDoublings({ failures: 3, networkFailures: 0 }, WORK_ESCALATION.accessibleMaxSteps)).toBe(WORK_ESCALATION.accessibleMaxSteps);
    expect(escalatedWorkCost(10_000, 2)).toBe(40_000);
    expect(escalatedWorkCost(1_000_000, WORK_ESCALATION.maxSteps)).toBe(WORK_LIMITS.max);
  });
});
