// A draw thread of the pool (draw-pool.ts): paints and encodes one challenge per task, off the main thread.
import { challengeCanvases, drawChallenge, encodeChallenge, paintChallenge, PICTURE_FORMATS, type ChallengeCanvases } from './pictures';
import { randomFor } from './random';

export interface DrawTask {
  pixelRatio: number;
  /** CAPTCHA_TEST_SEED (tests only), else null: the system's random source. */
  seed: number | null;
}

export interface DrawnChallenge {
  gapX: number;
  gapY: number;
  /** Both pictures as data URLs, ready for the answer. */
  background: string;
  piece: string;
  /** How long the drawing and encoding took, in seconds. */
  drawSeconds: number;
}

const dataUrl = (mimeType: string, image: Buffer) => `data:${mimeType};base64,${image.toString('base64')}`;

/**
 * This thread's canvases, one pair per pixel ratio, painted over by every draw: a draw allocates no native
 * pixels, so the thread's memory stays what three pairs take whatever the number of draws.
 */
const canvasesByRatio = new Map<number, ChallengeCanvases>();

function canvasesFor(pixelRatio: number): ChallengeCanvases {
  let canvases = canvasesByRatio.get(pixelRatio);
  if (canvases === undefined) {
    canvases = challengeCanvases(pixelRatio);
    canvasesByRatio.set(pixelRatio, canvases);
  }
  return canvases;
}

/**
 * On a draw thread: paints and encodes on this very thread (encodeSync), so a draw never takes a libuv
 * thread the main thread needs, and the pool's size bounds the CPU that puzzles can take.
 */
export default async function drawTask({ pixelRatio, seed }: DrawTask): Promise<DrawnChallenge> {
  const started = performance.now();
  const canvases = canvasesFor(pixelRatio);
  const { plan } = paintChallenge(randomFor(seed), pixelRatio, undefined, canvases);
  const encoded = encodeChallenge(canvases);
  return {
    gapX: plan.gapX,
    gapY: plan.gapY,
    background: dataUrl(PICTURE_FORMATS.background.mimeType, encoded.background),
    piece: dataUrl(PICTURE_FORMATS.piece.mimeType, encoded.piece),
    drawSeconds: (performance.now() - started) / 1000,
  };
}

/** On the main thread (CAPTCHA_DRAW_THREADS=0, as before the pool): painted here, encoded on libuv's threads. */
export async function drawOnMainThread({ pixelRatio, seed }: DrawTask): Promise<DrawnChallenge> {
  const started = performance.now();
  const pictures = await drawChallenge(randomFor(seed), pixelRatio);
  return {
    gapX: pictures.plan.gapX,
    gapY: pictures.plan.gapY,
    background: dataUrl(PICTURE_FORMATS.background.mimeType, pictures.background),
    piece: dataUrl(PICTURE_FORMATS.piece.mimeType, pictures.piece),
    drawSeconds: (performance.now() - started) / 1000,
  };
}
