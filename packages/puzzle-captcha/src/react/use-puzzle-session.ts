import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHALLENGE_RETRY_MS, IMAGE_TIMEOUT_MS, RESULT_DELAY_MS } from '../core/constants';
import { pieceOffsetForHandle, type PuzzleLayout } from '../core/geometry';
import { canRefresh, transition, type PuzzleEvent, type PuzzleStatus } from '../core/machine';
import { judge, planPuzzle, type PuzzlePlan } from '../core/puzzle';
import type { RandomSource } from '../core/random';
import type { TrailPoint } from '../core/trail';
import { clearBoard, paintBoard, type Picture } from './board-canvas';
import { loadImage } from './load';
import { solveWork, type WorkSolution, type WorkTask } from '../work/lazy-solve-work';
import { askVerifier, loadServerPuzzle, serverVerdict } from './server-puzzle';
import type { PuzzleServer, PuzzleVerdict, PuzzleVerdictHandler } from './types';

/** The work of the puzzle on the board, solving in a Web Worker from the moment the challenge arrives. */
interface WorkJob {
  id: string;
  task: WorkTask;
  /** Settles with the solution, or null if it could not be had (aborted, refused task). */
  result: Promise<WorkSolution | null>;
  solution: WorkSolution | null;
}

/** 无障碍验证 under way: how far the work is (percent), or null. */
export type AccessibleProgress = { percent: number } | null;
import type { HandleView } from './use-handle-view';

export interface SessionOptions {
  layout: PuzzleLayout;
  images: readonly string[];
  range: number;
  random: RandomSource;
  /** Index of the last picture shown, kept across show/hide so it is never repeated. */
  lastImage: { current: number };
  view: HandleView;
  stage: React.RefObject<HTMLElement | null>;
  board: React.RefObject<HTMLCanvasElement | null>;
  piece: React.RefObject<HTMLCanvasElement | null>;
  onSuccess?: PuzzleVerdictHandler;
  onFail?: PuzzleVerdictHandler;
  onReset?: () => void;
  server?: PuzzleServer;
}

/**
 * The session's timers, one per purpose: `retry` (the next challenge after a failed one), `success` (the
 * success event after a pass), `reload` (the next picture after a failure). Starting one replaces only its
 * own purpose's; unmounting (hiding) clears them all.
 */
type TimerPurpose = 'retry' | 'success' | 'reload';

function createTimers() {
  const pending = new Map<TimerPurpose, ReturnType<typeof setTimeout>>();
  const clear = (purpose: TimerPurpose) => {
    clearTimeout(pending.get(purpose));
    pending.delete(purpose);
  };
  return {
    start(purpose: TimerPurpose, ms: number, run: () => void) {
      clear(purpose);
      pending.set(purpose, setTimeout(() => {
        pending.delete(purpose);
        run();
      }, ms));
    },
    clear,
    clearAll() {
      for (const purpose of [...pending.keys()]) clear(purpose);
    },
  };
}

function useTimers() {
  const [timers] = useState(createTimers);
  useEffect(() => timers.clearAll, [timers]);
  return timers;
}

/** One shown widget: status, picture loading and drawing, verdict, its timers and the events. */
export function usePuzzleSession(options: SessionOptions) {
  const { layout, view, stage, board, piece } = options;
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const [status, setStatus] = useState<PuzzleStatus>(() => transition('hidden', 'show'));
  const statusRef = useRef(status);
  const send = useCallback((event: PuzzleEvent) => {
    const next = transition(statusRef.current, event);
    if (next !== statusRef.current) {
      statusRef.current = next;
      setStatus(next);
    }
    return next;
  }, []);

  const plan = useRef<PuzzlePlan | null>(null);
  /** The server puzzle on the board, until its one verify. */
  const served = useRef<string | null>(null);
  const challengeFailures = useRef(0);
  /** The verify under way: aborted when the widget hides or unmounts. */
  const verifying = useRef<AbortController | null>(null);
  useEffect(() => () => {
    verifying.current?.abort();
    verifying.current = null;
  }, []);
  const timers = useTimers();
  const workJob = useRef<WorkJob | null>(null);
  const [accessibleOffered, setAccessibleOffered] = useState(false);
  const [accessible, setAccessible] = useState<AccessibleProgress>(null);
  /** The accessible path's calls and work: aborted on cancel, hide or unmount. */
  const accessibleRun = useRef<AbortController | null>(null);
  useEffect(() => () => accessibleRun.current?.abort(), []);

  const [pictureRequest, setPictureRequest] = useState(0);
  const imagesKey = JSON.stringify(options.images);
  const serverMode = options.server !== undefined;

  useLayoutEffect(() => {
    if (send('load') !== 'loading') return;
    if (!stage.current || !board.current || !piece.current) return; // always there: they render with the session
    const canvases = { stage: stage.current, board: board.current, piece: piece.current };
    const controller = new AbortController();
    const { random, images, lastImage, server } = latest.current;
    if (server) {
      plan.current = null;
      served.current = null;
      view.apply(0);
      clearBoard(canvases);
      // The request's signal fires on hiding or unmounting (this cleanup), on another request, on the timeout;
      // only the first two make the result moot.
      let moot = false;
      loadServerPuzzle(server.challenge, canvases, layout, controller).then(
        (puzzle) => {
          if (moot) return;
          served.current = puzzle.id;
          challengeFailures.current = 0;
          // The work starts at once, off the main thread: it is usually done before the visitor has answered.
          const task = puzzle.work;
          if (task) {
            const job: WorkJob = { id: puzzle.id, task, solution: null, result: Promise.resolve(null) };
            job.result = solveWork(task, { signal: controller.signal }).then(
              (solution) => (job.solution = solution),
              () => null,
            );
            workJob.current = job;
          } else {
            workJob.current = null;
          }
          setAccessibleOffered(puzzle.accessible === true && latest.current.server?.accessible !== undefined);
          send('loaded');
        },
        () => {
          if (moot) return;
          send('error'); // the failure banner; another puzzle is asked for later and later
          const wait = Math.min(CHALLENGE_RETRY_MS.first * 2 ** challengeFailures.current, CHALLENGE_RETRY_MS.max);
          challengeFailures.current += 1;
          timers.start('retry', wait, () => setPictureRequest((n) => n + 1));
        },
      );
      return () => {
        moot = true;
        controller.abort();
      };
    }
    const next = planPuzzle(random, layout, images.length, lastImage.current);
    if (next.imageIndex >= 0) lastImage.current = next.imageIndex;
    plan.current = next;
    view.apply(0);
    const show = (picture: Picture) => {
      if (controller.signal.aborted) return;
      paintBoard(canvases, picture, next, layout, latest.current.random);
      send('loaded');
    };
    const url = images[next.imageIndex];
    if (url === undefined) {
      show(null);
    } else {
      clearBoard(canvases);
      loadImage(url, IMAGE_TIMEOUT_MS, controller.signal).then(show, () => show(null)); // failure: generated, silently
    }
    return () => controller.abort();
  }, [pictureRequest, layout, imagesKey, serverMode, send, view, stage, board, piece, timers]);

  const settle = useCallback((pass: boolean, result: PuzzleVerdict) => {
    if (pass) {
      send('pass');
      timers.start('success', RESULT_DELAY_MS, () => latest.current.onSuccess?.(result.deviation, result));
    } else {
      send('fail');
      timers.start('reload', RESULT_DELAY_MS, () => setPictureRequest((n) => n + 1));
      latest.current.onFail?.(result.deviation, result);
    }
  }, [send, timers]);

  /** Release, track tap or Enter: judged here, or by the server from the offset and the drag's trail. */
  const submit = useCallback((trail: TrailPoint[] = []) => {
    const id = served.current;
    const { server } = latest.current;
    if ((server ? id === null : !plan.current) || send('submit') !== 'submitting') return;
    const offsetX = pieceOffsetForHandle(view.value(), layout);
    if (server && id !== null) {
      served.current = null;
      const controller = new AbortController();
      verifying.current = controller;
      // Every answer carries the solved work (a server refuses one without it): if the worker is not done
      // yet, the answer waits for it, the handle showing that it is being checked.
      const job = workJob.current?.id === id ? workJob.current : null;
      const ask = (solution: WorkSolution | null) => {
        if (verifying.current !== controller) return; // hidden meanwhile
        if (job && !solution) {
          // The work was stopped (the puzzle was replaced) or could not be done: a server would only count
          // the answer as a failure against this visitor, so it is not sent; a new puzzle follows.
          verifying.current = null;
          settle(false, serverVerdict(offsetX));
          return;
        }
        const work = job && solution ? { task: job.task, solution } : undefined;
        void askVerifier(server.verify, { id, offsetX, trail, ...(work ? { work } : {}) }, controller).then(({ pass, token }) => {
          if (verifying.current !== controller) return; // hidden meanwhile: nothing more happens
          verifying.current = null;
          settle(pass, serverVerdict(offsetX, token));
        });
      };
      if (job && !job.solution) void job.result.then(ask);
      else ask(job?.solution ?? null);
      return;
    }
    const { pass, result } = judge(plan.current!.gapX, offsetX, latest.current.range);
    settle(pass, result);
  }, [send, settle, view, layout]);

  const refresh = useCallback(() => {
    if (!canRefresh(statusRef.current)) return;
    timers.clear('reload');
    timers.clear('retry');
    setPictureRequest((n) => n + 1);
    latest.current.onReset?.();
  }, [timers]);

  /** 无障碍验证: no picture, no drag; a harder task is solved in a worker and is the whole answer. */
  const startAccessible = useCallback(() => {
    const path = latest.current.server?.accessible;
    if (!path || statusRef.current !== 'ready' || send('submit') !== 'submitting') return;
    served.current = null;
    const controller = new AbortController();
    accessibleRun.current = controller;
    const { signal } = controller;
    setAccessible({ percent: 0 });
    path
      .challenge(signal)
      .then(async (offer) => {
        const solution = await solveWork(offer.work, {
          signal,
          onProgress: (tried) => setAccessible({ percent: Math.min(99, Math.floor((tried * 100) / Math.max(1, offer.maxCounter))) }),
        });
        return path.verify({ id: offer.id, work: { task: offer.work, solution } }, signal);
      })
      .then(
        (reply) => (reply?.pass === true ? { pass: true, token: typeof reply.token === 'string' ? reply.token : undefined } : { pass: false, token: undefined }),
        () => ({ pass: false, token: undefined }),
      )
      .then(({ pass, token }) => {
        if (signal.aborted) return; // cancelled, hidden or unmounted
        accessibleRun.current = null;
        setAccessible(null);
        settle(pass, serverVerdict(NaN, token));
      });
  }, [send, settle]);

  /** Back to the picture: the accessible run stops and a new puzzle is drawn. */
  const cancelAccessible = useCallback(() => {
    if (!accessibleRun.current) return;
    accessibleRun.current.abort();
    accessibleRun.current = null;
    setAccessible(null);
    setPictureRequest((n) => n + 1);
  }, []);

  return { status, statusRef, send, submit, refresh, accessibleOffered, accessible, startAccessible, cancelAccessible };
}
