export type PuzzleStatus = 'hidden' | 'loading' | 'ready' | 'dragging' | 'submitting' | 'success' | 'failure' | 'waiting';

export type PuzzleEvent =
  | 'show' // the widget appears
  | 'hide' // the widget goes away: every state is dropped
  | 'load' // a new picture is wanted (refresh, retry after failure, new settings)
  | 'loaded' // the picture is drawn and the puzzle can be solved
  | 'error' // a server challenge could not be had: the failure banner, then another try
  | 'grab' // a pointer took the handle
  | 'cancel' // the pointer was lost: the handle goes home
  | 'submit' // release, track tap or Enter: the verdict is being taken
  | 'pass'
  | 'fail'
  | 'refuse'; // the server refused for now (429): a wait counted down, then a retry the visitor asks for

const TRANSITIONS: Record<PuzzleStatus, Partial<Record<PuzzleEvent, PuzzleStatus>>> = {
  hidden: { show: 'loading' },
  loading: { load: 'loading', loaded: 'ready', error: 'failure', refuse: 'waiting' },
  ready: { load: 'loading', grab: 'dragging', submit: 'submitting' },
  dragging: { cancel: 'ready', submit: 'submitting' },
  submitting: { pass: 'success', fail: 'failure', load: 'loading', refuse: 'waiting' }, // load: 无障碍验证 given up, a new puzzle instead
  success: {},
  failure: { load: 'loading' },
  waiting: { load: 'loading' },
};

/** The next status, or the same one when the event does not apply (a late or duplicate event is harmless). */
export function transition(status: PuzzleStatus, event: PuzzleEvent): PuzzleStatus {
  if (event === 'hide') return 'hidden';
  return TRANSITIONS[status][event] ?? status;
}

export const canSlide = (status: PuzzleStatus) => status === 'ready' || status === 'dragging';

export const canRefresh = (status: PuzzleStatus) => status === 'loading' || status === 'ready' || status === 'failure';

/** A tap outside closes the modal unless a drag or a submission (verdict and its 800 ms) is under way; a wait may be left. */
export const canDismiss = (status: PuzzleStatus) => status === 'loading' || status === 'ready' || status === 'waiting';
