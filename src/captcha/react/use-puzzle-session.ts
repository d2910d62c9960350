import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { IMAGE_TIMEOUT_MS, RESULT_DELAY_MS } from '../core/constants';
import { pieceOffsetForHandle, type PuzzleLayout } from '../core/geometry';
import { canRefresh, transition, type PuzzleEvent, type PuzzleStatus } from '../core/machine';
import { judge, planPuzzle, type PuzzlePlan } from '../core/puzzle';
import type { RandomSource } from '../core/random';
import { clearBoard, loadImage, paintBoard, type Picture } from './paint-board';
import type { PuzzleVerdictHandler } from './types';
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
}

/** One shown widget: status, picture loading and drawing, verdict, the 800 ms timers and the events. */
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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clearTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => clearTimer, [clearTimer]); // unmounting (hiding) cancels every pending emission

  const [pictureRequest, setPictureRequest] = useState(0);
  const imagesKey = JSON.stringify(options.images);

  useLayoutEffect(() => {
    if (send('load') !== 'loading') return;
    const { random, images, lastImage } = latest.current;
    const next = planPuzzle(random, layout, images.length, lastImage.current);
    if (next.imageIndex >= 0) lastImage.current = next.imageIndex;
    plan.current = next;
    view.apply(0);
    if (!stage.current || !board.current || !piece.current) return; // always there: they render with the session
    const canvases = { stage: stage.current, board: board.current, piece: piece.current };
    const controller = new AbortController();
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
  }, [pictureRequest, layout, imagesKey, send, view, stage, board, piece]);

  const submit = useCallback(() => {
    if (send('submit') !== 'submitting' || !plan.current) return;
    const { range, onFail } = latest.current;
    const { pass, result } = judge(plan.current.gapX, pieceOffsetForHandle(view.value(), layout), range);
    clearTimer();
    if (pass) {
      send('pass');
      timer.current = setTimeout(() => latest.current.onSuccess?.(result.deviation, result), RESULT_DELAY_MS);
    } else {
      send('fail');
      timer.current = setTimeout(() => setPictureRequest((n) => n + 1), RESULT_DELAY_MS);
      onFail?.(result.deviation, result);
    }
  }, [send, clearTimer, view, layout]);

  const refresh = useCallback(() => {
    if (!canRefresh(statusRef.current)) return;
    clearTimer();
    setPictureRequest((n) => n + 1);
    latest.current.onReset?.();
  }, [clearTimer]);

  return { status, statusRef, send, submit, refresh };
}
