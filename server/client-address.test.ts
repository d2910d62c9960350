// The rules of client-address.ts, without a server (mutation testing runs this file once per mutant; the
// wiring through a whole app is in client-address-app.test.ts).
import type { IncomingMessage } from 'node:http';
import {
  believedForwardedFor,
  clientAddress,
  clientAddressOf,
  clientAddressOnArrival,
  fastifyTrustProxy,
  forwardedAddress,
  trustsHop,
} from './client-address';

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
    for (const entry of [
      'h-1',
      'unknown',
      '',
      '_hidden',
      '203.0.113',
      '203.0.113.300',
      '203.0.113.9:',
      '203.0.113.9:port',
      '[2001:db8::9',
      '2001:db8::9]:443',
      '[h-1]:80',
      '"203.0.113.9"',
      '[2001:db8::9]:123456',
      '203.0.113.9:123456',
      'x[2001:db8::9]',
      '[2001:db8::9]x',
      'x203.0.113.9:80',
      '203.0.113.9:80x',
    ]) {
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

describe('the client as decided on arrival', () => {
  const loopback = trustsHop(['loopback']);

  it("is the connection's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress('198.51.100.7', '203.0.113.9', trustsHop(false))).toBe('198.51.100.7');
  });

  it('is the last address a trusted proxy names, read without its port', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1, 203.0.113.9:4711', loopback)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '[2001:db8::9]:443', loopback)).toBe('2001:db8::9');
  });

  it('reads repeated headers as one list', () => {
    expect(clientAddress('127.0.0.1', ['198.51.100.1', 'h-1', '203.0.113.9'], trustsHop(2))).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', ['198.51.100.1', '203.0.113.9'], trustsHop(2))).toBe('198.51.100.1');
  });

  it('is the proxy itself when what it names is no address, or when it names none', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9, unknown', loopback)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', undefined, loopback)).toBe('127.0.0.1');
  });

  it('stops at the first hop that is not trusted', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.9', loopback)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', '198.51.100.66, 203.0.113.9, 10.0.0.2', trustsHop(['loopback', '10.0.0.0/8']))).toBe('203.0.113.9');
  });

  it('is the entry a hop count reaches, whatever the client wrote before it', () => {
    expect(clientAddress('127.0.0.1', 'h-1, 198.51.100.66, 203.0.113.9', trustsHop(1))).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '198.51.100.66, 203.0.113.9, 10.0.0.2', trustsHop(2))).toBe('203.0.113.9');
  });

  it('is none without a peer (a client that reset before its connection was accepted)', () => {
    expect(clientAddress(undefined, '203.0.113.9', loopback)).toBeNull();
  });

  it('is decided once per request: the same whatever the request holds later', () => {
    const onArrival = clientAddressOnArrival(['loopback']);
    const raw = { socket: { remoteAddress: '127.0.0.1' }, headers: { 'x-forwarded-for': '203.0.113.9' } } as unknown as IncomingMessage;
    expect(onArrival(raw)).toBe('203.0.113.9');
    raw.headers['x-forwarded-for'] = '198.51.100.1';
    (raw.socket as { remoteAddress?: string }).remoteAddress = undefined;
    expect(onArrival(raw)).toBe('203.0.113.9');
    expect(clientAddressOf({ raw })).toBe('203.0.113.9');
  });
});
