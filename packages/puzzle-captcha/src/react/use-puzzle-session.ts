import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHALLENGE_RETRY_MS, IMAGE_TIMEOUT_MS, RESULT_DELAY_MS } from '../core/constants';
import { pieceOffsetForHandle, type PuzzleLayout } from '../core/geometry';
import { canRefresh, transition, type PuzzleEvent, type PuzzleStatus } from '../core/machine';
import { judge, planPuzzle, type PuzzlePlan } from '../core/puzzle';
import type { RandomSource } from '../core/random';
import type { TrailPoint } from '../core/trail';
import { clearBoard, loadImage, loadServerPuzzle, paintBoard, withTimeout, type Picture } from './paint-board';
import type { ChallengeSource, ChallengeVerifier, PuzzleVerdict, PuzzleVerdictHandler } from './types';
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
  challenge?: ChallengeSource;
  verify?: ChallengeVerifier;
}

/** What the browser can say about a server-judged release: the gap, hence deviation and pinX, is unknown. */
const serverVerdict = (offsetX: number, token?: string): PuzzleVerdict => ({ deviation: NaN, offsetX, pinX: NaN, ...(token ? { token } : {}) });

async function askVerifier(verify: ChallengeVerifier, id: string, offsetX: number, trail: TrailPoint[]) {
  try {
    const answer = await withTimeout(verify({ id, offsetX, trail }), IMAGE_TIMEOUT_MS);
    return { pass: answer?.pass === true, token: typeof answer?.token === 'string' ? answer.token : undefined };
  } catch {
    return { pass: false, token: undefined }; // network or server trouble: a failure, and a new puzzle follows
  }
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
  /** The server puzzle on the board, until its one verify. */
  const served = useRef<string | null>(null);
  const challengeFailures = useRef(0);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clearTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => clearTimer, [clearTimer]); // unmounting (hiding) cancels every pending emission

  const [pictureRequest, setPictureRequest] = useState(0);
  const imagesKey = JSON.stringify(options.images);
  const serverMode = Boolean(options.challenge && options.verify);

  useLayoutEffect(() => {
    if (send('load') !== 'loading') return;
    if (!stage.current || !board.current || !piece.current) return; // always there: they render with the session
    const canvases = { stage: stage.current, board: board.current, piece: piece.current };
    const controller = new AbortController();
    const { random, images, lastImage, challenge } = latest.current;
    if (serverMode && challenge) {
      plan.current = null;
      served.current = null;
      view.apply(0);
      clearBoard(canvases);
      loadServerPuzzle(challenge, canvases, layout, controller.signal).then(
        (id) => {
          if (controller.signal.aborted) return;
          served.current = id;
          challengeFailures.current = 0;
          send('loaded');
        },
        () => {
          if (controller.signal.aborted) return;
          send('error'); // the failure banner; another puzzle is asked for later and later
          const wait = Math.min(CHALLENGE_RETRY_MS.first * 2 ** challengeFailures.current, CHALLENGE_RETRY_MS.max);
          challengeFailures.current += 1;
          clearTimer();
          timer.current = setTimeout(() => setPictureRequest((n) => n + 1), wait);
        },
      );
      return () => controller.abort();
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
  }, [pictureRequest, layout, imagesKey, serverMode, send, view, stage, board, piece, clearTimer]);

  const settle = useCallback((pass: boolean, result: PuzzleVerdict) => {
    clearTimer();
    if (pass) {
      send('pass');
      timer.current = setTimeout(() => latest.current.onSuccess?.(result.deviation, result), RESULT_DELAY_MS);
    } else {
      send('fail');
      timer.current = setTimeout(() => setPictureRequest((n) => n + 1), RESULT_DELAY_MS);
      latest.current.onFail?.(result.deviation, result);
    }
  }, [send, clearTimer]);

  /** Release, track tap or Enter: judged here, or by the server from the offset and the drag's trail. */
  const submit = useCallback((trail: TrailPoint[] = []) => {
    const id = served.current;
    const { verify } = latest.current;
    const serverJudged = serverMode && verify !== undefined && id !== null;
    if ((!serverJudged && !plan.current) || send('submit') !== 'submitting') return;
    const offsetX = pieceOffsetForHandle(view.value(), layout);
    if (serverJudged) {
      served.current = null;
      void askVerifier(verify, id, offsetX, trail).then(({ pass, token }) => {
        if (alive.current) settle(pass, serverVerdict(offsetX, token));
      });
      return;
    }
    const { pass, result } = judge(plan.current!.gapX, offsetX, latest.current.range);
    settle(pass, result);
  }, [send, settle, serverMode, view, layout]);

  const refresh = useCallback(() => {
    if (!canRefresh(statusRef.current)) return;
    clearTimer();
    setPictureRequest((n) => n + 1);
    latest.current.onReset?.();
  }, [clearTimer]);

  return { status, statusRef, send, submit, refresh };
}
