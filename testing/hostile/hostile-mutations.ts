import type { RawHeaders } from '../http/raw-http';

/**
 * A request in the pieces a spelling changes: the path and the query's names and values exactly as sent
 * (already percent-encoded), headers and body. `toRawRequest` joins them into the bytes that go on the wire.
 */
export interface RequestParts {
  method: string;
  path: string;
  query: ReadonlyArray<readonly [string, string]>;
  /** Raw text after the query (a `#fragment`, a trailing `&`). */
  tail: string;
  headers: RawHeaders;
  body: string;
}

/** One request as sent byte for byte (what `sendRaw` takes, without the port). */
export interface RawRequest {
  method: string;
  target: string;
  headers: RawHeaders;
  body?: string;
}

export type Mutation = (parts: RequestParts) => RequestParts;

export function toRawRequest({ method, path, query, tail, headers, body }: RequestParts): RawRequest {
  const search = query.length > 0 ? `?${query.map(([name, value]) => `${name}=${value}`).join('&')}` : '';
  return { method, target: `${path}${search}${tail}`, headers, ...(body === '' ? {} : { body }) };
}

/** `%XX` for every UTF-8 byte of one character, upper- or lowercase hex. */
export function percentEncode(character: string, lowercase = false): string {
  const hex = [...Buffer.from(character, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  return lowercase ? hex : hex.toUpperCase();
}

/** Replaces the character at `index` (wrapped to the text's length) by `encode(character)`. */
function replaceAt(text: string, index: number, encode: (character: string) => string): string {
  const characters = [...text];
  if (characters.length === 0) return text;
  const at = index % characters.length;
  characters[at] = encode(characters[at] as string);
  return characters.join('');
}

export const encodeOnce = (character: string) => percentEncode(character);
/** `r` -> `%2572`: decoded once, it still reads `%72`. */
export const encodeTwice = (character: string) => percentEncode(percentEncode(character));

/** Encodes one character of the path, after its leading slash. */
export const encodePathCharacter =
  (index: number, encode = encodeOnce): Mutation =>
  (parts) => ({
    ...parts,
    path: `/${replaceAt(parts.path.slice(1), index, encode)}`,
  });

/** Encodes one character of a query name or value; `pair` wraps to the number of pairs. */
export const encodeQueryCharacter =
  (pair: number, side: 'name' | 'value', index: number, encode = encodeOnce): Mutation =>
  (parts) => ({
    ...parts,
    query: parts.query.map(([name, value], at) =>
      at !== pair % Math.max(parts.query.length, 1)
        ? [name, value]
        : side === 'name'
          ? [replaceAt(name, index, encode), value]
          : [name, replaceAt(value, index, encode)],
    ),
  });

export const setPath =
  (path: string): Mutation =>
  (parts) => ({ ...parts, path });
export const mapPath =
  (map: (path: string) => string): Mutation =>
  (parts) => ({ ...parts, path: map(parts.path) });
export const appendPair =
  (name: string, value: string): Mutation =>
  (parts) => ({ ...parts, query: [...parts.query, [name, value]] });
export const prependPair =
  (name: string, value: string): Mutation =>
  (parts) => ({ ...parts, query: [[name, value], ...parts.query] });
export const appendTail =
  (tail: string): Mutation =>
  (parts) => ({ ...parts, tail: `${parts.tail}${tail}` });
export const addHeader =
  (name: string, value: string): Mutation =>
  (parts) => ({ ...parts, headers: [...parts.headers, [name, value]] });

/** Renames the first pair named `field` (its value kept). */
export const renameField =
  (field: string, rawName: string): Mutation =>
  (parts) => {
    const at = parts.query.findIndex(([name]) => name === field);
    return at < 0 ? parts : { ...parts, query: parts.query.map((pair, index) => (index === at ? [rawName, pair[1]] : pair)) };
  };

/** Sets the value of every pair named `field`. */
export const setFieldValue =
  (field: string, rawValue: string): Mutation =>
  (parts) => ({
    ...parts,
    query: parts.query.map(([name, value]) => [name, name === field ? rawValue : value]),
  });

/** Joins the pair named `field` to the one before it with `;` instead of `&` (`wash=1;code=EVIL`). */
export const semicolonBefore =
  (field: string): Mutation =>
  (parts) => {
    const at = parts.query.findIndex(([name]) => name === field);
    if (at < 1) return parts;
    const [before, [name, value]] = [parts.query[at - 1] as readonly [string, string], parts.query[at] as readonly [string, string]];
    const query = [...parts.query];
    query.splice(at - 1, 2, [before[0], `${before[1]};${name}=${value}`]);
    return { ...parts, query };
  };

/** Replaces the body and its content type (`null`: no Content-Type header at all); sendRaw counts its length. */
export const setBody =
  (contentType: string | null, body: string): Mutation =>
  (parts) => ({
    ...parts,
    headers: [
      ...parts.headers.filter(([name]) => !['content-type', 'content-length'].includes(name.toLowerCase())),
      ...(contentType === null ? [] : [['Content-Type', contentType] as const]),
    ],
    body,
  });

/** Keeps the body, changes only its content type. */
export const relabelBody =
  (contentType: string | null): Mutation =>
  (parts) =>
    setBody(contentType, parts.body)(parts);

export const compose =
  (...mutations: Mutation[]): Mutation =>
  (parts) =>
    mutations.reduce((current, mutate) => mutate(current), parts);
