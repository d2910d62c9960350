import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHALLENGE_RETRY_MS, IMAGE_TIMEOUT_MS, MAX_PIXEL_RATIO, RESULT_DELAY_MS } from '../core/constants';
import { pieceOffsetForHandle, type PuzzleLayout } from '../core/geometry';
import { canRefresh, transition, type PuzzleEvent, type PuzzleStatus } from '../core/machine';
import { judge, planPuzzle, type PuzzlePlan } from '../core/puzzle';
import type { RandomSource } from '../core/random';
import type { TrailPoint } from '../core/trail';
import { clearBoard, deviceScale, paintBoard, sizeCanvases, type Picture } from './board-canvas';
import { loadImage } from './load';
import type { ServerMode } from './server-mode';
import type { PuzzleServer, PuzzleVerdict, PuzzleVerdictHandler } from './types';
import type { HandleView } from './use-handle-view';

let serverModeChunk: Promise<typeof import('./server-mode')> | null = null;

/**
 * Server mode's chunk (server-mode.ts), fetched once: when a widget with a `server` prop is first rendered,
 * shown or not, so it is usually there before the puzzle opens. A failed load is forgotten: the next try
 * fetches again.
 */
export function loadServerMode() {
  serverModeChunk ??= import('./server-mode').catch((error: unknown) => {
    serverModeChunk = null;
    throw error;
  });
  return serverModeChunk;
}

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
  const pending: Partial<Record<TimerPurpose, ReturnType<typeof setTimeout>>> = {};
  const clear = (purpose: TimerPurpose) => clearTimeout(pending[purpose]); // a spent timer's id is harmless
  return {
    start(purpose: TimerPurpose, ms: number, run: () => void) {
      clear(purpose);
      pending[purpose] = setTimeout(run, ms);
    },
    clear,
    clearAll() {
      for (const purpose in pending) clear(purpose as TimerPurpose);
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
  const [pictureRequest, setPictureRequest] = useState(0);
  const timers = useTimers();
  /** Server mode, once its chunk is here: one per shown widget, disposed when it hides; rendered from state. */
  const serverMode = useRef<ServerMode | null>(null);
  const [server, setServer] = useState<ServerMode | null>(null);
  useEffect(() => () => serverMode.current?.dispose(), []);

  const settle = useCallback(
    (pass: boolean, result: PuzzleVerdict) => {
      if (pass) {
        send('pass');
        timers.start('success', RESULT_DELAY_MS, () => latest.current.onSuccess?.(result.deviation, result));
      } else {
        send('fail');
        timers.start('reload', RESULT_DELAY_MS, () => setPictureRequest((n) => n + 1));
        latest.current.onFail?.(result.deviation, result);
      }
    },
    [send, timers],
  );

  const imagesKey = JSON.stringify(options.images);
  const isServer = options.server !== undefined;

  useLayoutEffect(() => {
    if (send('load') !== 'loading') return;
    if (!stage.current || !board.current || !piece.current) return; // always there: they render with the session
    const canvases = { stage: stage.current, board: board.current, piece: piece.current };
    const controller = new AbortController();
    const { random, images, lastImage, server } = latest.current;
    if (server) {
      plan.current = null;
      view.apply(0);
      clearBoard(canvases);
      let stop = () => controller.abort();
      // The challenge is asked for in this callback, a microtask after the effect, never in the effect itself,
      // even when the chunk is already here: a mount that is undone at once (React's StrictMode unmounts and
      // mounts again in development) is aborted before it has sent anything, so one opening costs the server
      // one drawn puzzle. Tested in puzzle-captcha-server.test.tsx ('one challenge per opening').
      loadServerMode().then(
        ({ createServerMode }) => {
          if (controller.signal.aborted) return; // hidden or superseded meanwhile
          if (!serverMode.current) {
            serverMode.current = createServerMode({
              tools: {
                loadImage,
                deviceScale,
                sizeCanvases,
                timeout: IMAGE_TIMEOUT_MS,
                maxScale: MAX_PIXEL_RATIO,
                retry: CHALLENGE_RETRY_MS,
              },
              server: () => latest.current.server,
              status: () => statusRef.current,
              send,
              settle,
              again: () => setPictureRequest((n) => n + 1),
              retry: (ms, run) => timers.start('retry', ms, run),
              view,
            });
            setServer(serverMode.current);
          }
          stop = serverMode.current.load(canvases, layout, controller);
        },
        () => {
          if (!controller.signal.aborted) send('error'); // the failure banner; refresh asks again
        },
      );
      return () => stop();
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
  }, [pictureRequest, layout, imagesKey, isServer, send, settle, view, stage, board, piece, timers]);

  /** Release, track tap or Enter: judged here, or by the server from the offset and the drag's trail. */
  const submit = useCallback(
    (trail: TrailPoint[] = []) => {
      const server = latest.current.server ? serverMode.current : null;
      if ((latest.current.server ? !server?.served() : !plan.current) || send('submit') !== 'submitting') return;
      const offsetX = pieceOffsetForHandle(view.value(), layout);
      if (server) {
        server.submit(offsetX, trail);
        return;
      }
      const { pass, result } = judge(plan.current!.gapX, offsetX, latest.current.range);
      settle(pass, result);
    },
    [send, settle, view, layout],
  );

  const refresh = useCallback(() => {
    if (!canRefresh(statusRef.current)) return;
    timers.clear('reload');
    timers.clear('retry');
    setPictureRequest((n) => n + 1);
    latest.current.onReset?.();
  }, [timers]);

  /** Server mode keeps the drag's trail for its verifier; a puzzle judged here keeps none. */
  const recorder = useCallback(() => serverMode.current?.trail ?? null, []);

  return { status, statusRef, send, submit, refresh, server, recorder };
}
