// The contract between the widget and a server that judges it, as plain values (no TypeBox): the browser
// imports these, and the schemas beside them only as types, so TypeBox's runtime never reaches a page.

/** A release passes when |pinX - offsetX| < PASS_TOLERANCE canvas units (pinX = gapX - 3). */
export const PASS_TOLERANCE = 10;

/** The query parameter that carries the server's pass token to the registration call. */
export const PASS_TOKEN_PARAM = 'captchaToken';

/** Fewer trail samples than this is no drag at all (a keyboard or a tap): such an answer needs the solved work. */
export const MIN_DRAG_TRAIL = 8;

/** The verify body's trail is refused past this many samples (the widget sends at most 300). */
export const VERIFY_TRAIL_LIMIT = 500;

/** Either figure of an answer's timing (solveMs, workMs) is refused above this: the widget clamps what it sends. */
export const TIMING_LIMIT_MS = 3_600_000;

/** An answer's number in its opening of the widget (timing.tries) is refused above this: the widget clamps it. */
export const TRIES_LIMIT = 1000;

/** What the handle-to-offset mapping needs of a layout, in canvas units. */
export interface TravelLayout {
  width: number;
  pieceSize: number;
  sliderSize: number;
}

/** The handle travels d in [0, W - s]. */
export function handleMax(layout: TravelLayout): number {
  return Math.max(0, layout.width - layout.sliderSize);
}

/** u = d * (W - p) / (W - s): the piece crosses [0, W - p] while the handle crosses [0, W - s]. */
export function pieceOffsetForHandle(handle: number, layout: TravelLayout): number {
  const travel = handleMax(layout);
  return travel === 0 ? 0 : (handle * (layout.width - layout.pieceSize)) / travel;
}

/** The inverse, d = u * (W - s) / (W - p): how far the handle went for the piece offset a verify body names. */
export function handleForPieceOffset(offset: number, layout: TravelLayout): number {
  const pieceTravel = layout.width - layout.pieceSize;
  return pieceTravel <= 0 ? 0 : (offset * handleMax(layout)) / pieceTravel;
}

/**
 * A refusal to wait out: the server answered 429 (the network's pass allowance spent, the address locked or
 * past its fetches, a host's rate limit), and names the wait in Retry-After. A host's `challenge` or `verify`
 * (and 无障碍验证's) answers with this instead of a puzzle or a verdict; the widget counts it down.
 */
export interface WaitAnswer {
  /** Whole seconds to wait, bounded by retryAfterSeconds. */
  retryAfterS: number;
}

/** Retry-After's bounds: a 429 without one (or with garbage) waits `fallback`; none waits longer than `max`. */
export const RETRY_AFTER_S = { fallback: 10, max: 3600 } as const;

/**
 * A Retry-After header as whole seconds, in [1, RETRY_AFTER_S.max]: delta-seconds or an HTTP date (RFC 9110);
 * missing, negative or unreadable gives RETRY_AFTER_S.fallback.
 */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number {
  const text = header?.trim() ?? '';
  const seconds = /^\d+$/.test(text) ? Number(text) : / GMT$/.test(text) ? (Date.parse(text) - now) / 1000 : NaN;
  return Number.isFinite(seconds) ? Math.min(Math.max(Math.ceil(seconds), 1), RETRY_AFTER_S.max) : RETRY_AFTER_S.fallback;
}
