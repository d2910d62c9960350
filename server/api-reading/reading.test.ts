import type { IncomingMessage } from 'node:http';
import { budgetOf, readApiRequestLine, readingOf, readRequestBody } from './reading';

const raw = (method: string, url: string, headers: Record<string, string> = {}) => ({ method, url, headers }) as unknown as IncomingMessage;

describe('the one reading of a request', () => {
  it('routes an /api request by its reading: the canonical path and the fields read', () => {
    const request = raw('POST', '/api/index/%72eg?code=CH7&x=1&name=a', { 'x-channel': 'CH7' });
    expect(readApiRequestLine(request)).toBe('/api/Index/reg?code=CH7&name=a');
    expect(readingOf({ raw: request })).toMatchObject({ call: 'reg', query: { code: 'CH7', name: 'a' }, sentCode: 'CH7', channelHeader: 'CH7', refusal: null });
  });

  it('routes what it refuses or cannot name away from every call, and leaves other paths alone', () => {
    expect(readApiRequestLine(raw('POST', '/api/Index/reg/code/EVIL'))).toBe('/api/-refused');
    expect(readApiRequestLine(raw('POST', '/api/Index/reg.html'))).toBe('/api/-unknown');
    expect(readApiRequestLine(raw('GET', '/register?c=CH7'))).toBe('/register?c=CH7');
    expect(readingOf({ raw: raw('GET', '/register') })).toBeUndefined();
  });

  it('refuses a check whose query and body name a field with different values, and takes them when they agree', () => {
    const agree = raw('POST', '/api/Index/checkuser?param=a&name=name');
    readApiRequestLine(agree);
    readRequestBody(readingOf({ raw: agree })!, 'application/json', Buffer.from('{"param":"a","name":"name"}'));
    expect(readingOf({ raw: agree })!.refusal).toBeNull();
    const differ = raw('POST', '/api/Index/checkuser?param=a');
    readApiRequestLine(differ);
    readRequestBody(readingOf({ raw: differ })!, 'application/json', Buffer.from('{"param":"b"}'));
    expect(readingOf({ raw: differ })!.refusal).toMatchObject({ status: 400 });
  });

  it('charges each call its own budget, and anything unreadable reg\'s', () => {
    const budget = (call: Parameters<typeof budgetOf>[0]['call'], status?: 400 | 404 | 405 | 415) =>
      budgetOf({ call, refusal: status === undefined ? null : { status, reason: '' } });
    expect([budget('reg'), budget('checkuser'), budget('captcha-verify'), budget('captcha-accessible'), budget('funnel')]).toEqual(['reg', 'checks', 'checks', 'accessible', 'funnel']);
    expect([budget(null, 400), budget('checkuser', 400), budget('checkuser', 415), budget(null, 404), budget('reg', 405)]).toEqual(['reg', 'reg', 'reg', 'checks', 'reg']);
  });
});
