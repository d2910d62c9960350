import { CALL_BY_SEGMENTS, fieldsOf, type ApiCall } from './calls';
import { hasControl, readPairs, refuseReading, type ReadingRefusal } from './read-pairs';

/** What the request line says: the call, and its query fields as read. */
export interface TargetReading {
  call: ApiCall | null;
  query: Record<string, string>;
  refusal: ReadingRefusal | null;
}

/** A path segment as it decodes: letters, digits and `-._~` only (no slash, dot segment, `%` or control). */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;
/** Bytes a request target may hold: printable ASCII, no space and no `#` (a fragment is never sent). */
const TARGET_BYTES = /^[\u0021-\u0022\u0024-\u007e]*$/;

/**
 * Whether a request target is under /api however it is spelled (percent-encoding, case, leading slashes,
 * dots or backslashes), or is no path at all: such a request is read and answered by the API, never routed
 * as sent, so no spelling reaches an /api route unread.
 */
export function isApiTarget(target: string): boolean {
  if (target.startsWith('/api/') || target === '/api' || target.startsWith('/api?')) return true;
  if (!target.startsWith('/')) return true;
  let path = target.split('?', 1)[0]!;
  // Every well-formed %XX decoded, the rest left as it is, until nothing changes: `/a%7%30i` is `/api`.
  for (let i = 0; i < 4 && path.includes('%'); i += 1) {
    const decoded = path.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (decoded === path) break;
    path = decoded;
  }
  return /^[/\\.]*api(?:$|[/\\?;.#%])/i.test(path);
}

/**
 * Reads a request line under /api once: the call from the decoded path (case aside), the query's fields.
 * A path that could be routed more than one way (encoded slashes or dots, dot segments, empty segments,
 * backslashes, segments after the call, a fragment) is refused; a path that names no call is a 404.
 */
export function readTarget(method: string, target: string): TargetReading {
  const refused = (refusal: ReadingRefusal): TargetReading => ({ call: null, query: {}, refusal });
  if (!TARGET_BYTES.test(target)) return refused(refuseReading('a byte the request line may not hold').refusal);
  const at = target.indexOf('?');
  const rawPath = at < 0 ? target : target.slice(0, at);
  if (!rawPath.startsWith('/')) return refused(refuseReading('not a path').refusal);
  const segments: string[] = [];
  for (const raw of rawPath.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return refused(refuseReading('broken percent-encoding in the path').refusal);
    }
    if (!PLAIN_SEGMENT.test(segment) || segment === '.' || segment === '..' || hasControl(segment)) {
      return refused(refuseReading('a path segment that reads more than one way').refusal);
    }
    segments.push(segment.toLowerCase());
  }
  if (segments[0] !== 'api') return refused(refuseReading('not under /api').refusal);
  const call = callOf(segments.slice(1));
  if (call === 'beyond') return refused(refuseReading('path segments after the call').refusal);
  if (call === null) return refused({ status: 404, reason: 'no such call' });
  if (method !== 'POST') return { call, query: {}, refusal: { status: 405, reason: 'not POST' } };
  const read = readPairs(at < 0 ? '' : target.slice(at + 1), fieldsOf(call));
  return 'refusal' in read ? { call, query: {}, refusal: read.refusal } : { call, query: read.fields, refusal: null };
}

/** The call these segments name; `beyond` when a call's path is followed by more segments. */
function callOf(segments: string[]): ApiCall | 'beyond' | null {
  const exact = CALL_BY_SEGMENTS.get(segments.join('/'));
  if (exact) return exact;
  for (let length = segments.length - 1; length > 0; length -= 1) {
    if (CALL_BY_SEGMENTS.has(segments.slice(0, length).join('/'))) return 'beyond';
  }
  return null;
}
