import { describe, expect, it } from 'vitest';
import { cidrMatcher, ipv4Number, ipv6Bits, ipv6Top64 } from './address-bits';

// Equivalent mutant (packages/gateway/src/core/rules/networks/address-bits.ts, StringLiteral): `''` -> `"Stryker was here!"`: the default of `head` in `canonical.split('::')` is never used, as split with a separator always returns at least one element
// Equivalent mutant (packages/gateway/src/core/rules/networks/address-bits.ts, StringLiteral): `''` -> `"Stryker was here!"`: the default of `base` in `cidr.split('/')` is never used, as split with a separator always returns at least one element
// Equivalent mutant (packages/gateway/src/core/rules/networks/address-bits.ts, ArrayDeclaration): `[]` -> `["Stryker was here"]`: `right` is read only when `tail` is defined, so its value when `tail` is undefined is never used
// Equivalent mutant (packages/gateway/src/core/rules/networks/address-bits.ts, ConditionalExpression): `tail === undefined` -> `false`: a canonical address without `::` always has 8 groups, so the padding is empty and `right` is [], giving `left` unchanged

describe('ipv6Bits', () => {
  it('reads every spelling of an IPv6 address as its 128 bits', () => {
    expect(ipv6Bits('2001:db8::1')).toBe(0x20010db8000000000000000000000001n);
    expect(ipv6Bits('::')).toBe(0n);
    expect(ipv6Bits('::1')).toBe(1n);
    expect(ipv6Bits('1::')).toBe(0x00010000000000000000000000000000n);
    expect(ipv6Bits('1:2:3:4:5:6:7:8')).toBe(0x00010002000300040005000600070008n);
    expect(ipv6Bits('1:0:2:3:4:5:6:7')).toBe(0x00010000000200030004000500060007n);
    expect(ipv6Bits('2409:8054:0:1:aaaa::1')).toBe(0x2409805400000001aaaa000000000001n);
    expect(ipv6Bits('::ffff:36.128.5.9')).toBe(0xffff24800509n);
    expect(ipv6Bits('1:2:3:4:5:6:1.2.3.4')).toBe(0x00010002000300040005000601020304n);
    expect(ipv6Bits('FE80::ABCD%eth0')).toBe(0xfe80000000000000000000000000abcdn);
  });

  it('is null for what is not an IPv6 address', () => {
    expect(ipv6Bits('not an address')).toBeNull();
    expect(ipv6Bits('36.128.5.9')).toBeNull();
    expect(ipv6Bits('1:2:3')).toBeNull();
    expect(ipv6Bits('')).toBeNull();
  });
});

describe('ipv4Number', () => {
  it('reads IPv4, written plainly or as ::ffff:a.b.c.d, as a 32-bit number', () => {
    expect(ipv4Number('0.0.0.0')).toBe(0);
    expect(ipv4Number('36.128.5.9')).toBe(612369673);
    expect(ipv4Number('255.255.255.255')).toBe(4294967295);
    expect(ipv4Number('::ffff:36.128.5.9')).toBe(612369673);
    expect(ipv4Number('::ffff:2480:509')).toBe(612369673);
  });

  it('is null for IPv6 that is not a mapped IPv4, and for non-addresses', () => {
    expect(ipv4Number('::1')).toBeNull();
    expect(ipv4Number('::fffe:36.128.5.9')).toBeNull();
    expect(ipv4Number('1::ffff:36.128.5.9')).toBeNull();
    expect(ipv4Number('36.128.5')).toBeNull();
    expect(ipv4Number('nonsense')).toBeNull();
  });
});

describe('ipv6Top64', () => {
  it('gives the top 64 bits as 16 hex digits, zero-padded', () => {
    expect(ipv6Top64('2409:8054:0:1:aaaa::1')).toBe('2409805400000001');
    expect(ipv6Top64('::1')).toBe('0000000000000000');
    expect(ipv6Top64('0:0:0:ab::')).toBe('00000000000000ab');
    expect(ipv6Top64('ffff:ffff:ffff:ffff:ffff::')).toBe('ffffffffffffffff');
  });

  it('is null for what is not IPv6', () => {
    expect(ipv6Top64('36.128.5.9')).toBeNull();
    expect(ipv6Top64('nonsense')).toBeNull();
  });
});

describe('cidrMatcher on IPv4', () => {
  it('matches exactly the addresses of the block, both ends included', () => {
    const ten = cidrMatcher('10.0.0.0/8')!;
    expect(ten('10.0.0.0')).toBe(true);
    expect(ten('10.255.255.255')).toBe(true);
    expect(ten('10.1.2.3')).toBe(true);
    expect(ten('9.255.255.255')).toBe(false);
    expect(ten('11.0.0.0')).toBe(false);
    expect(ten('::ffff:10.1.2.3')).toBe(true);
    expect(ten('::ffff:11.0.0.0')).toBe(false);
    expect(ten('2001:db8::1')).toBe(false);
    expect(ten('nonsense')).toBe(false);
  });

  it('rounds the base down to the block, and takes /32 and /0', () => {
    const block = cidrMatcher('192.168.1.77/24')!;
    expect(block('192.168.1.0')).toBe(true);
    expect(block('192.168.1.255')).toBe(true);
    expect(block('192.168.2.0')).toBe(false);
    expect(block('192.168.0.255')).toBe(false);

    const one = cidrMatcher('10.0.0.1/32')!;
    expect(one('10.0.0.1')).toBe(true);
    expect(one('10.0.0.0')).toBe(false);
    expect(one('10.0.0.2')).toBe(false);

    const all = cidrMatcher('0.0.0.0/0')!;
    expect(all('0.0.0.0')).toBe(true);
    expect(all('255.255.255.255')).toBe(true);
    expect(all('::1')).toBe(false);
  });

  it('is null for a length out of range or not written as 1 to 3 digits', () => {
    expect(cidrMatcher('10.0.0.0/33')).toBeNull();
    expect(cidrMatcher('10.0.0.0')).toBeNull();
    expect(cidrMatcher('10.0.0.0/')).toBeNull();
    expect(cidrMatcher('10.0.0.0/x')).toBeNull();
    expect(cidrMatcher('10.0.0.0/+8')).toBeNull();
    expect(cidrMatcher('10.0.0.0/ 8')).toBeNull();
    expect(cidrMatcher('10.0.0.0/8 ')).toBeNull();
    expect(cidrMatcher('10.0.0.0/8.0')).toBeNull();
    expect(cidrMatcher('10.0.0.0/0008')).toBeNull();
    expect(cidrMatcher('10.0.0/8')).toBeNull();
  });
});

describe('cidrMatcher on IPv6', () => {
  it('matches exactly the addresses under the prefix', () => {
    const doc = cidrMatcher('2001:db8::/32')!;
    expect(doc('2001:db8::')).toBe(true);
    expect(doc('2001:db8:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(doc('2001:db8:5::1')).toBe(true);
    expect(doc('2001:db9::')).toBe(false);
    expect(doc('2001:db7:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(false);
    expect(doc('0.0.0.0')).toBe(false);
    expect(doc('nonsense')).toBe(false);
  });

  it('takes /128 and /0, and never matches an IPv4 address, mapped or not', () => {
    const one = cidrMatcher('::1/128')!;
    expect(one('::1')).toBe(true);
    expect(one('::2')).toBe(false);
    expect(one('::')).toBe(false);

    const all = cidrMatcher('::/0')!;
    expect(all('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(all('::')).toBe(true);
    expect(all('::ffff:10.0.0.1')).toBe(false);
    expect(all('10.0.0.1')).toBe(false);

    const mapped = cidrMatcher('::ffff:0:0/96')!;
    expect(mapped('::ffff:10.0.0.1')).toBe(false);
    expect(mapped('::fffe:a00:1')).toBe(false);
  });

  it('is null for a length over 128, a malformed length, or a base that is no address', () => {
    expect(cidrMatcher('2001:db8::/129')).toBeNull();
    expect(cidrMatcher('2001:db8::/x')).toBeNull();
    expect(cidrMatcher('2001:db8::/')).toBeNull();
    expect(cidrMatcher('2001:db8::/0032')).toBeNull();
    expect(cidrMatcher('nonsense/8')).toBeNull();
    expect(cidrMatcher('/8')).toBeNull();
  });
});
