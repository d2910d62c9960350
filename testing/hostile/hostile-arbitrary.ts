import fc from 'fast-check';
import * as m from './hostile-mutations';
import { appFields, appRequestParts, UNLISTED_CODE, type AppCall, type HostileSpelling } from './hostile-base-requests';

/** A mutation with the words that name it in a generated spelling. */
export interface NamedMutation {
  label: string;
  mutate: m.Mutation;
}

const named = (label: string, mutate: m.Mutation): NamedMutation => ({ label, mutate });

const encoder = fc.constantFrom(
  ['encoded', m.encodeOnce] as const,
  ['lowercase-encoded', (character: string) => m.percentEncode(character, true)] as const,
  ['double-encoded', m.encodeTwice] as const,
);
/** Bytes PHP keeps or cuts at: NUL, other controls, DEL; sent percent-encoded (a raw one breaks HTTP). */
const controlByte = fc.constantFrom(0, 1, 9, 10, 13, 31, 127).map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`);
/** Every field name of the three calls, and their spellings PHP or ThinkPHP read as the same field. */
const fieldName = fc.constantFrom(...new Set([...appFields('reg'), ...appFields('checkuser')].map(([name]) => name)), 's', 'captchaToken');
const phpRewrite = fc.constantFrom(
  (name: string) => `${name.slice(0, 1)}.${name.slice(1)}`,
  (name: string) => `${name.slice(0, 1)}+${name.slice(1)}`,
  (name: string) => `%20${name}`,
  (name: string) => `+${name}`,
  (name: string) => `${name}[]`,
  (name: string) => `${name}[x]`,
  (name: string) => `${name}%00junk`,
  (name: string) => name.toUpperCase(),
  (name: string) => `${name.slice(0, 1).toUpperCase()}${name.slice(1)}`,
);
const value = fc.oneof(
  fc.constantFrom(UNLISTED_CODE, '', 'other', '13800138000', 'true'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 8 }).map(encodeURIComponent),
);

const pathMutation = fc.oneof(
  fc
    .tuple(fc.nat(), encoder)
    .map(([index, [label, encode]]) => named(`path character ${index} ${label}`, m.encodePathCharacter(index, encode))),
  fc.constantFrom(
    named(
      'dot-dot segment',
      m.mapPath((path) => path.replace(/\/(\w+)$/, '/checkuser/../$1')),
    ),
    named(
      'encoded dot-dot segment',
      m.mapPath((path) => path.replace(/\/(\w+)$/, '/checkuser/%2e%2e/$1')),
    ),
    named(
      'dot segment',
      m.mapPath((path) => path.replace('/Index/', '/./Index/')),
    ),
    named(
      'repeated slashes',
      m.mapPath((path) => path.replaceAll('/', '//')),
    ),
    named(
      'backslash',
      m.mapPath((path) => path.replace('/Index/', '/Index\\')),
    ),
    named(
      'trailing slash',
      m.mapPath((path) => `${path}/`),
    ),
    named(
      '.html suffix',
      m.mapPath((path) => `${path}.html`),
    ),
    named(
      'encoded slash',
      m.mapPath((path) => path.replace('/Index/', '/Index%2F')),
    ),
    named(
      'raw # before the query',
      m.mapPath((path) => `${path}#`),
    ),
    named(
      'case changed',
      m.mapPath((path) => path.toLowerCase()),
    ),
    named(
      'action uppercased',
      m.mapPath((path) => path.replace(/[a-z]+$/, (action) => action.toUpperCase())),
    ),
  ),
  fc.tuple(fieldName, value).map(([name, text]) =>
    named(
      `path parameter ${name}=${text}`,
      m.mapPath((path) => `${path}/${name}/${text}`),
    ),
  ),
);

const queryMutation = fc.oneof(
  fc
    .tuple(fc.nat(), fc.constantFrom<'name' | 'value'>('name', 'value'), fc.nat(), encoder)
    .map(([pair, side, index, [label, encode]]) =>
      named(`query ${side} ${pair} character ${index} ${label}`, m.encodeQueryCharacter(pair, side, index, encode)),
    ),
  fc.tuple(fieldName, value).map(([name, text]) => named(`extra ${name}=${text}`, m.appendPair(name, text))),
  fc.tuple(fieldName, value).map(([name, text]) => named(`leading ${name}=${text}`, m.prependPair(name, text))),
  fc
    .tuple(fieldName, phpRewrite, value)
    .map(([name, rewrite, text]) => named(`rewritten ${rewrite(name)}=${text}`, m.appendPair(rewrite(name), text))),
  fc
    .tuple(fieldName, controlByte, fc.boolean())
    .map(([name, byte, inName]) =>
      inName
        ? named(`${byte} in name ${name}`, m.appendPair(`${name}${byte}`, UNLISTED_CODE))
        : named(`${byte} in value of ${name}`, m.setFieldValue(name, `a${byte}b`)),
    ),
  fieldName.map((name) => named(`; before ${name}`, m.semicolonBefore(name))),
  fc.constantFrom(named('raw # tail', m.appendTail(`#&code=${UNLISTED_CODE}`)), named('stray &', m.appendTail('&&=&'))),
);

const bodyMutation = fc.oneof(
  fc.tuple(fieldName, value).map(([name, text]) => named(`cookie ${name}=${text}`, m.addHeader('Cookie', `${name}=${text}`))),
  fc
    .tuple(fieldName, value)
    .map(([name, text]) => named(`JSON body ${name}`, m.setBody('application/json', JSON.stringify({ [name]: decodeURIComponent(text) })))),
  fc
    .tuple(fieldName, value)
    .map(([name, text]) => named(`form body ${name}`, m.setBody('application/x-www-form-urlencoded', `${name}=${text}`))),
  fc
    .constantFrom('text/plain', 'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data', null)
    .map((type) => named(`body relabelled ${type ?? 'without a type'}`, m.relabelBody(type))),
);

/** Any one hostile mutation: of the path, the query, or the cookies, content type and body. */
export const mutationArbitrary: fc.Arbitrary<NamedMutation> = fc.oneof(pathMutation, queryMutation, bodyMutation);

/** A spelling of one of the app's requests under one to four mutations, applied in order; fast-check shrinks it. */
export const hostileSpellingArbitrary: fc.Arbitrary<HostileSpelling> = fc
  .tuple(fc.constantFrom<AppCall>('reg', 'checkuser', 'checktel'), fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }))
  .map(([base, mutations]) => ({
    name: `${base}: ${mutations.map(({ label }) => label).join(', ')}`,
    base,
    ...m.toRawRequest(m.compose(...mutations.map(({ mutate }) => mutate))(appRequestParts(base))),
  }));
