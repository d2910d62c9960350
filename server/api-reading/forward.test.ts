import { forwardedRequest } from './forward';
import { readBody } from './read-body';
import { readTarget } from './read-target';

/** The request the backend gets for a request line and body, read as the server reads them. */
function forwarded(target: string, contentType?: string, body?: string) {
  const { call, query, refusal } = readTarget('POST', target);
  if (refusal !== null || (call !== 'reg' && call !== 'checkuser' && call !== 'checktel')) throw new Error(`refused: ${target}`);
  const read = readBody(call, contentType, body === undefined ? undefined : Buffer.from(body));
  if ('refusal' in read) throw new Error(`refused body: ${body}`);
  return forwardedRequest(call, { query, body: read.body, bodyType: read.type });
}

describe('forwardedRequest', () => {
  it('gives the backend what the app sends, byte for byte', () => {
    const query = 'name=%E7%8E%A9%E5%AE%B6&Password=a%2Bb%20c&rePassword=a%2Bb%20c&wash=1&washType=2&code=H5REG&mobile=13800138000&QQ=&islogin=true';
    expect(forwarded(`/api/Index/reg?${query}`)).toEqual({ path: '/api/Index/reg', query, body: null });
    expect(forwarded('/api/Index/checkuser?param=%E7%8E%A9%20x&name=name', 'application/json', '{"param":"玩 x","name":"name"}')).toEqual({
      path: '/api/Index/checkuser',
      query: 'param=%E7%8E%A9%20x&name=name',
      body: { text: '{"param":"玩 x","name":"name"}', contentType: 'application/json' },
    });
    expect(forwarded('/api/Index/reg')).toEqual({ path: '/api/Index/reg', query: '', body: null });
  });

  it('gives any other spelling as it was read: canonical path, app order, one encoding, no other name', () => {
    expect(forwarded('/api/index/%72eg?islogin=true&x=1&name=a+b&%63ode=CH7&captchaToken=t')).toEqual({ path: '/api/Index/reg', query: 'name=a%20b&code=CH7&islogin=true', body: null });
    expect(forwarded('/api/Index/checktel?name=mobile', 'application/x-www-form-urlencoded', 'x=1&param=%31%33%38')).toEqual({
      path: '/api/Index/checktel',
      query: 'name=mobile',
      body: { text: 'param=138', contentType: 'application/x-www-form-urlencoded' },
    });
  });
});
