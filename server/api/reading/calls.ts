import { API_BASE, BACKEND_CALL_WIRE, FUNNEL_WIRE, type BackendCall } from '@game-register/api-wire';
import { CAPTCHA_PATHS, PASS_TOKEN_PARAM } from '@game-register/puzzle-captcha/protocol';

/**
 * Every call the server answers under /api, as the one reading names it: its canonical path, the fields it
 * reads (those the backend receives, and those only the gateway reads), whether it takes a body, and the
 * rate-limit budget that pays for it. Nothing else in the server matches /api paths.
 */
export const API_CALLS = {
  // The backend's three: their paths and fields as the app sends them (the wire, defined once for both).
  checkuser: { path: BACKEND_CALL_WIRE.checkuser.path, query: BACKEND_CALL_WIRE.checkuser.fields, gatewayOnly: [], body: 'fields' },
  checktel: { path: BACKEND_CALL_WIRE.checktel.path, query: BACKEND_CALL_WIRE.checktel.fields, gatewayOnly: [], body: 'fields' },
  reg: { path: BACKEND_CALL_WIRE.reg.path, query: BACKEND_CALL_WIRE.reg.fields, gatewayOnly: [PASS_TOKEN_PARAM], body: 'none' },
  funnel: { path: FUNNEL_WIRE.path, query: [], gatewayOnly: FUNNEL_WIRE.fields, body: 'none' },
  'captcha-challenge': { path: `${API_BASE}${CAPTCHA_PATHS.challenge}`, query: [], gatewayOnly: [], body: 'json' },
  'captcha-verify': { path: `${API_BASE}${CAPTCHA_PATHS.verify}`, query: [], gatewayOnly: [], body: 'json' },
  'captcha-accessible': { path: `${API_BASE}${CAPTCHA_PATHS.accessible}`, query: [], gatewayOnly: [], body: 'json' },
  'captcha-accessible-verify': { path: `${API_BASE}${CAPTCHA_PATHS.accessibleVerify}`, query: [], gatewayOnly: [], body: 'json' },
} as const satisfies Record<string, CallShape>;

interface CallShape {
  /** The path the backend routes; the gateway's own calls are answered here and never forwarded. */
  path: string;
  /** Query (and body) fields the backend receives, in the order the app sends them. */
  query: readonly string[];
  /** Fields only the gateway reads: never forwarded. */
  gatewayOnly: readonly string[];
  /** `fields`: a JSON or form body with the query's fields; `json`: any JSON (the route's schema judges); `none`. */
  body: 'fields' | 'json' | 'none';
}

export type ApiCall = keyof typeof API_CALLS;

/** The backend's three calls: the only ones ever forwarded, and the ones the funnel counts. */
export type { BackendCall };
export const BACKEND_CALLS = Object.keys(BACKEND_CALL_WIRE) as readonly BackendCall[];
export const isBackendCall = (call: ApiCall | null): call is BackendCall => call === 'checkuser' || call === 'checktel' || call === 'reg';

/** Every field name a call reads, forwarded or not. */
export const fieldsOf = (call: ApiCall): readonly string[] => [...API_CALLS[call].query, ...API_CALLS[call].gatewayOnly];

/** The lower-case path segments after /api of each call, for the classifier. */
export const CALL_BY_SEGMENTS: ReadonlyMap<string, ApiCall> = new Map(
  (Object.keys(API_CALLS) as ApiCall[]).map((call) => [API_CALLS[call].path.slice('/api/'.length).toLowerCase(), call]),
);

/**
 * The rate-limit budgets. `unproven` pays for what cost its sender nothing and would otherwise spend reg's: a
 * request that cannot be read, and (strict mode) a reg whose pass token the gate refused.
 */
export type Budget = 'checks' | 'reg' | 'unproven' | 'accessible' | 'funnel';
