import type { IncomingMessage } from 'node:http';
import { readApiRequestLine, readingOf } from '../reading/reading';
import { passTokenOf, withGateRefusal, withoutPassToken } from './gate';

const readingOfUrl = (url: string) => {
  const raw = { method: 'POST', url, headers: {} } as unknown as IncomingMessage;
  readApiRequestLine(raw, '203.0.113.9');
  return readingOf({ raw })!;
};

describe("the gate's steps of the /api pipeline, reading in, reading out", () => {
  it('reads the pass token reg was sent with, and null without one', () => {
    expect(passTokenOf(readingOfUrl('/api/Index/reg?name=a&captchaToken=t.1'))).toBe('t.1');
    expect(passTokenOf(readingOfUrl('/api/Index/reg?name=a'))).toBeNull();
    expect(passTokenOf(readingOfUrl('/api/Index/reg?captchaToken='))).toBe('');
  });

  it('drops the token, and only the token, in a new reading, leaving the one it was given alone', () => {
    const reading = readingOfUrl('/api/Index/reg?name=a&captchaToken=t&code=CH7');
    const without = withoutPassToken(reading);
    expect(without.query).toEqual({ name: 'a', code: 'CH7' });
    expect(Object.keys(without.query)).toEqual(['name', 'code']);
    expect(reading.query).toEqual({ name: 'a', captchaToken: 't', code: 'CH7' });
    expect(without).toEqual({ ...reading, query: { name: 'a', code: 'CH7' } });
  });

  it('gives the same reading back when there is no token to drop', () => {
    const reading = readingOfUrl('/api/Index/reg?name=a');
    expect(withoutPassToken(reading)).toBe(reading);
  });

  it('notes why the gate refused, for the funnel, and changes nothing else', () => {
    const reading = readingOfUrl('/api/Index/reg?name=a&captchaToken=t');
    expect(reading.gateRefusal).toBeNull();
    const refused = withGateRefusal(reading, 'spent');
    expect(refused).toEqual({ ...reading, gateRefusal: 'spent' });
    expect(reading.gateRefusal).toBeNull();
  });
});
