import type { IncomingMessage } from 'node:http';
import {
  backendCallOf,
  budgetOf,
  keepReading,
  readApiRequestLine,
  readingOf,
  UNREAD,
  withBody,
  withoutQueryField,
  withQueryField,
} from './reading';

// Equivalent mutants (the mutation score leaves them out; scripts/mutation-scores.ts reads these lines):
// Equivalent mutant (server/api/reading/reading.ts, ConditionalExpression): `reading.call === null` -> `false`: a reading without a call always has a refusal (readTarget gives one with every null call), so the check before it already returns

/** The client the server decided on arrival (server/client-address.ts). */
const CLIENT = '203.0.113.9';
const raw = (method: string, url: string, headers: Record<string, string | string[]> = {}) =>
  ({ method, url, headers }) as unknown as IncomingMessage;

describe('the one reading of a request', () => {
  it('routes an /api request by its reading: the canonical path and the fields read', () => {
    const request = raw('POST', '/api/index/%72eg?code=CH7&x=1&name=a', { 'x-channel': 'CH7' });
    expect(readApiRequestLine(request, CLIENT)).toBe('/api/Index/reg?code=CH7&name=a');
    expect(readingOf({ raw: request })?.client).toBe(CLIENT);
    expect(readingOf({ raw: request })).toMatchObject({
      call: 'reg',
      query: { code: 'CH7', name: 'a' },
      sentCode: 'CH7',
      channel: 'CH7',
      refusal: null,
    });
  });

  it('routes what it refuses or cannot name away from every call, and leaves other paths alone', () => {
    expect(readApiRequestLine(raw('POST', '/api/Index/reg/code/EVIL'), CLIENT)).toBe('/api/-refused');
    expect(readApiRequestLine(raw('POST', '/api/Index/reg.html'), CLIENT)).toBe('/api/-unknown');
    expect(readApiRequestLine(raw('GET', '/register?c=CH7'), CLIENT)).toBe('/register?c=CH7');
    expect(readingOf({ raw: raw('GET', '/register') })).toBeUndefined();
  });

  it('refuses a check whose query and body name a field with different values, and takes them when they agree', () => {
    const agree = raw('POST', '/api/Index/checkuser?param=a&name=name');
    readApiRequestLine(agree, CLIENT);
    expect(withBody(readingOf({ raw: agree })!, 'application/json', Buffer.from('{"param":"a","name":"name"}')).refusal).toBeNull();
    const differ = raw('POST', '/api/Index/checkuser?param=a');
    readApiRequestLine(differ, CLIENT);
    expect(withBody(readingOf({ raw: differ })!, 'application/json', Buffer.from('{"param":"b"}')).refusal).toEqual({
      status: 400,
      reason: 'a field given twice with different values',
    });
    expect(readingOf({ raw: differ })!.refusal).toBeNull(); // a new reading: the one kept is the pipeline's to replace
  });

  it("charges each call its own budget, and anything unreadable one of its own, never reg's", () => {
    const budget = (call: Parameters<typeof budgetOf>[0]['call'], status?: 400 | 404 | 405 | 415) =>
      budgetOf({ call, refusal: status === undefined ? null : { status, reason: '' } });
    expect([budget('reg'), budget('checkuser'), budget('captcha-verify'), budget('captcha-accessible'), budget('funnel')]).toEqual([
      'reg',
      'checks',
      'checks',
      'accessible',
      'funnel',
    ]);
    expect([budget(null, 400), budget('checkuser', 400), budget('checkuser', 415), budget(null, 404), budget('reg', 405)]).toEqual([
      'unproven',
      'unproven',
      'unproven',
      'checks',
      'reg',
    ]);
  });
});

describe('what the reading keeps beside the fields', () => {
  it("keeps reg's sent code and ad click, and no other call's", () => {
    const headers = { 'x-ad-clicks': 'clickid=a1' };
    const reg = raw('POST', '/api/Index/reg?name=a', headers);
    readApiRequestLine(reg, CLIENT);
    expect(readingOf({ raw: reg })).toMatchObject({ sentCode: null, adClicks: { clickId: 'a1' } });
    const check = raw('POST', '/api/Index/checkuser?param=a', headers);
    readApiRequestLine(check, CLIENT);
    expect(readingOf({ raw: check })).toMatchObject({ sentCode: null, adClicks: null, channel: null });
  });

  it('reads a repeated X-Channel header as one value', () => {
    const request = raw('POST', '/api/Index/checkuser', { 'x-channel': ['CH7', 'CH8'] });
    expect(readApiRequestLine(request, CLIENT)).toBe('/api/Index/checkuser');
    expect(readingOf({ raw: request })!.channel).toBe('CH7,CH8');
  });

  it("names the channel by reg's code as sent when reg has fields, else by the X-Channel header", () => {
    const channelOf = (url: string, headers: Record<string, string> = { 'x-channel': 'CH8' }) => {
      const request = raw('POST', url, headers);
      readApiRequestLine(request, CLIENT);
      return readingOf({ raw: request })!.channel;
    };
    expect(channelOf('/api/Index/reg?name=a&code=CH7')).toBe('CH7');
    expect(channelOf('/api/Index/reg?name=a')).toBeNull(); // reg's fields without a code: the default's, not the header's
    expect(channelOf('/api/Index/reg?captchaToken=t')).toBeNull(); // the token is one of reg's fields
    expect(channelOf('/api/Index/reg')).toBe('CH8'); // the download screen's ping: no fields at all
    expect(channelOf('/api/Index/checkuser?param=a&code=CH7')).toBe('CH8');
    expect(channelOf('/api/Index/checkuser', {})).toBeNull();
  });

  it("names the backend call a request is, and none for the gateway's own calls or other paths", () => {
    const named = (url: string) => {
      const request = raw('POST', url);
      readApiRequestLine(request, CLIENT);
      return backendCallOf({ raw: request });
    };
    expect([named('/api/Index/reg'), named('/api/index/checktel'), named('/api/Index/checkuser')]).toEqual([
      'reg',
      'checktel',
      'checkuser',
    ]);
    expect([named('/api/captcha/verify'), named('/api/Index/nothing'), named('/register')]).toEqual([null, null, null]);
  });
});

describe('the body of a reading', () => {
  const read = (url: string, contentType?: string, body?: string, method = 'POST') => {
    const request = raw(method, url);
    readApiRequestLine(request, CLIENT);
    return withBody(readingOf({ raw: request })!, contentType, body === undefined ? undefined : Buffer.from(body));
  };

  it("takes a check's body fields the query does not name", () => {
    expect(read('/api/Index/checkuser', 'application/x-www-form-urlencoded', 'param=a&name=name')).toMatchObject({
      body: { param: 'a', name: 'name' },
      bodyType: 'form',
      refusal: null,
    });
  });

  it('takes a check without a body', () => {
    expect(read('/api/Index/checkuser?param=a')).toMatchObject({ body: null, bodyType: null, refusal: null });
  });

  it('keeps the refusal of its request line, whatever the body', () => {
    expect(read('/api/Index/checkuser?param=a', 'text/plain', 'x', 'GET').refusal).toEqual({ status: 405, reason: 'not POST' });
    expect(read('/api/Index/checkuser?param=a&param=b', 'application/json', '{"param":"a"}').refusal).toMatchObject({
      status: 400,
      reason: 'a field given twice',
    });
  });

  it("refuses a body it cannot read with that body's refusal", () => {
    expect(read('/api/Index/checkuser', 'text/plain', 'param=a').refusal).toEqual({
      status: 415,
      reason: 'a content type the call does not take',
    });
  });
});

describe('a reading is never changed in place: each step makes a new one', () => {
  const readingOfUrl = (url: string) => {
    const request = raw('POST', url);
    readApiRequestLine(request, CLIENT);
    return { request, reading: readingOf({ raw: request })! };
  };

  it('completes the body in a new reading, and gives the same one back when there is nothing to read', () => {
    const { reading } = readingOfUrl('/api/Index/checkuser');
    const read = withBody(reading, 'application/json', Buffer.from('{"param":"a"}'));
    expect(read).toMatchObject({ body: { param: 'a' }, bodyType: 'json' });
    expect(reading).toMatchObject({ body: null, bodyType: null });
    const refused = readingOfUrl('/api/Index/reg/x').reading;
    expect(withBody(refused, 'application/json', Buffer.from('{}'))).toBe(refused);
  });

  it('sets and drops a query field in a new query, in the order the fields came', () => {
    const { reading } = readingOfUrl('/api/Index/reg?code=EVIL&name=a');
    const set = withQueryField(reading, 'code', 'H5REG');
    expect(Object.entries(set.query)).toEqual([
      ['code', 'H5REG'],
      ['name', 'a'],
    ]);
    expect(Object.entries(withQueryField(reading, 'QQ', '1').query)).toEqual([
      ['code', 'EVIL'],
      ['name', 'a'],
      ['QQ', '1'],
    ]);
    expect(Object.entries(withoutQueryField(reading, 'code').query)).toEqual([['name', 'a']]);
    expect(withoutQueryField(reading, 'QQ')).toBe(reading);
    expect(reading.query).toEqual({ code: 'EVIL', name: 'a' });
  });

  it("keeps the step's reading on the request for the steps and records after it", () => {
    const { request, reading } = readingOfUrl('/api/Index/reg?name=a');
    const next = withQueryField(reading, 'code', 'H5REG');
    keepReading({ raw: request }, next);
    expect(readingOf({ raw: request })).toBe(next);
  });

  it("refuses what the server's own rewriteUrl never read", () => {
    expect(UNREAD).toMatchObject({ call: null, refusal: { status: 400 } });
    expect(budgetOf(UNREAD)).toBe('unproven');
    expect(withBody(UNREAD, 'application/json', Buffer.from('{}'))).toBe(UNREAD);
  });
});
