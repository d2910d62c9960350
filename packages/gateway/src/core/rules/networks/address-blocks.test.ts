import { addressSubjectOf, networkOf } from './address-blocks';

describe('networkOf: where bots are counted together', () => {
  it('takes the /24 of an IPv4 address, written plainly or as IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.250')).toBe(networkOf('203.0.113.7'));
    expect(networkOf('203.0.114.7')).not.toBe(networkOf('203.0.113.7'));
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('::FFFF:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:cb00:7109')).toBe('203.0.113.0/24'); // the same address in hex groups
    expect(networkOf('0:0:0:0:0:ffff:cb00:7109')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9%eth0')).toBe('203.0.113.0/24');
  });

  it('takes the /48 of an IPv6 address, however it is abbreviated', () => {
    expect(networkOf('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3::/48');
    expect(networkOf('2001:0DB8:85A3:0000:0000:8A2E:0370:7334')).toBe('2001:db8:85a3::/48');
    expect(networkOf('2001:db8:85a3:ffff::1')).toBe('2001:db8:85a3::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('2001:db8:1::1')).not.toBe(networkOf('2001:db8:2::1'));
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('::ffff:0:cb00:7109')).toBe('0:0:0::/48'); // an IPv4-translated form, not a mapped one
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(networkOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0::/48');
  });

  it('leaves what is not an IP address as it is', () => {
    expect(networkOf('')).toBe('');
    expect(networkOf('unix-socket')).toBe('unix-socket');
  });
});

describe('the address a level is kept for', () => {
  it('is an IPv4 address itself, mapped or not, and an IPv6 address its /64', () => {
    expect(addressSubjectOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubjectOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubjectOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressSubjectOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    // A phone rotating inside its /64 stays one subject; the next /64 is another.
    expect(addressSubjectOf('2001:db8:1:2:ffff:1:2:3')).toBe(addressSubjectOf('2001:0db8:1:2::9'));
    expect(addressSubjectOf('2001:db8:1:3::1')).not.toBe(addressSubjectOf('2001:db8:1:2::1'));
  });
});
