import { isApiTarget, readTarget } from './read-target';

const REG_QUERY = 'name=%E7%8E%A9%E5%AE%B6&Password=a%2Bb%20c&rePassword=a%2Bb%20c&wash=1&washType=2&code=H5REG&mobile=13800138000&QQ=&islogin=true';

describe('which requests the API reads', () => {
  it.each(['/api/Index/reg', '/api', '/api?x=1', '/API/Index/reg', '/%61pi/Index/reg', '/%2561pi/x', '//api/x', '/./api/x', '/\\api/x', '/api;x', '/api%%32FIndex/reg', '/a%7%30i/Index/reg', '/api%zz', 'http://host/api/Index/reg', '*', '/%25252561pi/x', '/api.php', '/api%3Fx', '/api\\x', '/api#x'])(
    '%s is read by the API',
    (target) => expect(isApiTarget(target)).toBe(true),
  );
  it.each(['/', '/register?c=CH7', '/assets/index-1.js', '/apis', '/downloads/app.apk', '/contact/api', '/apix', '/xapi/x', '/%2525252561pi/x'])('%s is not', (target) => {
    expect(isApiTarget(target)).toBe(false);
  });
});

describe('readTarget', () => {
  it('reads the app\'s reg call: every field decoded, each once', () => {
    expect(readTarget('POST', `/api/Index/reg?${REG_QUERY}`)).toEqual({
      call: 'reg',
      query: { name: '玩家', Password: 'a+b c', rePassword: 'a+b c', wash: '1', washType: '2', code: 'H5REG', mobile: '13800138000', QQ: '', islogin: 'true' },
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
    expect(readTarget('POST', path)).toMatchObject({ call, refusal: null });
  });

  it.each([
    '/api/Index/reg#?x=1',
    '/api/Index/%2572eg',
    '/api/Index%2Freg',
    '/api/Index%5Creg',
    '/api/Index\\reg',
    '/api//Index/reg',
    '/api/Index/reg/',
    '/api/./Index/reg',
    '/api/Index/checkuser/../reg',
    '/api/Index/%2e%2e/reg',
    '/api/Index/reg/code/EVIL',
    '/api/captcha/accessible/x',
    '/api/Index/re%00g',
    '/api/Index/%E0%A4%A',
    '/api/Index/reg?name=a b',
    '/api/Index/reg?name=a\u007f',
    '/api/Index/reg?name=\u00e9',
    '/api/Index/re!g',
    'http://host/api/Index/reg',
    '/.api/Index/reg',
    '/apix/Index/reg',
  ])('refuses %s with 400: it could be routed more than one way', (target) => {
    expect(readTarget('POST', target).refusal).toMatchObject({ status: 400 });
  });

  it.each(['/api/Index/reg.html', '/api/Index/re-g', '/api/Inde_x/reg', '/api/Index/reg~', '/api/Index/register', '/api/Other/thing', '/api', '/api/index.php'])('answers %s with 404: no such call', (target) => {
    expect(readTarget('POST', target)).toMatchObject({ call: null, refusal: { status: 404 } });
  });

  it('answers a call asked for with another method with 405', () => {
    expect(readTarget('GET', '/api/Index/checkuser?param=a')).toMatchObject({ call: 'checkuser', refusal: { status: 405 } });
  });

  it.each([
    ['a field twice', 'code=CH7&code=EVIL'],
    ['a field twice, once encoded', 'code=CH7&%63ode=EVIL'],
    ['a field spelled in another case', 'Code=EVIL'],
    ['a PHP array', 'code[]=EVIL'],
    ['a name PHP cuts at NUL', 'code%00=EVIL&code=CH7'],
    ['a name PHP turns into another', 'co.de=EVIL'],
    ['a leading space PHP drops', '%20code=EVIL'],
    ['a control character in a value', 'name=a%0Ab'],
    ['broken percent-encoding', 'name=%E0%A4%A'],
    ['a password in lower case', 'password=x'],
    ['a name PHP turns into another with an underscore', 'co_de=EVIL'],
    ['a control character at the top of the range', 'name=a%1Fb'],
    ['a delete character', 'name=a%7Fb'],
  ])('refuses reg\'s query with %s', (_label, query) => {
    expect(readTarget('POST', `/api/Index/reg?${query}`).refusal).toMatchObject({ status: 400 });
  });

  it('reads every printable byte but `#` and the space in the request line', () => {
    expect(readTarget('POST', '/api/Index/reg?name=!"$~&code=a%20b&QQ')).toEqual({ call: 'reg', query: { name: '!"$~', code: 'a b', QQ: '' }, refusal: null });
  });

  it('drops names that are none of the call\'s fields, and keeps one spelling of each field', () => {
    expect(readTarget('POST', '/api/Index/checkuser?param=bob&name=name&_=123&code=EVIL&x;code=1').query).toEqual({ param: 'bob', name: 'name' });
    expect(readTarget('POST', '/api/Index/reg?%63ode=CH7').query).toEqual({ code: 'CH7' });
    expect(readTarget('POST', '/api/Index/reg?name=a;code=EVIL').query).toEqual({ name: 'a;code=EVIL' });
  });
});
