// The wire between the app (src/api/) and the server (server/api/), defined once: what the app sends is what
// the server reads, forwards and counts, and the answers' shape. The strict-mode puzzle's calls are the puzzle
// package's protocol (CAPTCHA_PATHS), mounted under the same base. Documented for people in docs/behaviour.md,
// "Calls".

/** A query or form as ordered name=value pairs. */
export type QueryPairs = ReadonlyArray<readonly [string, string]>;

/** `a=1&b=2` in the order given, every name and value URL-encoded (spaces as %20): the app's query, and the backend's. */
export function buildQuery(pairs: QueryPairs): string {
  return pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}

/**
 * The backend's three calls: their paths, and the fields each sends in the order the app sends them (the
 * checks' in the query and again as a JSON body; reg's in the query alone).
 */
export const BACKEND_CALL_WIRE = {
  checkuser: { path: '/api/Index/checkuser', fields: ['param', 'name'] },
  checktel: { path: '/api/Index/checktel', fields: ['param', 'name'] },
  reg: { path: '/api/Index/reg', fields: ['name', 'Password', 'rePassword', 'wash', 'washType', 'code', 'mobile', 'QQ', 'islogin'] },
} as const;

export type BackendCall = keyof typeof BACKEND_CALL_WIRE;

/** The checks, and the `name` each sends beside its `param`: the field being checked. */
export const CHECKS = { checkuser: 'name', checktel: 'mobile' } as const satisfies Partial<Record<BackendCall, string>>;
export type Check = keyof typeof CHECKS;

/** The base every call's path starts with: the app's API base (VITE_API_BASE, `/api` by default) stands for it. */
export const API_BASE = '/api';

/**
 * The app's own call, answered by the server in every mode and never forwarded: the puzzle's funnel beacon (POST,
 * its fields in the query in this order, no body; answered 204).
 */
export const FUNNEL_WIRE = { path: '/api/funnel', fields: ['step', 'c', 'lv', 'pic'] } as const;

/** A call's path under the API base: `/Index/checkuser`, `/funnel`. */
export const pathUnderBase = (call: BackendCall | 'funnel'): string =>
  (call === 'funnel' ? FUNNEL_WIRE : BACKEND_CALL_WIRE[call]).path.slice(API_BASE.length);

/**
 * Every answer that is not a puzzle or a pass: the backend's to its three calls, and the server's own (its
 * refusals and errors, the funnel's 400) in the same shape. `y` or `n`, and a message the app shows (zh-CN).
 */
export interface WireAnswer {
  status: 'y' | 'n';
  info: string;
}

/** Reads an answer defensively: anything but a clear `y`/`n` object is no answer (null); a missing info reads as ''. */
export function readWireAnswer(value: unknown): WireAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { status, info } = value as Record<string, unknown>;
  if (status !== 'y' && status !== 'n') return null;
  return { status, info: typeof info === 'string' ? info : '' };
}

/** The headers the app adds (HTTP names are read in any case; the server's Node gives them in lower case). */
export const WIRE_HEADERS = {
  /** The visit's channel, on every /api call (checks carry no `code`): the funnel's label. */
  channel: 'X-Channel',
  /** reg's ad click, one form-encoded string: for the server alone, never passed on to the backend. */
  adClicks: 'X-Ad-Clicks',
  /** `1` when the visitor ticked the ad consent box; sent with X-Ad-Clicks only. */
  adConsent: 'X-Ad-Consent',
} as const;

/** A header's name as Node's `IncomingMessage.headers` keys it. */
export const receivedName = (header: (typeof WIRE_HEADERS)[keyof typeof WIRE_HEADERS]): string => header.toLowerCase();
