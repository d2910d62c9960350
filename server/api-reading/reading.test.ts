import type { IncomingMessage } from 'node:http';
import { backendCallOf, budgetOf, readApiRequestLine, readingOf, readRequestBody } from './reading';

// Equivalent mutants (the mutation score leaves them out; scripts/mutation-scores.ts reads these lines):
// Equivalent mutant (server/api-reading/reading.ts, ConditionalExpression): `reading.call === null` -> `false`: a reading without a call always has a refusal (readTarget gives one with every null call), so the check before it already returns

const raw = (method: string, url: string, headers: Record<string, string | string[]> = {}) => ({ method, url, headers }) as unknown as IncomingMessage;

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
    expect(readingOf({ raw: differ })!.refusal).toEqual({ status: 400, reason: 'a field given twice with different values' });
  });

  it('charges each call its own budget, and anything unreadable reg\'s', () => {
    const budget = (call: Parameters<typeof budgetOf>[0]['call'], status?: 400 | 404 | 405 | 415) =>
      budgetOf({ call, refusal: status === undefined ? null : { status, reason: '' } });
    expect([budget('reg'), budget('checkuser'), budget('captcha-verify'), budget('captcha-accessible'), budget('funnel')]).toEqual(['reg', 'checks', 'checks', 'accessible', 'funnel']);
    expect([budget(null, 400), budget('checkuser', 400), budget('checkuser', 415), budget(null, 404), budget('reg', 405)]).toEqual(['reg', 'reg', 'reg', 'checks', 'reg']);
  });
});

describe('what the reading keeps beside the fields', () => {
  it('keeps reg\'s sent code and ad click, and no other call\'s', () => {
    const headers = { 'x-ad-clicks': 'clickid=a1' };
    const reg = raw('POST', '/api/Index/reg?name=a', headers);
    readApiRequestLine(reg);
    expect(readingOf({ raw: reg })).toMatchObject({ sentCode: null, adClicks: { clickId: 'a1' } });
    const check = raw('POST', '/api/Index/checkuser?param=a', headers);
    readApiRequestLine(check);
    expect(readingOf({ raw: check })).toMatchObject({ sentCode: null, adClicks: null, channelHeader: null });
  });

  it('reads a repeated X-Channel header as one value', () => {
    const request = raw('POST', '/api/Index/checkuser', { 'x-channel': ['CH7', 'CH8'] });
    expect(readApiRequestLine(request)).toBe('/api/Index/checkuser');
    expect(readingOf({ raw: request })!.channelHeader).toBe('CH7,CH8');
  });

  it('names the backend call a request is, and none for the gateway\'s own calls or other paths', () => {
    const named = (url: string) => {
      const request = raw('POST', url);
      readApiRequestLine(request);
      return backendCallOf({ raw: request });
    };
    expect([named('/api/Index/reg'), named('/api/index/checktel'), named('/api/Index/checkuser')]).toEqual(['reg', 'checktel', 'checkuser']);
    expect([named('/api/captcha/verify'), named('/api/Index/nothing'), named('/register')]).toEqual([null, null, null]);
  });
});

describe('the body of a reading', () => {
  const read = (url: string, contentType?: string, body?: string, method = 'POST') => {
    const request = raw(method, url);
    readApiRequestLine(request);
    const reading = readingOf({ raw: request })!;
    readRequestBody(reading, contentType, body === undefined ? undefined : Buffer.from(body));
    return reading;
  };

  it('takes a check\'s body fields the query does not name', () => {
    expect(read('/api/Index/checkuser', 'application/x-www-form-urlencoded', 'param=a&name=name')).toMatchObject({ body: { param: 'a', name: 'name' }, bodyType: 'form', refusal: null });
  });

  it('takes a check without a body', () => {
    expect(read('/api/Index/checkuser?param=a')).toMatchObject({ body: null, bodyType: null, refusal: null });
  });

  it('keeps the refusal of its request line, whatever the body', () => {
    expect(read('/api/Index/checkuser?param=a', 'text/plain', 'x', 'GET').refusal).toEqual({ status: 405, reason: 'not POST' });
    expect(read('/api/Index/checkuser?param=a&param=b', 'application/json', '{"param":"a"}').refusal).toMatchObject({ status: 400, reason: 'a field given twice' });
  });

  it('refuses a body it cannot read with that body\'s refusal', () => {
    expect(read('/api/Index/checkuser', 'text/plain', 'param=a').refusal).toEqual({ status: 415, reason: 'a content type the call does not take' });
  });
});
