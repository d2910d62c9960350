import type { PuzzleServer } from '@game-register/puzzle-captcha';
import { reportPuzzleStep, type OpeningStart } from './funnel';

const BROWSER: OpeningStart = { pic: 'browser' };
const NO_LEVEL: OpeningStart = {};

/** The level and picture a challenge's work task seals (`work.parameters.data`); a refusal to wait carries none. */
function startOf(reply: unknown): OpeningStart {
  const data = (reply as { work?: { parameters?: { data?: Record<string, unknown> } } } | null)?.work?.parameters?.data;
  const { lv, pic } = data ?? {};
  return typeof lv === 'number' && typeof pic === 'string' ? { lv, pic } : NO_LEVEL;
}

/** The funnel's beacons over the openings of the puzzle, each carrying the level and picture of its first puzzle. */
export interface PuzzleOpenings {
  /** Strict mode's server for the widget, which notes each opening's first puzzle; undefined in the default mode. */
  server: PuzzleServer | undefined;
  /** The puzzle opens: `shown` now in the default mode, in strict mode once the opening's first fetch settles. */
  open(): void;
  /** The opening passed: `passed`, with the same level and picture as its `shown`. */
  passed(): void;
}

/**
 * One `shown` per opening, never waiting on anything but the beacon itself: in strict mode it is sent when the
 * opening's first fetch settles, with that puzzle's level and picture, or with none when the fetch failed, was
 * refused (a wait) or was stopped by the puzzle closing; an opening still waiting when the next one starts is sent
 * with none then.
 */
export function puzzleOpenings(server: PuzzleServer | undefined): PuzzleOpenings {
  let opening = 0;
  /** The current opening's first puzzle; null while its first fetch has not settled. */
  let start: OpeningStart | null = NO_LEVEL;
  const settle = (of: number, found: OpeningStart) => {
    if (of !== opening || start !== null) return;
    start = found;
    reportPuzzleStep('shown', found);
  };
  return {
    server: server && {
      ...server,
      challenge: (request, signal) => {
        const of = opening;
        return server.challenge(request, signal).then(
          (reply) => {
            settle(of, startOf(reply));
            return reply;
          },
          (error: unknown) => {
            settle(of, NO_LEVEL);
            throw error;
          },
        );
      },
    },
    open() {
      settle(opening, NO_LEVEL); // the last opening, if its first fetch never settled
      opening += 1;
      start = server ? null : BROWSER;
      if (!server) reportPuzzleStep('shown', BROWSER);
    },
    passed() {
      reportPuzzleStep('passed', start ?? NO_LEVEL);
    },
  };
}
