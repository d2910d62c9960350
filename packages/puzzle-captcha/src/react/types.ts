import type { PuzzleResult } from '../core/puzzle';
import type { RandomSource } from '../core/random';
import type { TrailPoint } from '../core/trail';
import type { WaitAnswer } from '../protocol/contract';
import type {
  AccessibleChallengeResponse,
  AccessibleVerifyRequest,
  ChallengeRequest,
  ChallengeResponse,
  VerifyRequest,
} from '../protocol/schemas';

export type PuzzleCaptchaType = 'modal' | 'inside';

/**
 * Called with the signed deviation (pinX - offsetX) and the full result. With a server verifier the gap is
 * unknown to the browser: deviation and pinX are NaN, offsetX is the piece offset sent, and a success
 * carries the server's pass `token`.
 */
export type PuzzleVerdictHandler = (deviation: number, result: PuzzleVerdict) => void;

export interface PuzzleVerdict extends PuzzleResult {
  /** The server's pass token (success with a `verify` prop only). */
  token?: string;
}

/** A puzzle drawn by a server: the protocol's challenge response (a type only: no TypeBox in the bundle). */
export type ServerChallenge = ChallengeResponse;

/**
 * A server's verdict, or its refusal for now (a 429: resolve with its Retry-After as a WaitAnswer, e.g. through
 * the protocol's retryAfterSeconds): the widget then shows the wait counted down and a retry, not a failure.
 */
export type ServerVerdict = { pass: boolean; token?: string } | WaitAnswer;

/**
 * Asks the server for a puzzle, or resolves with a WaitAnswer when it refuses for now (429). `signal` fires when
 * the widget hides or unmounts, when the request takes too long, or when another puzzle is asked for instead:
 * pass it to `fetch`.
 */
export type ChallengeSource = (request: Required<ChallengeRequest>, signal: AbortSignal) => Promise<ServerChallenge | WaitAnswer>;
/** Asks the server to judge a release. `signal` fires when the widget hides or unmounts, or on the timeout. */
export type ChallengeVerifier = (answer: VerifyRequest, signal: AbortSignal) => Promise<ServerVerdict>;

/**
 * The path without the picture (无障碍验证): a harder proof-of-work task alone, solved in a Web Worker; its
 * solution is the whole answer. Offered when the server's challenges say `accessible: true`.
 */
export interface AccessibleServer {
  challenge: (signal: AbortSignal) => Promise<AccessibleChallengeResponse | WaitAnswer>;
  verify: (answer: AccessibleVerifyRequest, signal: AbortSignal) => Promise<ServerVerdict>;
}

/** Server-verified mode: both calls or none, so half a server mode cannot be written. */
export interface PuzzleServer {
  /** Each puzzle comes from here. */
  challenge: ChallengeSource;
  /**
   * Judges a release from the offset and the drag trail, and the solved work when the challenge carried a
   * task (always sent for a keyboard or tap answer, which has no trail); a network error counts as a failure.
   */
  verify: ChallengeVerifier;
  /** 无障碍验证: the picture-free path, when the server offers it. */
  accessible?: AccessibleServer;
}

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
  /**
   * Server-verified mode: puzzles from `server.challenge`, verdicts from `server.verify` (imgs and random are
   * then unused; canvasWidth, canvasHeight and puzzleScale must match the server's, the defaults do).
   */
  server?: PuzzleServer;
}

export type { PuzzleResult, RandomSource, TrailPoint, WaitAnswer };
