import Value from 'typebox/value';
import { AnswerTimingSchema, TIMING_LIMIT_MS } from '../protocol';
import { answerTiming, TIMING_LIMIT } from './answer-timing';

describe('an answer\'s timing', () => {
  it('is whole milliseconds from the showing to the answer, and the work\'s run', () => {
    expect(answerTiming(1000.2, 4321.9, 250.4)).toEqual({ solveMs: 3322, workMs: 250 });
    expect(answerTiming(10, 20)).toEqual({ solveMs: 10, workMs: 0 }); // no work with the challenge
  });

  it('stays within what the protocol takes, however long the page stayed open or however the clock read', () => {
    const cases = [answerTiming(0, 5 * 3_600_000, 4 * 3_600_000), answerTiming(500, 100, -3), answerTiming(0, 1e12, 1e12)];
    expect(cases).toEqual([
      { solveMs: 3_600_000, workMs: 3_600_000 },
      { solveMs: 0, workMs: 0 },
      { solveMs: 3_600_000, workMs: 3_600_000 },
    ]);
    for (const timing of cases) expect(Value.Check(AnswerTimingSchema, timing)).toBe(true);
    expect(TIMING_LIMIT).toBe(TIMING_LIMIT_MS);
    expect(Value.Check(AnswerTimingSchema, { solveMs: TIMING_LIMIT + 1, workMs: 0 })).toBe(false); // what a server would refuse
  });
});
