// A draw thread of the pool (draw-pool.ts): paints and encodes one challenge per task, off the main thread.
import { drawChallenge } from './pictures';
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

export default async function drawTask({ pixelRatio, seed }: DrawTask): Promise<DrawnChallenge> {
  const started = performance.now();
  const pictures = await drawChallenge(randomFor(seed), pixelRatio);
  const dataUrl = (image: Buffer) => `data:${pictures.mimeType};base64,${image.toString('base64')}`;
  return {
    gapX: pictures.plan.gapX,
    gapY: pictures.plan.gapY,
    background: dataUrl(pictures.background),
    piece: dataUrl(pictures.piece),
    drawSeconds: (performance.now() - started) / 1000,
  };
}
