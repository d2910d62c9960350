// Server mode's calls (in its chunk): a challenge drawn on the widget's canvases, a verify, both with a time
// limit; what a server answers is checked, never trusted.
import type { CHALLENGE_RETRY_MS } from '../core/constants';
import type { PuzzleLayout } from '../core/geometry';
import type { BoardElements, deviceScale, sizeCanvases } from './board-canvas';
import type { loadImage } from './load';
import type { ChallengeSource, ChallengeVerifier, PuzzleVerdict, ServerChallenge, WaitAnswer } from './types';

/**
 * The widget's own helpers and settings, handed over rather than imported: this chunk then shares no module
 * with the widget's chunk, which would otherwise export them to it (and build a namespace object for it).
 */
export interface BoardTools {
  loadImage: typeof loadImage;
  deviceScale: typeof deviceScale;
  sizeCanvases: typeof sizeCanvases;
  /** IMAGE_TIMEOUT_MS: no call to the server waits longer. */
  timeout: number;
  /** MAX_PIXEL_RATIO: the highest scale a challenge is asked at. */
  maxScale: number;
  retry: typeof CHALLENGE_RETRY_MS;
}

/**
 * The promise, or a rejection after `ms`: a server that never answers must not hold the widget.
 * `onTimeout` runs when the time is up (to abort the request behind the promise).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new Error('timeout'));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A refusal for now (429) in place of a puzzle or a verdict: its key alone says so, its seconds are bounded later. */
export const isWait = (value: unknown): value is WaitAnswer => typeof value === 'object' && value !== null && 'retryAfterS' in value;

/**
 * The protocol's RETRY_AFTER_S, written out rather than imported (this chunk shares no module with the widget's;
 * puzzle-captcha-wait.test.tsx holds the two equal): a wait in whole seconds in [1, max], `fallback` for garbage.
 */
export const WAIT_S = { fallback: 10, max: 3600 };
export const waitSeconds = (seconds: unknown) =>
  typeof seconds === 'number' && seconds >= 0 ? Math.min(Math.max(Math.ceil(seconds), 1), WAIT_S.max) : WAIT_S.fallback;

/** Checking what a server answers: a challenge must fit the widget's layout, a verdict is a yes only if it says so. */
function fitsLayout(value: unknown, layout: PuzzleLayout): value is ServerChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { id, background, piece, width, height, pieceSize } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    id !== '' &&
    typeof background === 'string' &&
    typeof piece === 'string' &&
    width === layout.width &&
    height === layout.height &&
    pieceSize === layout.pieceSize
  );
}

/**
 * Asks for a puzzle at the board's scale, loads its pictures and draws them to fill the board and the piece
 * column; resolves with the challenge. `controller` is aborted by the caller (hidden, unmounted, superseded)
 * and here on the timeout.
 */
export async function loadServerPuzzle(
  { loadImage, deviceScale, sizeCanvases, timeout, maxScale }: BoardTools,
  challenge: ChallengeSource,
  elements: BoardElements,
  layout: PuzzleLayout,
  controller: AbortController,
): Promise<ServerChallenge | WaitAnswer> {
  const { signal } = controller;
  const scale = Math.min(Math.max(deviceScale(elements.stage, layout), 1), maxScale);
  const puzzle: unknown = await withTimeout(challenge({ pixelRatio: Math.round(scale * 100) / 100 }, signal), timeout, () =>
    controller.abort(),
  );
  if (signal.aborted) throw new Error('aborted');
  if (isWait(puzzle)) return puzzle;
  if (!fitsLayout(puzzle, layout)) throw new Error('the challenge does not fit this layout');
  const [background, pieceImage] = await Promise.all([
    loadImage(puzzle.background, timeout, signal),
    loadImage(puzzle.piece, timeout, signal),
  ]);
  if (signal.aborted) throw new Error('aborted');
  sizeCanvases(elements, layout);
  const { board, piece } = elements;
  board.getContext('2d')?.drawImage(background, 0, 0, board.width, board.height);
  piece.getContext('2d')?.drawImage(pieceImage, 0, 0, piece.width, piece.height);
  return puzzle;
}

/** A server's yes with its token, or its refusal for now (`wait`, in bounded seconds); anything else is a no. */
export const verdictOf = (reply: { pass?: unknown; token?: unknown } | WaitAnswer | null | undefined) =>
  isWait(reply)
    ? { pass: false, token: undefined, wait: waitSeconds(reply.retryAfterS) }
    : { pass: reply?.pass === true, token: typeof reply?.token === 'string' ? reply.token : undefined, wait: null };

/** The server's verdict on a release; a network error, a timeout or a strange answer is a no. */
export async function askVerifier(
  timeout: number,
  verify: ChallengeVerifier,
  answer: Parameters<ChallengeVerifier>[0],
  controller: AbortController,
) {
  try {
    return verdictOf(await withTimeout(verify(answer, controller.signal), timeout, () => controller.abort()));
  } catch {
    return verdictOf(null); // network or server trouble: a failure, and a new puzzle follows
  }
}

/** What the browser can say about a server-judged release: the gap, hence deviation and pinX, is unknown. */
export const serverVerdict = (offsetX: number, token?: string): PuzzleVerdict => ({
  deviation: NaN,
  offsetX,
  pinX: NaN,
  ...(token ? { token } : {}),
});
