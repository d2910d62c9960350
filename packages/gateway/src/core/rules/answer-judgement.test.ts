import { HAND_MIN_MS, REACTION_MS } from './policy';
import { judgePuzzleAnswer, type PuzzleAnswerFacts } from './answer-judgement';
import { CHALLENGE_LAYOUT } from '../../drawing/pictures';
import { humanTrail, seededRandom } from '../../testing/trail';

const GAP_X = 150;
const trail = humanTrail(GAP_X, CHALLENGE_LAYOUT, seededRandom(7));
const dragMs = trail.at(-1)!.t - trail[0]!.t;
const facts: PuzzleAnswerFacts = {
  gapX: GAP_X,
  offsetX: GAP_X,
  trail,
  layout: CHALLENGE_LAYOUT,
  issuedAt: 1_000_000,
  at: 1_000_000 + 4000,
};

describe('a puzzle answer judged', () => {
  it("passes a hand's drag to the gap, and times it against its own trail and a reaction", () => {
    expect(judgePuzzleAnswer(facts)).toEqual({
      failure: null,
      timing: { answeredInMs: 4000, fitsMs: Math.max(HAND_MIN_MS, dragMs + REACTION_MS) },
    });
  });

  it('fails an offset past the tolerance, whatever the trail', () => {
    expect(judgePuzzleAnswer({ ...facts, offsetX: GAP_X + 20 }).failure).toBe('wrong_offset');
  });

  it('fails a drag whose trail no hand makes: constant speed, dead straight, to the gap', () => {
    const robot = trail.map((_, i) => ({ x: trail[0]!.x + ((trail.at(-1)!.x - trail[0]!.x) * i) / (trail.length - 1), y: 80, t: i * 16 }));
    expect(judgePuzzleAnswer({ ...facts, trail: robot }).failure).toBe('trail_refused');
  });

  it("passes an answer without a drag (the keyboard, a tap) on the work alone, timed against the hand's least", () => {
    expect(judgePuzzleAnswer({ ...facts, trail: [] })).toEqual({ failure: null, timing: { answeredInMs: 4000, fitsMs: HAND_MIN_MS } });
  });
});
