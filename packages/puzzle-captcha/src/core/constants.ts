import { PASS_TOLERANCE } from '../protocol/contract';

/** Wait between the verdict and the success event, or the failure and the next picture. */
export const RESULT_DELAY_MS = 800;
/** A picture that has not loaded by then counts as failed and a generated one is used. */
export const IMAGE_TIMEOUT_MS = 6000;
/** Highest device pixel ratio the canvases honour. */
export const MAX_PIXEL_RATIO = 3;

export const DEFAULT_SETTINGS = {
  canvasWidth: 310,
  canvasHeight: 160,
  puzzleScale: 1,
  sliderSize: 50,
  range: PASS_TOLERANCE,
  zIndex: 999,
} as const;

/** The piece is drawn this far into its own column, hence `pinX = gapX - 3`. */
export const PIECE_INSET = 3;
/** Extra room around the piece column so its shadow is never cut. */
export const PIECE_BLEED = 8;
/** Margins that keep the gap inside the picture: x in [size+20, W-size-10], y in [20, H-size-10]. */
export const GAP_MARGIN = { left: 20, right: 10, top: 20, bottom: 10 } as const;
/** Generated pictures: background channels in [100, 255] and this many shapes. */
export const GENERATED_SHAPES = 12;
export const GENERATED_CHANNEL = { min: 100, max: 255 } as const;
/** Chance that the fourth (left) knob is a notch. */
export const FOURTH_KNOB_CHANCE = 0.6;
/** A drag trail sent to a server verifier keeps at most this many samples (about 9 KB of JSON). */
export const MAX_TRAIL_POINTS = 300;
/** After a failed challenge request the next one waits this long, doubling per failure in a row up to the cap. */
export const CHALLENGE_RETRY_MS = { first: RESULT_DELAY_MS, max: 10_000 } as const;
