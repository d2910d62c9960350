import fc from 'fast-check';
import { buildQuery } from '../../src/lib/http-client';
import { sendRaw } from '../http/raw-http';
import { startTestPhp, type PhpReading, type TestPhp } from '../php-backend/test-php';
import {
  APP_FIELDS,
  appFields,
  appRequest,
  HOSTILE_SPELLINGS,
  hostileSpellingArbitrary,
  UNLISTED_CODE,
  type RawRequest,
} from './hostile-spellings';

let php: TestPhp;
beforeAll(async () => void (php = await startTestPhp()));
afterAll(async () => php?.close());

async function readByPhp(request: RawRequest): Promise<PhpReading> {
  await sendRaw({ port: php.port, ...request });
  const readings = await php.readings();
  expect(readings, request.target).toHaveLength(1);
  return readings[0] as PhpReading;
}

const CALLS = ['reg', 'checkuser', 'checktel'] as const;

/** What a client could not put on the wire: raw whitespace or controls in the target, line breaks in a header. */
function unsendable({ target, headers }: RawRequest): string | null {
  if ([...target].some((character) => character.charCodeAt(0) <= 0x20 || character.charCodeAt(0) === 0x7f))
    return `target ${JSON.stringify(target)}`;
  const header = headers.find(([name, value]) => /[\r\n:]/.test(name) || /[\r\n]/.test(value));
  return header ? `header ${JSON.stringify(header)}` : null;
}

describe("the app's requests", () => {
  it.each(CALLS)('%s has the query the app builds', (call) => {
    const { target } = appRequest(call);
    expect(target.slice(target.indexOf('?') + 1)).toBe(buildQuery(appFields(call)));
  });

  it('reg carries the channel code and, when given, the pass token last', () => {
    expect(appRequest('reg', { code: 'CH7', captchaToken: 'v1.t' }).target).toMatch(/&code=CH7&.*&islogin=true&captchaToken=v1\.t$/);
  });

  it.each(CALLS)('%s is read by PHP as that call with exactly the app fields', async (call) => {
    const reading = await readByPhp(appRequest(call));
    expect(reading.call).toBe(call);
    expect(reading.param).toEqual(Object.fromEntries(appFields(call)));
  });
});

describe('the named hostile spellings', () => {
  it('have unique names and each differs from its base request', () => {
    expect(new Set(HOSTILE_SPELLINGS.map(({ name }) => name)).size).toBe(HOSTILE_SPELLINGS.length);
    for (const { name, base, method, target, headers, body } of HOSTILE_SPELLINGS) {
      expect({ method, target, headers, body }, name).not.toEqual({ body: undefined, ...appRequest(base) });
    }
  });

  it('can all be sent as they are', () => {
    expect(HOSTILE_SPELLINGS.map((spelling) => unsendable(spelling)).filter(Boolean)).toEqual([]);
  });

  it('are each answered by PHP, and the ones meant to smuggle a code make PHP read it', async () => {
    const codes = new Map<string, unknown>();
    for (const spelling of HOSTILE_SPELLINGS) {
      const reading = await readByPhp(spelling);
      expect([200, 400, 404], spelling.name).toContain(reading.status);
      codes.set(spelling.name, reading.call === 'reg' ? reading.param.code : undefined);
    }
    for (const name of [
      'a NUL-cut duplicate code',
      'a second, different code',
      'a path parameter code',
      'a path parameter code with a suffix',
      'an encoded ? in the path',
      'a JSON body with another code',
      'a form body with another code',
      'a form body with a NUL-cut code',
      'a leading space in a name',
    ]) {
      expect(codes.get(`reg: ${name}`), name).toBe(UNLISTED_CODE);
    }
    expect(codes.get('reg: a code cookie')).toBe(APP_FIELDS.code); // in $_REQUEST only, not in ThinkPHP's param()
  });
});

describe('the generated spellings', () => {
  it('can be sent, and PHP answers each one', async () => {
    await fc.assert(
      fc.asyncProperty(hostileSpellingArbitrary, async (spelling) => {
        expect(unsendable(spelling), spelling.name).toBeNull();
        expect([200, 400, 404], spelling.name).toContain((await readByPhp(spelling)).status);
      }),
      { numRuns: 60 },
    );
  });

  it('reach every kind of mutation', () => {
    const names = fc
      .sample(hostileSpellingArbitrary, { numRuns: 400, seed: 27 })
      .map(({ name }) => name)
      .join('\n');
    for (const kind of [
      'path character',
      'dot-dot',
      'path parameter',
      'query name',
      'query value',
      'double-encoded',
      'rewritten',
      '%00 in',
      'cookie',
      'JSON body',
      'form body',
      'relabelled',
      '; before',
    ]) {
      expect(names).toContain(kind);
    }
  });
});
