import { APP_FIELDS, appRequestParts, UNLISTED_CODE, type AppCall, type HostileSpelling } from './hostile-base-requests';
import * as m from './hostile-mutations';
import type { Mutation } from './hostile-mutations';

// The corpus of the gateway's differential test (issue 27): the app's three calls as it sends them, and
// hostile spellings of them. For each, the gateway must refuse it, or PHP (testing/php-backend) must read
// exactly the call and fields the gateway judged. hostile-arbitrary.ts generates more for the fuzz run.
export * from './hostile-base-requests';
export { toRawRequest, type Mutation, type RawRequest, type RequestParts } from './hostile-mutations';
export { hostileSpellingArbitrary, mutationArbitrary, type NamedMutation } from './hostile-arbitrary';

const EVIL = UNLISTED_CODE;
const CHECKS: AppCall[] = ['checkuser', 'checktel'];
const ALL: AppCall[] = ['reg', ...CHECKS];
const onReg = (path: string) => m.setPath(path);

/** Named hostile spellings: [name, the calls it applies to, the mutation]. */
const SPELLINGS: [string, AppCall[], Mutation][] = [
  // the path
  ['an encoded letter in the action', ['reg'], onReg('/api/Index/%72eg')],
  ['an encoded letter in lowercase hex', ['reg'], onReg('/api/Index/%72%65%67')],
  [
    'every path character encoded',
    ALL,
    (p) => ({ ...p, path: `/${[...p.path.slice(1)].map((c) => (c === '/' ? c : m.percentEncode(c))).join('')}` }),
  ],
  ['a double-encoded letter in the action', ['reg'], onReg('/api/Index/%2572eg')],
  ['an encoded slash', ['reg'], onReg('/api/Index%2Freg')],
  ['a dot-dot segment from checkuser to reg', ['reg'], onReg('/api/Index/checkuser/../reg')],
  ['an encoded dot-dot segment', ['reg'], onReg('/api/Index/checkuser/%2e%2e/reg')],
  ['a mixed-encoded dot-dot segment', ['reg'], onReg('/api/Index/checkuser/.%2E/reg')],
  ['a dot segment', ALL, m.mapPath((path) => path.replace('/Index/', '/./Index/'))],
  ['a dot-dot segment above the root', ['reg'], onReg('/../api/Index/reg')],
  ['repeated slashes', ALL, m.mapPath((path) => `/${path.replaceAll('/', '//')}`)],
  ['backslashes', ALL, m.mapPath((path) => path.replace('/Index/', '\\Index\\'))],
  ['a trailing slash', ALL, m.mapPath((path) => `${path}/`)],
  ['a .html suffix', ALL, m.mapPath((path) => `${path}.html`)],
  ['an uppercase .HTML suffix', ['reg'], onReg('/api/Index/reg.HTML')],
  ['a path parameter code', ['reg'], onReg(`/api/Index/reg/code/${EVIL}`)],
  ['a path parameter code with a suffix', ['reg'], onReg(`/api/Index/reg/code/${EVIL}.html`)],
  ['a path parameter of the checks', CHECKS, m.mapPath((path) => `${path}/param/other`)],
  ['an encoded ? in the path', ['reg'], onReg(`/api/Index/reg%3Fcode=${EVIL}`)],
  ['a ; in the path', ['reg'], onReg(`/api/Index/reg;code=${EVIL}`)],
  [
    'lowercase controller, uppercase action',
    ALL,
    m.mapPath((path) => path.replace('/Index/', '/index/').replace(/[a-z]+$/, (a) => a.toUpperCase())),
  ],
  ['an uppercase module', ALL, m.mapPath((path) => path.replace('/api/', '/API/'))],
  ['a raw # before the query', ALL, m.mapPath((path) => `${path}#`)],
  ['a raw # with a code after it', ['reg'], m.appendTail(`#&code=${EVIL}`)],
  ["ThinkPHP's s parameter naming reg", CHECKS, m.prependPair('s', '/api/Index/reg')],
  // names and values
  ['an encoded letter in a name', ['reg'], m.renameField('code', '%63ode')],
  ['a double-encoded letter in a name', ['reg'], m.renameField('code', '%2563ode')],
  ['an encoded letter in a value', CHECKS, m.encodeQueryCharacter(0, 'value', 0)],
  ['a NUL-cut duplicate code', ['reg'], m.appendPair('code%00', EVIL)],
  ['a NUL inside a value', ['reg'], m.setFieldValue('code', `H5REG%00${EVIL}`)],
  ['a NUL-cut name of the checks', CHECKS, m.appendPair('param%00x', 'other')],
  ['a control byte in a value', ALL, m.setFieldValue('name', 'na%01me')],
  ['a newline in a value', ['reg'], m.setFieldValue('mobile', '138%0A00138000')],
  ['a DEL in a name', ['reg'], m.appendPair('co%7Fde', EVIL)],
  ['a dot in a name', ['reg'], m.appendPair('co.de', EVIL)],
  ['a space in a name', ['reg'], m.appendPair('co+de', EVIL)],
  ['an encoded space in a name', ['reg'], m.appendPair('co%20de', EVIL)],
  ['a leading space in a name', ['reg'], m.appendPair('%20code', EVIL)],
  ['a leading plus in a name', ['reg'], m.appendPair('+code', EVIL)],
  ['code[] as a list', ['reg'], m.renameField('code', 'code[]')],
  ['code[x] as a map', ['reg'], m.renameField('code', 'code[x]')],
  ['an encoded code[]', ['reg'], m.renameField('code', 'code%5B%5D')],
  ['an unclosed bracket', ['reg'], m.appendPair('code[', EVIL)],
  ['param[] on the checks', CHECKS, m.renameField('param', 'param[]')],
  ['the same code twice', ['reg'], m.appendPair('code', APP_FIELDS.code)],
  ['a second, different code', ['reg'], m.appendPair('code', EVIL)],
  ['a different code before the real one', ['reg'], m.prependPair('code', EVIL)],
  ['a second, different param', CHECKS, m.appendPair('param', 'other')],
  ['a ; separator', ['reg'], m.semicolonBefore('code')],
  ['a ; separated extra code', ['reg'], m.setFieldValue('islogin', `true;code=${EVIL}`)],
  ['a capitalised Code', ['reg'], m.appendPair('Code', EVIL)],
  ['an uppercase CODE instead of code', ['reg'], m.renameField('code', 'CODE')],
  ['a lowercase password name', ['reg'], m.renameField('Password', 'password')],
  ['a stray & and empty pair', ALL, m.appendTail('&&=&')],
  ['a malformed percent in a value', ['reg'], m.setFieldValue('QQ', '%ZZ')],
  ['an unknown field', ALL, m.appendPair('admin', '1')],
  // cookies, headers and bodies
  ['a code cookie', ['reg'], m.addHeader('Cookie', `code=${EVIL}`)],
  ['a param cookie', CHECKS, m.addHeader('Cookie', 'param=other')],
  ['two cookie headers', ['reg'], m.compose(m.addHeader('Cookie', 'a=1'), m.addHeader('Cookie', `code=${EVIL}`))],
  ['a JSON body with another code', ['reg'], m.setBody('application/json', `{"code":"${EVIL}"}`)],
  ['a JSON body repeating the code', ['reg'], m.setBody('application/json', `{"code":"${APP_FIELDS.code}"}`)],
  ['a form body with another code', ['reg'], m.setBody('application/x-www-form-urlencoded', `code=${EVIL}`)],
  ['a form body with a NUL-cut code', ['reg'], m.setBody('application/x-www-form-urlencoded', `code%00=${EVIL}`)],
  ['a JSON body with a different param', CHECKS, m.setBody('application/json', '{"param":"other","name":"name"}')],
  ['a JSON body with a duplicate key', CHECKS, m.setBody('application/json', '{"param":"other","param":"x","name":"name"}')],
  ['a JSON body with a nested param', CHECKS, m.setBody('application/json', '{"param":["x"],"name":"name"}')],
  ['a form body instead of JSON', CHECKS, m.setBody('application/x-www-form-urlencoded', 'param=other&name=name')],
  ['a JSON body labelled text/plain', CHECKS, m.relabelBody('text/plain')],
  ['a JSON body without a content type', CHECKS, m.relabelBody(null)],
  ['a JSON body labelled as a form', CHECKS, m.relabelBody('application/x-www-form-urlencoded')],
  ['a form body labelled JSON', ['reg'], m.setBody('application/json', `code=${EVIL}`)],
  ['a JSON content type with a charset and odd case', CHECKS, m.relabelBody('Application/JSON; charset=utf-8')],
];

/** Every named spelling applied to each call it fits. */
export const HOSTILE_SPELLINGS: readonly HostileSpelling[] = SPELLINGS.flatMap(([name, calls, mutate]) =>
  calls.map((base) => ({ name: `${base}: ${name}`, base, ...m.toRawRequest(mutate(appRequestParts(base))) })),
);
