import { describe, expect, it } from 'vitest';
import { createOriginAs, type OriginAsTable } from './origin-as';

// Equivalent mutant (packages/gateway/src/core/rules/networks/origin-as.ts, ArithmeticOperator): `starts.length - 1` -> `starts.length + 1`: the extra slots past the end are undefined, and `undefined <= value` is false for numbers and hex strings alike, so the search only narrows `high` past them and finds the same last start not above the value
// Equivalent mutant (packages/gateway/src/core/rules/networks/origin-as.ts, ConditionalExpression): `found >= 0` -> `true`: when nothing is found `found` is -1, `ends[-1]` is undefined and `undefined >= value` is false, so the result is null either way

// IPv4: 10.0.0.0–10.0.0.255 (AS 100), a gap of 256, 10.0.2.0–10.0.2.255 (AS 200).
// IPv6 by top 64 bits: 0 (AS 100), 1 (AS 200), then a gap to 2^32–2^32+15 (AS 300).
const table: OriginAsTable = {
  source: 'test table',
  asns: [100, 200, 300],
  v4: `${(167772160).toString(36)} 74 0,74 74 1`,
  v6: `0 1 0,0 1 1,${(2 ** 32 - 2).toString(36)} g 2`,
};

describe('createOriginAs', () => {
  it('finds the AS of an IPv4 address, first and last address of each range included', () => {
    const origin = createOriginAs(table);
    expect(origin.asnOf('10.0.0.0')).toBe(100);
    expect(origin.asnOf('10.0.0.128')).toBe(100);
    expect(origin.asnOf('10.0.0.255')).toBe(100);
    expect(origin.asnOf('10.0.2.0')).toBe(200);
    expect(origin.asnOf('10.0.2.255')).toBe(200);
    expect(origin.asnOf('::ffff:10.0.2.7')).toBe(200);
  });

  it('is null for IPv4 below the first range, in a gap, and above the last', () => {
    const origin = createOriginAs(table);
    expect(origin.asnOf('0.0.0.0')).toBeNull();
    expect(origin.asnOf('9.255.255.255')).toBeNull();
    expect(origin.asnOf('10.0.1.0')).toBeNull();
    expect(origin.asnOf('10.0.1.255')).toBeNull();
    expect(origin.asnOf('10.0.3.0')).toBeNull();
    expect(origin.asnOf('255.255.255.255')).toBeNull();
  });

  it('finds the AS of an IPv6 address by its top 64 bits', () => {
    const origin = createOriginAs(table);
    expect(origin.asnOf('::')).toBe(100);
    expect(origin.asnOf('::ffff:ffff:ffff:ffff')).toBe(100);
    expect(origin.asnOf('0:0:0:1::')).toBe(200);
    expect(origin.asnOf('0:0:0:1:ffff:ffff:ffff:ffff')).toBe(200);
    expect(origin.asnOf('0:1::')).toBe(300);
    expect(origin.asnOf('0:1:0:f:ffff::')).toBe(300);
    expect(origin.asnOf('0:0:0:2::')).toBeNull();
    expect(origin.asnOf('0:0:ffff:ffff::')).toBeNull();
    expect(origin.asnOf('0:1:0:10::')).toBeNull();
    expect(origin.asnOf('2001:db8::1')).toBeNull();
  });

  it('is null for what is no address', () => {
    const origin = createOriginAs(table);
    expect(origin.asnOf('nonsense')).toBeNull();
    expect(origin.asnOf('')).toBeNull();
    expect(origin.asnOf('10.0.0')).toBeNull();
  });

  it('says which ASes it holds, and its source', () => {
    const origin = createOriginAs(table);
    expect(origin.holds(100)).toBe(true);
    expect(origin.holds(300)).toBe(true);
    expect(origin.holds(150)).toBe(false);
    expect(origin.holds(0)).toBe(false);
    expect(origin.source).toBe('test table');
    expect(origin.ranges).toBe(5);
  });

  it('holds only the ASes it has ranges of, whatever its list of ASes says', () => {
    const origin = createOriginAs({ ...table, asns: [100, 200, 300, 400] });
    expect(origin.holds(300)).toBe(true);
    expect(origin.holds(400)).toBe(false);
    expect(createOriginAs({ source: 's', asns: [7], v4: '', v6: '' }).ranges).toBe(0);
  });

  it('reads gaps and sizes of more than ten base-36 digits exactly', () => {
    // 36^11 - 1 = 0x01d39d3e063fffff: beyond 2^53, so not exact as a float.
    const far = createOriginAs({ source: 's', asns: [7], v4: '', v6: 'zzzzzzzzzzz 1 0' });
    expect(far.asnOf('1d3:9d3e:63f:ffff::1')).toBe(7);
    expect(far.asnOf('1d3:9d3e:63f:fffe::')).toBeNull();
    expect(far.asnOf('1d3:9d3e:640::')).toBeNull();

    // A size of 11 digits, 36^10 + 1: from 0 to 36^10 = 0x000cfd41b9100000.
    const wide = createOriginAs({ source: 's', asns: [7], v4: '', v6: '0 10000000001 0' });
    expect(wide.asnOf('::')).toBe(7);
    expect(wide.asnOf('c:fd41:b910::')).toBe(7);
    expect(wide.asnOf('c:fd41:b910:1::')).toBeNull();
  });

  it('holds nothing for an empty family', () => {
    const none = createOriginAs({ source: 's', asns: [7], v4: '', v6: '' });
    for (const address of ['0.0.0.0', '10.0.0.1', '255.255.255.255', '::', '0:e:9c36:ead3::1', '2409:8054::1', 'ffff:ffff:ffff:ffff::']) {
      expect(none.asnOf(address)).toBeNull();
    }
  });

  it('reads fields of up to ten characters as parseInt does, and refuses an empty field', () => {
    // parseInt stops at the first character that is no base-36 digit.
    const lenient = createOriginAs({ source: 's', asns: [7], v4: '00000000a. 1 0', v6: '' });
    expect(lenient.asnOf('0.0.0.10')).toBe(7);
    expect(lenient.asnOf('0.0.0.11')).toBeNull();
    expect(() => createOriginAs({ source: 's', asns: [7], v4: '0  1 0', v6: '' })).toThrow(RangeError);
  });
});
