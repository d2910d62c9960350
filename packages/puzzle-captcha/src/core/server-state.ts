// Server mode's half of a session, beside the machine's status (machine.ts): which server puzzle is on the
// board, how many challenges failed in a row, whether 无障碍验证 is offered and how far it is. The status stays
// the machine's; the server mode sends it its events and keeps the rest here, changed by actions only.
import type { CHALLENGE_RETRY_MS } from './constants';

export interface ServerState {
  /** The id of the server puzzle on the board, until its one answer. */
  served: string | null;
  /** Challenges failed in a row since the last one that came: each retry waits twice as long. */
  failures: number;
  /** Whether this puzzle's server offers 无障碍验证 (and the widget was given its calls). */
  offered: boolean;
  /** 无障碍验证 under way: how far its work is, in percent; null when it is not running. */
  accessible: number | null;
  /**
   * A refusal to wait out (429): when it ends (a clock reading in ms) and the seconds it was given as, which the
   * live region says once; null when nothing is refused.
   */
  wait: { until: number; seconds: number } | null;
}

export type ServerAction =
  | { type: 'load' } // another puzzle is asked for: the one on the board can no longer be answered
  | { type: 'loaded'; id: string; offered: boolean }
  | { type: 'load-failed' }
  | { type: 'answer' } // a release was sent for the puzzle on the board
  | { type: 'accessible'; percent: number } // 无障碍验证 started (0) or went on: no puzzle is answered meanwhile
  | { type: 'accessible-ended' } // settled, cancelled or hidden
  | { type: 'wait'; until: number; seconds: number }; // refused for now: the visitor retries when it ends

export const INITIAL_SERVER_STATE: ServerState = { served: null, failures: 0, offered: false, accessible: null, wait: null };

/** The state with `changes`, or the same object when nothing changes (a view then does not render). */
function patch(state: ServerState, changes: Partial<ServerState>): ServerState {
  const keys = Object.keys(changes) as (keyof ServerState)[];
  return keys.every((key) => state[key] === changes[key]) ? state : { ...state, ...changes };
}

export function serverReducer(state: ServerState, action: ServerAction): ServerState {
  switch (action.type) {
    case 'load':
      return patch(state, { served: null, wait: null });
    case 'answer':
      return patch(state, { served: null });
    case 'loaded':
      return patch(state, { served: action.id, failures: 0, offered: action.offered });
    case 'load-failed':
      return patch(state, { failures: state.failures + 1 });
    case 'accessible':
      return patch(state, { served: null, accessible: action.percent });
    case 'accessible-ended':
      return patch(state, { accessible: null });
    case 'wait':
      return patch(state, { served: null, accessible: null, wait: { until: action.until, seconds: action.seconds } });
  }
}

/** How long to wait before asking again after a failed challenge: doubling per failure in a row, capped. */
export const retryDelay = ({ failures }: ServerState, retry: typeof CHALLENGE_RETRY_MS) => Math.min(retry.first * 2 ** failures, retry.max);

/** 无障碍验证's progress as the live region says it: in quarters, not at every percent. */
export const announcedPercent = (percent: number) => Math.floor(percent / 25) * 25;
