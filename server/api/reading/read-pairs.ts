/** A request's meaning could not be read one way: answered with this status, never forwarded. */
export interface ReadingRefusal {
  status: 400 | 404 | 405 | 415;
  /** Why, for the log: never a value the client sent. */
  reason: string;
}

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

export const hasControl = (text: string) => CONTROL.test(text);

/** `+` as a space, then percent-decoding, as PHP's urldecode does; null where the encoding is broken. */
export function formDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.includes('+') ? text.replace(/\+/g, ' ') : text);
  } catch {
    return null;
  }
}

/**
 * What a field name may look like to some backend: lower case, cut at `[` (PHP arrays), without spaces, dots,
 * underscores and controls (PHP turns ` ` and `.` into `_`, drops leading spaces and cuts at NUL).
 */
// PHP cuts a name at NUL; other controls are as good as absent.
// eslint-disable-next-line no-control-regex
const LOOSE_CHARACTERS = /[\s._\u0000-\u001f\u007f]/g;
const looseName = (name: string) => name.toLowerCase().split('[', 1)[0]!.replace(LOOSE_CHARACTERS, '');

/**
 * Reads name=value pairs (a query, or a form body) against the call's fields: each field once, spelled
 * exactly; other names are not the call's and are dropped. Refuses broken encoding, control characters,
 * a field spelled another way (`Code`, `code[]`, ` code`, `co.de`) and a field given twice.
 */
export function readPairs(raw: string, fields: readonly string[]): { fields: Record<string, string> } | { refusal: ReadingRefusal } {
  const read: Record<string, string> = Object.create(null) as Record<string, string>;
  if (raw === '') return { fields: read };
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = formDecode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : formDecode(pair.slice(equals + 1));
    if (name === null || value === null) return refuseReading('broken percent-encoding');
    if (hasControl(name) || hasControl(value)) return refuseReading('control character in a parameter');
    const verdict = fieldNamed(name, fields);
    if (verdict === 'other-spelling') return refuseReading('a field spelled another way');
    if (verdict === null) continue;
    if (verdict in read) return refuseReading('a field given twice');
    read[verdict] = value;
  }
  return { fields: read };
}

/** The field a name is, null when it is none of them, or `other-spelling` when it could be read as one. */
export function fieldNamed(name: string, fields: readonly string[]): string | 'other-spelling' | null {
  if (fields.includes(name)) return name;
  const loose = looseName(name);
  return fields.some((field) => looseName(field) === loose) ? 'other-spelling' : null;
}

export const refuseReading = (reason: string, status: ReadingRefusal['status'] = 400) => ({ refusal: { status, reason } });
