import { planPuzzle } from '@game-register/puzzle-captcha/core';
import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { CHALLENGE_LAYOUT } from '../drawing/pictures';

/** Where the piece is cut, as the widget's offset (the gap's x less the piece's inset), in every puzzle a gateway draws with `testSeed`. */
export const seededOffset = (testSeed: number): number => planPuzzle(seededRandom(testSeed), CHALLENGE_LAYOUT, 0, -1).gapX - 3;
