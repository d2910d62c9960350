import { isApiTarget, readTarget } from './read-target';

// Equivalent mutants (the mutation score leaves them out; scripts/mutation-scores.ts reads these lines):
// isApiTarget's first line is a fast path: every target it takes (`/api/…`, `/api`, `/api?…`) the decoding and
// the pattern below take too, so narrowing or dropping it changes nothing but the time.
// Equivalent mutant (server/api/reading/read-target.ts, ConditionalExpression): `target.startsWith('/api/') || target === '/api' || target.startsWith('/api?')` -> `false`: the fast path dropped, the pattern answers the same
// Equivalent mutant (server/api/reading/read-target.ts, LogicalOperator): `target.startsWith('/api/') || target === '/api' || target.startsWith('/api?')` -> `(target.startsWith('/api/') || target === '/api') && target.startsWith('/api?')`: a narrower fast path, the pattern answers the rest
// Equivalent mutant (server/api/reading/read-target.ts, ConditionalExpression): `target.startsWith('/api/') || target === '/api'` -> `false`: a narrower fast path, the pattern answers the rest
// Equivalent mutant (server/api/reading/read-target.ts, LogicalOperator): `target.startsWith('/api/') || target === '/api'` -> `target.startsWith('/api/') && target === '/api'`: a narrower fast path, the pattern answers the rest
// Equivalent mutant (server/api/reading/read-target.ts, ConditionalExpression): `target === '/api'` -> `false`: a narrower fast path, the pattern answers the rest
// Equivalent mutant (server/api/reading/read-target.ts, StringLiteral): `'/api'` -> `""`: the fast path then takes the empty target, which is no path and read by the API anyway
// callOf looks for a call's path among the shorter prefixes; the empty prefix names no call (`/api` alone is a 404, pinned below).
// Equivalent mutant (server/api/reading/read-target.ts, EqualityOperator): `length > 0` -> `length >= 0`: the empty prefix is no call's path
// readPairs skips an empty query and empty pairs (`a=1&&b=2`) early; read on, an empty pair is a name that is no field, dropped the same.
// Equivalent mutant (server/api/reading/read-pairs.ts, ConditionalExpression): `raw === ''` -> `false`: '' splits into one empty pair, skipped
// Equivalent mutant (server/api/reading/read-pairs.ts, ConditionalExpression): `pair === ''` -> `false`: an empty name is no field's, dropped
// Equivalent mutant (server/api/reading/read-pairs.ts, StringLiteral): `''` -> `"Stryker was here!"`: (both checks) that text read as a pair is no field's name, dropped as well

const REG_QUERY =
  'name=%E7%8E%A9%E5%AE%B6&Password=a%2Bb%20c&rePassword=a%2Bb%20c&wash=1&washType=2&code=H5REG&mobile=13800138000&QQ=&islogin=true';

describe('which requests the API reads', () => {
  it.each([
    '/api/Index/reg',
    '/api',
    '/api?x=1',
    '/API/Index/reg',
    '/%61pi/Index/reg',
    '/%2561pi/x',
    '//api/x',
    '/./api/x',
    '/\\api/x',
    '/api;x',
    '/api%%32FIndex/reg',
    '/a%7%30i/Index/reg',
    '/api%zz',
    'http://host/api/Index/reg',
    '*',
    '/%25252561pi/x',
    '/api.php',
    '/api%3Fx',
    '/api\\x',
    '/api#x',
  ])('%s is read by the API', (target) => expect(isApiTarget(target)).toBe(true));
  it.each([
    '/',
    '/register?c=CH7',
    '/assets/index-1.js',
    '/apis',
    '/downloads/app.apk',
    '/contact/api',
    '/apix',
    '/xapi/x',
    '/%2525252561pi/x',
    '/contact/api/',
    '/contact/api?',
  ])('%s is not', (target) => {
    expect(isApiTarget(target)).toBe(false);
  });
});

describe('readTarget', () => {
  it("reads the app's reg call: every field decoded, each once", () => {
    expect(readTarget('POST', `/api/Index/reg?${REG_QUERY}`)).toEqual({
      call: 'reg',
      query: {
        name: '玩家',
        Password: 'a+b c',
        rePassword: 'a+b c',
        wash: '1',
        washType: '2',
        code: 'H5REG',
        mobile: '13800138000',
        QQ: '',
        islogin: 'true',
      },
      refusal: null,
    });
  });

  it.each([
    ['/api/index/REG', 'reg'],
    ['/api/Index/%72eg', 'reg'],
    ['/api/%49ndex/checkuser', 'checkuser'],
    ['/api/captcha/accessible/verify', 'captcha-accessible-verify'],
    ['/api/Funnel', 'funnel'],
  ])('reads %s as %s, whatever its case or percent-encoding', (path, call) => {
    expect(readTarget('POST', path)).toEqual({ call, query: {}, refusal: null });
  });

  it.each([
    ['/api/Index/reg#?x=1', 'a byte the request line may not hold'],
    ['/api/Index/%2572eg', 'a path segment that reads more than one way'],
    ['/api/Index%2Freg', 'a path segment that reads more than one way'],
    ['/api/Index%5Creg', 'a path segment that reads more than one way'],
    ['/api/Index\\reg', 'a path segment that reads more than one way'],
    ['/api//Index/reg', 'a path segment that reads more than one way'],
    ['/api/Index/reg/', 'a path segment that reads more than one way'],
    ['/api/./Index/reg', 'a path segment that reads more than one way'],
    ['/api/Index/checkuser/../reg', 'a path segment that reads more than one way'],
    ['/api/Index/%2e%2e/reg', 'a path segment that reads more than one way'],
    ['/api/Index/reg/code/EVIL', 'path segments after the call'],
    ['/api/captcha/accessible/x', 'path segments after the call'],
    ['/api/Index/re%00g', 'a path segment that reads more than one way'],
    ['/api/Index/%E0%A4%A', 'broken percent-encoding in the path'],
    ['/api/Index/reg?name=a b', 'a byte the request line may not hold'],
    ['/api/Index/reg?name=a\u007f', 'a byte the request line may not hold'],
    ['/api/Index/reg?name=\u00e9', 'a byte the request line may not hold'],
    ['/api/Index/re!g', 'a path segment that reads more than one way'],
    ['http://host/api/Index/reg', 'not a path'],
    ['/.api/Index/reg', 'not under /api'],
    ['/apix/Index/reg', 'not under /api'],
  ])('refuses %s with 400: it could be routed more than one way (%s)', (target, reason) => {
    expect(readTarget('POST', target)).toEqual({ call: null, query: {}, refusal: { status: 400, reason } });
  });

  it.each([
    '/api/Index/reg.html',
    '/api/Index/re-g',
    '/api/Inde_x/reg',
    '/api/Index/reg~',
    '/api/Index/register',
    '/api/Other/thing',
    '/api',
    '/api/index.php',
  ])('answers %s with 404: no such call', (target) => {
    expect(readTarget('POST', target)).toEqual({ call: null, query: {}, refusal: { status: 404, reason: 'no such call' } });
  });

  it('answers a call asked for with another method with 405', () => {
    expect(readTarget('GET', '/api/Index/checkuser?param=a')).toEqual({
      call: 'checkuser',
      query: {},
      refusal: { status: 405, reason: 'not POST' },
    });
  });

  it.each([
    ['a field twice', 'code=CH7&code=EVIL', 'a field given twice'],
    ['a field twice, once encoded', 'code=CH7&%63ode=EVIL', 'a field given twice'],
    ['a field spelled in another case', 'Code=EVIL', 'a field spelled another way'],
    ['a PHP array', 'code[]=EVIL', 'a field spelled another way'],
    ['a name PHP cuts at NUL', 'code%00=EVIL&code=CH7', 'control character in a parameter'],
    ['a name PHP turns into another', 'co.de=EVIL', 'a field spelled another way'],
    ['a leading space PHP drops', '%20code=EVIL', 'a field spelled another way'],
    ['a control character in a value', 'name=a%0Ab', 'control character in a parameter'],
    ['broken percent-encoding', 'name=%E0%A4%A', 'broken percent-encoding'],
    ['a password in lower case', 'password=x', 'a field spelled another way'],
    ['a name PHP turns into another with an underscore', 'co_de=EVIL', 'a field spelled another way'],
    ['a control character at the top of the range', 'name=a%1Fb', 'control character in a parameter'],
    ['a delete character', 'name=a%7Fb', 'control character in a parameter'],
  ])("refuses reg's query with %s", (_label, query, reason) => {
    expect(readTarget('POST', `/api/Index/reg?${query}`)).toEqual({ call: 'reg', query: {}, refusal: { status: 400, reason } });
  });

  it('reads every printable byte but `#` and the space in the request line', () => {
    expect(readTarget('POST', '/api/Index/reg?name=!"$~&code=a%20b&QQ')).toEqual({
      call: 'reg',
      query: { name: '!"$~', code: 'a b', QQ: '' },
      refusal: null,
    });
  });

  it("drops names that are none of the call's fields, and keeps one spelling of each field", () => {
    expect(readTarget('POST', '/api/Index/checkuser?param=bob&name=name&_=123&code=EVIL&x;code=1').query).toEqual({
      param: 'bob',
      name: 'name',
    });
    expect(readTarget('POST', '/api/Index/reg?%63ode=CH7').query).toEqual({ code: 'CH7' });
    expect(readTarget('POST', '/api/Index/reg?name=a;code=EVIL').query).toEqual({ name: 'a;code=EVIL' });
  });
});
