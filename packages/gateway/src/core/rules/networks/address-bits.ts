// Addresses as numbers, for ranges and CIDRs: IPv4 (::ffff:a.b.c.d included) as a 32-bit number, IPv6 as its
// 128 bits or its top 64 as 16 hex digits.
import { isIPv4, isIPv6, SocketAddress } from 'node:net';

/** An IPv6 address's 128 bits (the zone index dropped), or null. */
export function ipv6Bits(address: string): bigint | null {
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return null;
  // SocketAddress parses every spelling (::, a trailing dotted part); its `address` is the canonical form.
  const canonical = new SocketAddress({ address: bare, family: 'ipv6' }).address;
  const [head = '', tail] = canonical.split('::');
  const toGroups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? dottedGroups(group) : [group]));
  const left = toGroups(head);
  const right = tail === undefined ? [] : toGroups(tail);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((bits, group) => (bits << 16n) | BigInt(parseInt(group, 16)), 0n);
}

const dottedGroups = (dotted: string) => {
  const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
};

/** An IPv4 address (or one written as ::ffff:a.b.c.d) as a number, or null. */
export function ipv4Number(address: string): number | null {
  if (isIPv4(address)) return address.split('.').reduce((value, byte) => value * 256 + Number(byte), 0);
  const bits = ipv6Bits(address);
  return bits !== null && bits >> 32n === 0xffffn ? Number(bits & 0xffffffffn) : null;
}

/** The top 64 bits of an IPv6 address, as 16 hex digits (they sort as the numbers do). */
export function ipv6Top64(address: string): string | null {
  const bits = ipv6Bits(address);
  return bits === null ? null : (bits >> 64n).toString(16).padStart(16, '0');
}

/** A CIDR as a test of addresses; null when it is not one. */
export function cidrMatcher(cidr: string): ((address: string) => boolean) | null {
  const [base = '', lengthText] = cidr.split('/');
  const length = Number(lengthText);
  if (lengthText === undefined || !/^\d{1,3}$/.test(lengthText)) return null;
  if (isIPv4(base) && length <= 32) {
    const size = 2 ** (32 - length);
    const start = Math.floor(ipv4Number(base)! / size) * size;
    return (address) => {
      const value = ipv4Number(address);
      return value !== null && value >= start && value < start + size;
    };
  }
  const bits = ipv6Bits(base);
  if (bits === null || length > 128 || isIPv4(base)) return null;
  const shift = BigInt(128 - length);
  return (address) => {
    const value = ipv4Number(address) === null ? ipv6Bits(address) : null;
    return value !== null && value >> shift === bits >> shift;
  };
}
