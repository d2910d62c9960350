import Value from 'typebox/value';
import { AnswerTimingSchema, TIMING_LIMIT_MS, TRIES_LIMIT as PROTOCOL_TRIES_LIMIT } from '../protocol';
import { answerTiming, createOpening, TIMING_LIMIT, TRIES_LIMIT } from './answer-timing';

describe("an answer's timing", () => {
  it("is whole milliseconds from the showing to the answer, and the work's run", () => {
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

describe("an opening's answers", () => {
  it("are numbered from 1 and timed from the opening's first puzzle shown, within what the protocol takes", () => {
    const opening = createOpening();
    opening.shown(1000);
    expect(opening.timing(1000, 4000, 200)).toEqual({ solveMs: 3000, workMs: 200, tries: 1, openMs: 3000 });
    opening.shown(5000); // the next puzzle: the opening's clock keeps its start
    expect(opening.timing(5000, 9500)).toEqual({ solveMs: 4500, workMs: 0, tries: 2, openMs: 8500 });
    const long = createOpening();
    let last = long.timing(0, 1);
    for (let i = 0; i < 1200; i += 1) last = long.timing(0, 5 * 3_600_000);
    expect(last).toMatchObject({ tries: TRIES_LIMIT, openMs: TIMING_LIMIT });
    expect(Value.Check(AnswerTimingSchema, last)).toBe(true);
    expect(TRIES_LIMIT).toBe(PROTOCOL_TRIES_LIMIT);
    expect(Value.Check(AnswerTimingSchema, { solveMs: 1, workMs: 0, tries: 0 })).toBe(false); // what a server would refuse
  });
});
