// A draw thread of the pool (draw-pool.ts): paints and encodes one challenge per task, off the main thread.
import { drawChallenge, paintChallenge, WEBP_QUALITY } from './pictures';
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

const dataUrl = (image: Buffer) => `data:image/webp;base64,${image.toString('base64')}`;

/**
 * On a draw thread: paints and encodes on this very thread (encodeSync), so a draw never takes a libuv
 * thread the main thread needs, and the pool's size bounds the CPU that puzzles can take.
 */
export default async function drawTask({ pixelRatio, seed }: DrawTask): Promise<DrawnChallenge> {
  const started = performance.now();
  const { plan, board, piece } = paintChallenge(randomFor(seed), pixelRatio);
  const background = dataUrl(board.encodeSync('webp', WEBP_QUALITY));
  const pieceImage = dataUrl(piece.encodeSync('webp', WEBP_QUALITY));
  return { gapX: plan.gapX, gapY: plan.gapY, background, piece: pieceImage, drawSeconds: (performance.now() - started) / 1000 };
}

/** On the main thread (CAPTCHA_DRAW_THREADS=0, as before the pool): painted here, encoded on libuv's threads. */
export async function drawOnMainThread({ pixelRatio, seed }: DrawTask): Promise<DrawnChallenge> {
  const started = performance.now();
  const pictures = await drawChallenge(randomFor(seed), pixelRatio);
  return {
    gapX: pictures.plan.gapX,
    gapY: pictures.plan.gapY,
    background: dataUrl(pictures.background),
    piece: dataUrl(pictures.piece),
    drawSeconds: (performance.now() - started) / 1000,
  };
}
