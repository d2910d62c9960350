// A draw thread of the pool (draw-pool.ts): paints and encodes one challenge per task, off the main thread.
import { challengeCanvases, drawChallenge, encodeChallenge, imageMimeType, paintChallenge, type ChallengeCanvases } from './pictures';
import type { PictureKind } from '../core/rules/events';
import { randomFor } from './random';

export interface DrawTask {
  pixelRatio: number;
  picture: PictureKind;
  /** CAPTCHA_TEST_SEED (tests only), else null: the system's random source. */
  seed: number | null;
}

export interface DrawnChallenge {
  gapX: number;
  gapY: number;
  /**
   * The answer's two picture fields, serialised where they are drawn (`"background":"data:…","piece":"data:…"`,
   * UTF-8 JSON): the event loop copies them into the answer instead of escaping 20-80 KB of base64 per request.
   */
  pictureFields: Uint8Array;
  /** How long the drawing and encoding took, in seconds. */
  drawSeconds: number;
}

const dataUrl = (image: Buffer) => `data:${imageMimeType(image)};base64,${image.toString('base64')}`;

/** Data URLs need no JSON escaping (base64's alphabet has no quote or backslash), so this is their JSON. */
export function pictureFieldsJson(background: Buffer, piece: Buffer): Uint8Array {
  const fields = `"background":"${dataUrl(background)}","piece":"${dataUrl(piece)}"`;
  return Buffer.from(fields, 'latin1');
}

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
 * On a draw thread: paints and encodes on this very thread (a WebP piece on one of libuv's threads, awaited),
 * so the pool's size still bounds the CPU that puzzles can take.
 */
export default async function drawTask({ pixelRatio, picture, seed }: DrawTask): Promise<DrawnChallenge> {
  const started = performance.now();
  const canvases = canvasesFor(pixelRatio);
  const { plan } = paintChallenge(randomFor(seed), pixelRatio, undefined, canvases, picture);
  const encoded = await encodeChallenge(canvases, pixelRatio);
  return {
    gapX: plan.gapX,
    gapY: plan.gapY,
    pictureFields: pictureFieldsJson(encoded.background, encoded.piece),
    drawSeconds: (performance.now() - started) / 1000,
  };
}

/** On the main thread (CAPTCHA_DRAW_THREADS=0, as before the pool): painted here, encoded on libuv's threads. */
export async function drawOnMainThread({ pixelRatio, picture, seed }: DrawTask): Promise<DrawnChallenge> {
  const started = performance.now();
  const pictures = await drawChallenge(randomFor(seed), pixelRatio, undefined, picture);
  return {
    gapX: pictures.plan.gapX,
    gapY: pictures.plan.gapY,
    pictureFields: pictureFieldsJson(pictures.background, pictures.piece),
    drawSeconds: (performance.now() - started) / 1000,
  };
}
