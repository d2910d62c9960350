// The origin AS of an address, from the compact table derived from @ip-location-db/asn (scripts/derive-origin-as.ts):
// sorted ranges searched by halves. IPv4 as 32-bit numbers; IPv6 by its top 64 bits (a /64 is the finest
// network judged), as 16 hex digits, which sort as the numbers do.
import { ipv4Number, ipv6Top64 } from './address-bits';

/**
 * The table as stored: each family's ranges as "gap size as" in base 36 (from the end of the one before; an index in
 * `asns`), comma-separated.
 */
export interface OriginAsTable {
  source: string;
  /** Every AS whose prefixes the table holds, in ascending order. */
  asns: number[];
  v4: string;
  v6: string;
}

interface Ranges<T> {
  starts: T[];
  ends: T[];
  asns: number[];
}

/** Base 36 to a bigint: at once while the number is exact (10 digits: below 2^53), digit by digit beyond. */
const base36 = (text: string) =>
  text.length <= 10 ? BigInt(parseInt(text, 36)) : [...text].reduce((value, digit) => value * 36n + BigInt(parseInt(digit, 36)), 0n);

function decode<T>(encoded: string, asns: readonly number[], as: (value: bigint) => T): Ranges<T> {
  const ranges: Ranges<T> = { starts: [], ends: [], asns: [] };
  let previousEnd = -1n;
  for (const entry of encoded === '' ? [] : encoded.split(',')) {
    const [gap, size, index] = entry.split(' ').map(base36) as [bigint, bigint, bigint];
    const start = previousEnd + 1n + gap;
    previousEnd = start + size - 1n;
    ranges.starts.push(as(start));
    ranges.ends.push(as(previousEnd));
    ranges.asns.push(asns[Number(index)]!);
  }
  return ranges;
}

function lookup<T>({ starts, ends, asns }: Ranges<T>, value: T): number | null {
  let [low, high, found] = [0, starts.length - 1, -1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! <= value) [found, low] = [middle, middle + 1];
    else high = middle - 1;
  }
  return found >= 0 && ends[found]! >= value ? asns[found]! : null;
}

/** The AS an address is announced by (null: not one the table holds), and which ASes it holds prefixes of. */
export function createOriginAs(table: OriginAsTable) {
  const v4 = decode(table.v4, table.asns, Number);
  const v6 = decode(table.v6, table.asns, (value) => value.toString(16).padStart(16, '0'));
  const held = new Set([...v4.asns, ...v6.asns]);
  return {
    asnOf(address: string): number | null {
      const number = ipv4Number(address);
      if (number !== null) return lookup(v4, number);
      const top = ipv6Top64(address);
      return top === null ? null : lookup(v6, top);
    },
    holds: (asn: number) => held.has(asn),
    /** How many ranges it decoded to, IPv4 and IPv6. */
    ranges: v4.starts.length + v6.starts.length,
    source: table.source,
  };
}
export type OriginAs = ReturnType<typeof createOriginAs>;
