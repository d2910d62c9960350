import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, as bots are counted: its /24 for IPv4, its /48 for IPv6 (what one
 * customer or one rented server block is usually given). An IPv4 address written as IPv6 (::ffff:a.b.c.d)
 * counts as IPv4. Anything else (a unix socket, an empty string) is its own network.
 */
export function networkOf(address: string): string {
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address);
  // ::ffff:a.b.c.d in any spelling (hex groups, a zone index) is an IPv4 address.
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return `${high >> 8}.${high & 255}.${low >> 8}.0/24`;
  }
  return `${groups.slice(0, 3).join(':')}::/48`;
}

/**
 * An address as its difficulty level is kept: itself for IPv4 (::ffff:a.b.c.d included), its /64 for IPv6
 * (what one home or one phone is given, and rotates inside at will).
 */
export function addressSubjectOf(address: string): string {
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, in lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  const bare = address.split('%')[0]!.toLowerCase(); // a zone index names an interface, not a network
  // A trailing dotted IPv4 part stands for the last two groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  const withHex = dotted
    ? bare.slice(0, dotted.index) +
      dotted[1]!
        .split('.')
        .map(Number)
        .reduce<string[]>((groups, byte, i) => {
          if (i % 2 === 0) groups.push(String(byte));
          else groups[groups.length - 1] = ((Number(groups[groups.length - 1]) << 8) | byte).toString(16);
          return groups;
        }, [])
        .join(':')
    : bare;
  const [head = '', tail] = withHex.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16).toString(16));
}
