// The rules of client-address.ts, without a server (mutation testing runs this file once per mutant; the
// wiring through a whole app is in client-address-app.test.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { believedForwardedFor, fastifyTrustProxy, forwardedAddress, readForwardedFor } from './client-address';

describe('an X-Forwarded-For entry', () => {
  it('is read as its ip with or without a port', () => {
    expect(forwardedAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(forwardedAddress('203.0.113.9:4711')).toBe('203.0.113.9');
    expect(forwardedAddress('2001:db8::9')).toBe('2001:db8::9');
    expect(forwardedAddress('[2001:db8::9]:443')).toBe('2001:db8::9');
    expect(forwardedAddress('[2001:db8::9]')).toBe('2001:db8::9');
    expect(forwardedAddress('::ffff:203.0.113.9')).toBe('::ffff:203.0.113.9');
  });

  it('is no address when it is a name, a word or garbage', () => {
    for (const entry of ['h-1', 'unknown', '', '_hidden', '203.0.113', '203.0.113.300', '203.0.113.9:', '203.0.113.9:port', '[2001:db8::9', '2001:db8::9]:443', '[h-1]:80', '"203.0.113.9"',
      '[2001:db8::9]:123456', '203.0.113.9:123456', 'x[2001:db8::9]', '[2001:db8::9]x', 'x203.0.113.9:80', '203.0.113.9:80x']) {
      expect(forwardedAddress(entry), entry).toBeNull();
    }
  });
});

describe('the X-Forwarded-For header as believed', () => {
  it('keeps every entry that is an address, each as its ip', () => {
    expect(believedForwardedFor('198.51.100.1, 203.0.113.9:4711,[2001:db8::9]:443')).toBe('198.51.100.1, 203.0.113.9, 2001:db8::9');
  });

  it('drops an entry that is no address and every one left of it: the hop before it counts, never the entry', () => {
    expect(believedForwardedFor('h-1')).toBeNull();
    expect(believedForwardedFor('unknown')).toBeNull();
    expect(believedForwardedFor('198.51.100.1, h-1')).toBeNull();
    expect(believedForwardedFor('198.51.100.1, unknown, 203.0.113.9')).toBe('203.0.113.9');
    expect(believedForwardedFor('198.51.100.1, , 203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY as Fastify takes it', () => {
  it('is a function trusting the hops a count names, nearest first', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false, false]);
  });

  it('is the list of addresses as it was given', () => {
    expect(fastifyTrustProxy(['loopback', '10.0.0.0/8'])).toEqual(['loopback', '10.0.0.0/8']);
  });
});

describe('the first hook behind a trusted proxy', () => {
  /** The request's headers after the hook, and whether it handed the request on. */
  function afterHook(headers: Record<string, string | string[]>) {
    const raw = { headers: { ...headers } };
    let handedOn = false;
    void readForwardedFor.call(null as never, { raw } as unknown as FastifyRequest, {} as FastifyReply, () => void (handedOn = true));
    return { headers: raw.headers, handedOn };
  }

  it('rewrites the header as believed', () => {
    expect(afterHook({ 'x-forwarded-for': '198.51.100.1, 203.0.113.9:4711' })).toEqual({ headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }, handedOn: true });
  });

  it('reads repeated headers as one list', () => {
    expect(afterHook({ 'x-forwarded-for': ['198.51.100.1', 'h-1', '203.0.113.9'] }).headers).toEqual({ 'x-forwarded-for': '203.0.113.9' });
  });

  it('removes the header when no entry is believed, so the connection\'s address counts', () => {
    expect(afterHook({ 'x-forwarded-for': '203.0.113.9, unknown', host: 'a' })).toEqual({ headers: { host: 'a' }, handedOn: true });
  });

  it('leaves a request without the header as it is', () => {
    expect(afterHook({ host: 'a' })).toEqual({ headers: { host: 'a' }, handedOn: true });
  });
});
