// The client address as the server takes it behind a trusted proxy, through a whole app: the wiring of
// client-address.ts (the client decided as the request arrives, the one every record takes). Its rules are
// pinned in client-address.test.ts, which loads no server and is what mutation testing runs.
import { buildTestApp } from '../testing/server/test-support';
import type { TrustProxy } from './config/config';

describe('the client address behind a trusted proxy', () => {
  /** The address the server took the request for (its log line), sent from loopback with `forwardedFor`. */
  async function clientAddressOf(trustProxy: TrustProxy, forwardedFor: string) {
    const { app, logs } = await buildTestApp({ trustProxy });
    await app.inject({ url: '/', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
    await app.close();
    const line = logs.records.find((record) => record.msg === 'request completed') as { req: { ip: string } } | undefined;
    return line?.req.ip;
  }

  it('is the last address a trusted proxy names, read without its port', async () => {
    expect(await clientAddressOf(['loopback'], '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddressOf(['loopback'], '203.0.113.9:4711')).toBe('203.0.113.9');
    expect(await clientAddressOf(['loopback'], '[2001:db8::9]:443')).toBe('2001:db8::9');
  });

  it('is the proxy itself when what it names is no address', async () => {
    expect(await clientAddressOf(['loopback'], 'h-1')).toBe('127.0.0.1');
    expect(await clientAddressOf(['loopback'], '203.0.113.9, unknown')).toBe('127.0.0.1');
  });

  it('is the entry a hop count reaches (TRUST_PROXY=1: the one proxy in front), whatever the client wrote before it', async () => {
    expect(await clientAddressOf(1, 'h-1, 198.51.100.66, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddressOf(2, '198.51.100.66, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await clientAddressOf(1, 'h-1')).toBe('127.0.0.1');
  });
});

describe('the registration budget behind TRUST_PROXY=loopback', () => {
  it.each([
    // Every other one without the header, from the proxy's own address: the one client it must stay.
    ['no address (h-1, unknown), every other time', (i: number) => (i % 2 === 0 ? undefined : i % 4 === 1 ? 'h-1' : 'unknown')],
    ['one address with a new port each time', (i: number) => `203.0.113.9:${40_000 + i}`],
    ['one IPv6 address with a new port each time', (i: number) => `[2001:db8::9]:${40_000 + i}`],
  ])('holds for one client whose X-Forwarded-For names %s: 20 of 25 registrations a minute', async (_name, forwardedFor) => {
    const { app } = await buildTestApp({
      trustProxy: ['loopback'],
      rateLimit: { windowMs: 60_000, checksPerWindow: 120, regPerWindow: 20 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const header = forwardedFor(i);
      const headers = header === undefined ? {} : { 'x-forwarded-for': header };
      statuses.push((await app.inject({ method: 'POST', url: '/api/Index/reg', remoteAddress: '127.0.0.1', headers })).statusCode);
    }
    await app.close();
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});
