// A puzzle answer whose work was found done, judged: pure, every fact given (the gap, the answer, the layout,
// when its puzzle left and when the answer came), nothing read from a store or a clock. The route
// (http/captcha-api.ts) checks the work first, then asks this, then settles what it says.
import { judge } from '@game-register/puzzle-captcha/core';
import { handleForPieceOffset, MIN_DRAG_TRAIL, PASS_TOLERANCE, type TravelLayout } from '@game-register/puzzle-captcha/protocol';
import { puzzleFitsMs, type AnswerTiming } from './level-decision';
import type { VerifyReason } from './events';
import { trailProblem, type TrailPoint } from './trail';

/** What an answer is judged from. */
export interface PuzzleAnswerFacts {
  /** The gap's x the puzzle was drawn with, and the piece's offset the answer claims. */
  gapX: number;
  offsetX: number;
  trail: readonly TrailPoint[];
  layout: TravelLayout;
  /** When the puzzle left the gateway, and when its answer came back (the gateway's clock, ms). */
  issuedAt: number;
  at: number;
}

/** The answer's verdict (null: it passes) and its timing against the least a person takes (for the levels' evidence). */
export interface PuzzleJudgement {
  failure: Extract<VerifyReason, 'wrong_offset' | 'trail_refused'> | null;
  timing: AnswerTiming;
}

/**
 * The offset within the tolerance of the gap; a drag's trail (MIN_DRAG_TRAIL samples or more) like a hand's;
 * fewer samples (arrow keys, a tap on the track) pass on the work alone, which is what gates an answer. The
 * timing: from the puzzle leaving to its answer, against its own trail's length and a reaction (puzzleFitsMs).
 */
export function judgePuzzleAnswer({ gapX, offsetX, trail, layout, issuedAt, at }: PuzzleAnswerFacts): PuzzleJudgement {
  const isDrag = trail.length >= MIN_DRAG_TRAIL;
  const failure = !judge(gapX, offsetX, PASS_TOLERANCE).pass
    ? 'wrong_offset'
    : isDrag && trailProblem(trail, handleForPieceOffset(offsetX, layout)) !== null
      ? 'trail_refused'
      : null;
  return { failure, timing: { answeredInMs: at - issuedAt, fitsMs: puzzleFitsMs(trail, isDrag) } };
}
