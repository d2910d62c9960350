// Server mode, a chunk of its own: loaded only when the widget is given a `server` prop (preloaded as soon
// as it is), so a puzzle judged in the browser never downloads it. The session (use-puzzle-session.ts)
// hands it the puzzle's canvases and its releases; here are the challenge and its retries, the verify, the
// proof-of-work job, the answers' timing (answer-timing.ts), 无障碍验证 and a refusal's wait (a 429: counted down,
// then a retry the visitor asks for). Its state is the reducer's
// (core/server-state.ts), held in a small store that its views (server-views.tsx) read; what is kept beside it
// are only handles to abort and the clock reading of the puzzle's showing.
import type { PuzzleLayout } from '../core/geometry';
import type { PuzzleEvent, PuzzleStatus } from '../core/machine';
import { INITIAL_SERVER_STATE, retryDelay, serverReducer, type ServerAction, type ServerState } from '../core/server-state';
import { createTrailRecorder, type TrailPoint } from '../core/trail';
import { solveTimedWork, type TimedSolution, type WorkTask } from '../work/lazy-solve-work';
import { clock, createOpening } from './answer-timing';
import type { BoardElements } from './board-canvas';
import { askVerifier, isWait, loadServerPuzzle, serverVerdict, verdictOf, waitSeconds, type BoardTools } from './server-calls';
import { createServerViews } from './server-views';
import type { PuzzleServer, PuzzleVerdict } from './types';
import type { HandleView } from './use-handle-view';

export type { BoardTools } from './server-calls';

/** What server mode drives in the session it serves. */
export interface ServerSession {
  tools: BoardTools;
  /** The widget's `server` prop as it is now. */
  server: () => PuzzleServer | undefined;
  status: () => PuzzleStatus;
  send: (event: PuzzleEvent) => PuzzleStatus;
  settle: (pass: boolean, result: PuzzleVerdict) => void;
  /** Asks for another puzzle now (the session's picture request). */
  again: () => void;
  /** Starts `run` after `ms`, replacing the session's pending retry; hiding clears it. */
  retry: (ms: number, run: () => void) => void;
  /** The handle, sent home while a refusal is waited out (its answer is gone). */
  view: HandleView;
}

export type ServerMode = ReturnType<typeof createServerMode>;

/** The work of the puzzle on the board, solving in a Web Worker from the moment the challenge arrives. */
interface WorkJob {
  id: string;
  task: WorkTask;
  /** Settles with the solution and how long it took, or null if it could not be had (aborted, refused task). */
  result: Promise<TimedSolution | null>;
}

/** What is under way, to abort or to recognise a late answer by: the verify, 无障碍验证, the puzzle's work. */
interface Underway {
  verify: AbortController | null;
  accessible: AbortController | null;
  work: WorkJob | null;
  /** When the puzzle on the board was shown (a clock reading): its answer's time runs from there. */
  shownAt: number;
}

/** The work of a puzzle, started at once, off the main thread: it is usually done before the visitor answers. */
function startWork(id: string, task: WorkTask, signal: AbortSignal): WorkJob {
  return { id, task, result: solveTimedWork(task, { signal }).catch(() => null) };
}

/** One shown widget's server mode; `dispose` when it hides. */
export function createServerMode(session: ServerSession) {
  const store = { state: INITIAL_SERVER_STATE, listeners: new Set<() => void>() };
  const dispatch = (action: ServerAction) => {
    const next = serverReducer(store.state, action);
    if (next === store.state) return;
    store.state = next;
    for (const listener of store.listeners) listener();
  };
  const underway: Underway = { verify: null, accessible: null, work: null, shownAt: 0 };
  /** This opening's answers, numbered, and its first puzzle's showing (for the operator's metrics). */
  const opening = createOpening();

  /** Refused for now (429): the wait, counted down by the view; no failure, no puzzle asked for meanwhile. */
  const refuse = (seconds: number) => {
    dispatch({ type: 'wait', until: clock() + seconds * 1000, seconds });
    session.send('refuse');
    session.view.apply(0);
  };
  /** The visitor's retry once the wait is over: a new puzzle, as after a failure. */
  const retry = () => {
    const { wait } = store.state;
    if (wait === null || clock() < wait.until) return;
    dispatch({ type: 'load' });
    session.again();
  };

  const cancel = () => {
    if (!underway.accessible) return;
    underway.accessible.abort();
    underway.accessible = null;
    dispatch({ type: 'accessible-ended' });
    session.again();
  };

  /** 无障碍验证: no picture, no drag; a harder task is solved in a worker and is the whole answer. */
  const start = () => {
    const path = session.server()?.accessible;
    if (!path || session.status() !== 'ready' || session.send('submit') !== 'submitting') return;
    const controller = new AbortController();
    underway.accessible = controller;
    const { signal } = controller;
    const shownAt = clock(); // the panel is shown now, its task under way: the visitor's time runs from here
    dispatch({ type: 'accessible', percent: 0 });
    path
      .challenge(signal)
      .then(async (offer) => {
        if (isWait(offer)) return verdictOf(offer);
        const { solution, ms } = await solveTimedWork(offer.work, {
          signal,
          onProgress: (tried) =>
            dispatch({ type: 'accessible', percent: Math.min(99, Math.floor((tried * 100) / Math.max(1, offer.maxCounter))) }),
        });
        const timing = opening.timing(shownAt, clock(), ms);
        return verdictOf(await path.verify({ id: offer.id, work: { task: offer.work, solution }, timing }, signal));
      })
      .catch(() => verdictOf(null))
      .then(({ pass, token, wait }) => {
        if (signal.aborted) return; // cancelled or hidden
        underway.accessible = null;
        dispatch({ type: 'accessible-ended' });
        if (wait !== null) refuse(wait);
        else session.settle(pass, serverVerdict(NaN, pass ? token : undefined));
      });
  };

  /** Sends a release, timed now, with its puzzle's work once solved; an answer whose work could not be done is a failure here. */
  const answer = (id: string, offsetX: number, trail: TrailPoint[], server: PuzzleServer) => {
    const [shownAt, releasedAt] = [underway.shownAt, clock()];
    const controller = new AbortController();
    underway.verify = controller;
    const work = underway.work?.id === id ? underway.work : null;
    const send = (solved: TimedSolution | null) => {
      if (underway.verify !== controller) return; // hidden meanwhile
      if (work && !solved) {
        // The work was stopped (the puzzle was replaced) or could not be done: a server would only count
        // the answer as a failure against this visitor, so it is not sent; a new puzzle follows.
        underway.verify = null;
        session.settle(false, serverVerdict(offsetX));
        return;
      }
      const withWork = work && solved ? { work: { task: work.task, solution: solved.solution } } : {};
      const timing = opening.timing(shownAt, releasedAt, solved?.ms);
      void askVerifier(session.tools.timeout, server.verify, { id, offsetX, trail, ...withWork, timing }, controller).then(
        ({ pass, token, wait }) => {
          if (underway.verify !== controller) return; // hidden meanwhile: nothing more happens
          underway.verify = null;
          if (wait !== null)
            refuse(wait); // a right answer may be refused for its network's allowance: a wait, not a failure
          else session.settle(pass, serverVerdict(offsetX, token));
        },
      );
    };
    if (work) void work.result.then(send);
    else send(null);
  };

  const state = (): ServerState => store.state;
  const subscribe = (listener: () => void) => {
    store.listeners.add(listener);
    return () => void store.listeners.delete(listener);
  };

  return {
    /** The drags' trails, sent with the answers: kept only here, so a puzzle judged in the browser records none. */
    trail: createTrailRecorder(),
    /** What the widget renders for server mode (Panel, Offer, Announcement), reading the state above. */
    ...createServerViews({ state, subscribe, start, cancel, retry, clock }),

    /** Whether a server puzzle is on the board, waiting for its answer. */
    served: () => store.state.served !== null,

    /**
     * Draws the next puzzle on the canvases. The request's signal fires on hiding or on another request (the
     * returned function, which makes the result moot) and on the timeout.
     */
    load(canvases: BoardElements, layout: PuzzleLayout, controller: AbortController) {
      dispatch({ type: 'load' });
      const superseded = new AbortController();
      const server = session.server();
      if (server) {
        loadServerPuzzle(session.tools, server.challenge, canvases, layout, controller).then(
          (puzzle) => {
            if (superseded.signal.aborted) return;
            if (isWait(puzzle)) {
              refuse(waitSeconds(puzzle.retryAfterS));
              return;
            }
            underway.work = puzzle.work ? startWork(puzzle.id, puzzle.work, controller.signal) : null;
            underway.shownAt = clock(); // drawn on the canvases: the picture shows with the status that follows
            opening.shown(underway.shownAt);
            dispatch({ type: 'loaded', id: puzzle.id, offered: puzzle.accessible === true && session.server()?.accessible !== undefined });
            session.send('loaded');
          },
          () => {
            if (superseded.signal.aborted) return;
            session.send('error'); // the failure banner; another puzzle is asked for later and later
            session.retry(retryDelay(store.state, session.tools.retry), session.again);
            dispatch({ type: 'load-failed' });
          },
        );
      }
      return () => {
        superseded.abort();
        controller.abort();
      };
    },

    /** Sends a release to the verifier with the solved work: if the worker is not done yet, the answer waits for it. */
    submit(offsetX: number, trail: TrailPoint[]) {
      const id = store.state.served;
      const server = session.server();
      if (id === null || !server) return;
      dispatch({ type: 'answer' });
      answer(id, offsetX, trail, server);
    },

    /** The widget hides: the verify and 无障碍验证 under way stop, their late answers are dropped. */
    dispose() {
      underway.verify?.abort();
      underway.verify = null;
      underway.accessible?.abort();
      underway.accessible = null;
    },
  };
}
