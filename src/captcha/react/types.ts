import type { PuzzleResult } from '../core/puzzle';
import type { RandomSource } from '../core/random';

export type PuzzleCaptchaType = 'modal' | 'inside';

/** Called with the signed deviation (pinX - offsetX) and the full result. */
export type PuzzleVerdictHandler = (deviation: number, result: PuzzleResult) => void;

export interface PuzzleCaptchaProps {
  /** `modal` (default): an overlay on document.body. `inside`: rendered in place. */
  type?: PuzzleCaptchaType;
  /** Picture size in canvas units (CSS pixels unless the screen is narrower). Default 310 x 160. */
  canvasWidth?: number;
  canvasHeight?: number;
  /** Whether the widget is shown. Default: false for a modal, true inline. Hiding drops every state. */
  show?: boolean;
  /** Piece scale, clamped to [0.2, 2]. Default 1 (a 59-unit piece). */
  puzzleScale?: number;
  /** Handle width, clamped to [10, canvasWidth / 2]. Default 50. */
  sliderSize?: number;
  /** Tolerance: a release passes when |deviation| < range. Default 10. */
  range?: number;
  /** Stacking order of the modal overlay. Default 999. */
  zIndex?: number;
  /** Picture URLs, one chosen at random (never the same twice in a row); otherwise a generated picture. */
  imgs?: readonly string[] | null;
  successText?: string;
  failText?: string;
  sliderText?: string;
  /** Extra class on the outermost element (the overlay of a modal, the box inline). */
  className?: string;
  /** Source of randomness in [0, 1). Default Math.random. */
  random?: RandomSource;
  /** 800 ms after a correct release. */
  onSuccess?: PuzzleVerdictHandler;
  /** At once after a wrong release; a new picture follows 800 ms later. */
  onFail?: PuzzleVerdictHandler;
  /** The visitor asks to close the modal (Escape, the close button, a tap outside while idle). */
  onClose?: () => void;
  /** The refresh button brought a new picture. */
  onReset?: () => void;
}

export type { PuzzleResult, RandomSource };
