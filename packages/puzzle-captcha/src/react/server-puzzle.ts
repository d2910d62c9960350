import { IMAGE_TIMEOUT_MS, MAX_PIXEL_RATIO } from '../core/constants';
import type { PuzzleLayout } from '../core/geometry';
import type { TrailPoint } from '../core/trail';
import { deviceScale, paintServerBoard, type BoardElements } from './board-canvas';
import { loadImage, withTimeout } from './load';
import type { ChallengeSource, ChallengeVerifier, PuzzleVerdict, ServerChallenge } from './types';

/** Checking what a server answers: a challenge must fit the widget's layout, a verdict is a yes only if it says so. */
function fitsLayout(value: unknown, layout: PuzzleLayout): value is ServerChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { id, background, piece, width, height, pieceSize } = value as Record<string, unknown>;
  return typeof id === 'string' && id !== '' && typeof background === 'string' && typeof piece === 'string' &&
    width === layout.width && height === layout.height && pieceSize === layout.pieceSize;
}

/**
 * Asks for a puzzle at the board's scale, loads and draws its pictures; resolves with its id.
 * `controller` is aborted by the caller (hidden, unmounted, superseded) and here on the timeout.
 */
export async function loadServerPuzzle(challenge: ChallengeSource, elements: BoardElements, layout: PuzzleLayout, controller: AbortController): Promise<ServerChallenge> {
  const { signal } = controller;
  const scale = Math.min(Math.max(deviceScale(elements.stage, layout), 1), MAX_PIXEL_RATIO);
  const puzzle: unknown = await withTimeout(challenge({ pixelRatio: Math.round(scale * 100) / 100 }, signal), IMAGE_TIMEOUT_MS, () => controller.abort());
  if (signal.aborted) throw new Error('aborted');
  if (!fitsLayout(puzzle, layout)) throw new Error('the challenge does not fit this layout');
  const [background, pieceImage] = await Promise.all([
    loadImage(puzzle.background, IMAGE_TIMEOUT_MS, signal),
    loadImage(puzzle.piece, IMAGE_TIMEOUT_MS, signal),
  ]);
  if (signal.aborted) throw new Error('aborted');
  paintServerBoard(elements, background, pieceImage, layout);
  return puzzle;
}

/** The server's verdict on a release; a network error, a timeout or a strange answer is a no. */
export async function askVerifier(verify: ChallengeVerifier, answer: { id: string; offsetX: number; trail: TrailPoint[]; work?: unknown }, controller: AbortController) {
  try {
    const reply = await withTimeout(verify(answer, controller.signal), IMAGE_TIMEOUT_MS, () => controller.abort());
    return { pass: reply?.pass === true, token: typeof reply?.token === 'string' ? reply.token : undefined };
  } catch {
    return { pass: false, token: undefined }; // network or server trouble: a failure, and a new puzzle follows
  }
}

/** What the browser can say about a server-judged release: the gap, hence deviation and pinX, is unknown. */
export const serverVerdict = (offsetX: number, token?: string): PuzzleVerdict => ({ deviation: NaN, offsetX, pinX: NaN, ...(token ? { token } : {}) });
