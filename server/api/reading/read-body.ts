import secureJson from 'secure-json-parse';
import { API_CALLS, type ApiCall } from './calls';
import { fieldNamed, hasControl, readPairs, refuseReading, type ReadingRefusal } from './read-pairs';
import { topLevelKeys } from './json-keys';

export type BodyType = 'json' | 'form';

export interface BodyReading {
  /** The body's fields (a check's), or the parsed JSON (strict mode's calls); null without a body. */
  body: unknown;
  type: BodyType | null;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The media type alone, lower case: `application/json; charset=utf-8` is `application/json`. */
const mediaType = (contentType: string | undefined) => contentType?.split(';', 1)[0]!.trim().toLowerCase() ?? '';

/**
 * Reads a body once, as the call takes it: none for reg and the beacon; JSON or a form of the query's fields
 * for the checks (each field once, spelled exactly, a string); JSON for strict mode's calls (their schemas
 * judge it). An empty body is no body. A body its content type does not describe is refused.
 */
export function readBody(
  call: ApiCall,
  contentType: string | undefined,
  raw: Buffer | undefined,
): BodyReading | { refusal: ReadingRefusal } {
  if (raw === undefined || raw.length === 0) return { body: null, type: null };
  const shape = API_CALLS[call].body;
  if (shape === 'none') return refuseReading('a body on a call that takes none');
  const type = mediaType(contentType);
  if (type === '') return refuseReading('a body without a content type', 415);
  const text = raw.toString('utf8');
  if (text.includes('\uFFFD') && !raw.equals(Buffer.from(text, 'utf8'))) return refuseReading('a body that is not UTF-8');
  if (JSON_TYPE.test(type)) return shape === 'json' ? readAnyJson(text) : readJsonFields(text, API_CALLS[call].query);
  if (type === FORM_TYPE && shape === 'fields') {
    const read = readPairs(text, API_CALLS[call].query);
    return 'refusal' in read ? read : { body: read.fields, type: 'form' };
  }
  return refuseReading('a content type the call does not take', 415);
}

/** JSON.parse, refusing `__proto__` and `constructor.prototype` keys as Fastify's own parser does. */
function parseJson(text: string): { value: unknown } | null {
  try {
    return { value: secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error' }) as unknown };
  } catch {
    return null;
  }
}

function readAnyJson(text: string): BodyReading | { refusal: ReadingRefusal } {
  const parsed = parseJson(text);
  return parsed === null ? refuseReading('a body that is not the JSON it says it is') : { body: parsed.value, type: 'json' };
}

/** A JSON object of the call's fields: strings, each once, spelled exactly; other keys dropped. */
function readJsonFields(text: string, fields: readonly string[]): BodyReading | { refusal: ReadingRefusal } {
  const json = parseJson(text);
  if (json === null) return refuseReading('a body that is not the JSON it says it is');
  const parsed = json.value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refuseReading('a JSON body that is not an object');
  const keys = topLevelKeys(text);
  if (new Set(keys).size !== keys.length) return refuseReading('a field given twice');
  const read: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const key of keys) {
    if (hasControl(key)) return refuseReading('control character in a parameter');
    const field = fieldNamed(key, fields);
    if (field === 'other-spelling') return refuseReading('a field spelled another way');
    if (field === null) continue;
    const value = (parsed as Record<string, unknown>)[key];
    if (typeof value !== 'string') return refuseReading('a field that is not a string');
    if (hasControl(value)) return refuseReading('control character in a parameter');
    read[field] = value;
  }
  return { body: read, type: 'json' };
}
