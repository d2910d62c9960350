// What the flows answer: one value each, which the routes (http/) turn into their one reply.
import type { Refusal } from './admission';

/** Refused for a while (429 with Retry-After): why, and when to ask again. */
export type Refused = { outcome: 'refused' } & Refusal;
/** Drawing is busy (503 with Retry-After): ask again in a moment. */
export type Busy = { outcome: 'busy'; retryAfterS: number };

/** An answer judged: refused before it was judged, malformed (a client that built or altered its task), wrong, or passed with its token. */
export type VerifyResult = Refused | { outcome: 'bad_request' } | { outcome: 'wrong' } | { outcome: 'passed'; token: string };

export const refusedWith = (refusal: Refusal): Refused => ({ outcome: 'refused', ...refusal });
export const WRONG = { outcome: 'wrong' } as const;
export const BAD_REQUEST = { outcome: 'bad_request' } as const;
