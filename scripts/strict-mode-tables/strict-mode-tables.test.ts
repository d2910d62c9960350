// docs/strict-mode.md's tables of the levels, the marks that move a level, how levels and floors move and the kinds
// of network are the policy's numbers: the doc is compared with what `npm run docs:strict` makes from
// `@game-register/gateway/policy` now, and a policy with one number changed makes a table with that number changed.
import { readFileSync } from 'node:fs';
import * as gatewayPolicy from '@game-register/gateway/policy';
import { renderStrictModeTables, withTables, type StrictPolicy } from './render';
import { STRICT_MODE_DOC } from './write';

const doc = readFileSync(STRICT_MODE_DOC, 'utf8');

/** The rows of a markdown table whose first cell is `first`. */
const rowsStarting = (table: string, first: string) => table.split('\n').filter((line) => line.startsWith(`| ${first} |`));

describe("docs/strict-mode.md's policy tables", () => {
  it('are what npm run docs:strict makes from the policy now', () => {
    // When this fails: npm run docs:strict, and commit docs/strict-mode.md.
    expect(doc).toBe(withTables(doc, renderStrictModeTables()));
  });

  it('hold a row for every level and every kind of network the policy has', () => {
    const { levels, kinds } = renderStrictModeTables();
    for (const level of Object.keys(gatewayPolicy.LEVEL_POLICY)) expect(rowsStarting(levels!, level)).toHaveLength(1);
    for (const kind of gatewayPolicy.NETWORK_KINDS) expect(rowsStarting(kinds!, kind)).toHaveLength(1);
    expect(doc).toContain(levels);
    expect(doc).toContain(kinds);
  });

  it('change when a number of the policy changes', () => {
    const { LEVEL_POLICY, CARRIER_PRESSURE, PASS_ALLOWANCE, KIND_FLOOR, HYSTERESIS } = gatewayPolicy;
    const changed: StrictPolicy = {
      ...gatewayPolicy,
      LEVEL_POLICY: { ...LEVEL_POLICY, 2: { ...LEVEL_POLICY[2], workFactor: 16, networkSuccessesPerHour: 7 } },
      CARRIER_PRESSURE: { ...CARRIER_PRESSURE, hot: { ...CARRIER_PRESSURE.hot, minuteCount: 33 } },
      PASS_ALLOWANCE: { ...PASS_ALLOWANCE, unknown: { burst: 9, perMinute: 0.25 } },
      KIND_FLOOR: { ...KIND_FLOOR, hosting: 1 },
      HYSTERESIS: { ...HYSTERESIS, rateCalmMs: 7 * 60_000 },
    };
    const before = renderStrictModeTables();
    const after = renderStrictModeTables(changed);
    expect(rowsStarting(after.levels!, '2')[0]).toMatch(/^\| 2 \| guarded: .* \| 16 \| 2 \| 7 \|$/);
    expect(rowsStarting(after.levels!, '3')).toEqual(rowsStarting(before.levels!, '3'));
    expect(after.marks).toContain('| a carrier network (its /24 or /48) | 33 answers with work |');
    expect(before.marks).not.toContain('33 answers with work');
    expect(rowsStarting(after.kinds!, 'unknown')[0]).toContain("| 9 at once, then one every 4 minutes, and its level's passes an hour |");
    expect(rowsStarting(after.kinds!, 'hosting')[0]).toContain('| its whole AS | 1 |');
    expect(rowsStarting(after.moves!, "the carriers' floor, under every carrier visitor")[0]).toMatch(
      /\| one level per 7 minutes of calm, [^|]*\|$/,
    );
    expect(rowsStarting(after.moves!, "the site's floor, under every visitor")).toEqual(
      rowsStarting(before.moves!, "the site's floor, under every visitor"),
    );
    expect(withTables(doc, after)).not.toBe(doc);
  });

  it("say where hard evidence puts an entity and where 无障碍验证's quota starts, as the table marks them", () => {
    const { LEVEL_POLICY } = gatewayPolicy;
    const before = renderStrictModeTables();
    expect(before.marks).toContain('hard evidence: at once to 2 |');
    expect(before.levels).toContain("无障碍验证's from level 2,");
    const after = renderStrictModeTables({
      ...gatewayPolicy,
      LEVEL_POLICY: {
        ...LEVEL_POLICY,
        1: { ...LEVEL_POLICY[1], accessibleQuota: true },
        2: { ...LEVEL_POLICY[2], hardEvidence: false },
        3: { ...LEVEL_POLICY[3], hardEvidence: true },
      },
    });
    expect(after.marks).toContain('hard evidence: at once to 3 |');
    expect(after.moves).toContain('hard evidence raises it to 3 at once');
    expect(after.levels).toContain("无障碍验证's from level 1,");
  });

  it('say how a network is counted as the gateway keys it (a carrier /48 in IPv6, not a /64)', () => {
    const kinds = renderStrictModeTables().kinds!;
    expect(rowsStarting(kinds, 'carrier')[0]).toContain('| IPv4: its /24; IPv6: its /48 |');
  });

  it('refuse a doc whose blocks and the tables disagree', () => {
    const tables = renderStrictModeTables();
    expect(() => withTables('<!-- generated: nothing -->\nold\n<!-- /generated -->', tables)).toThrow(/"nothing" that no table fills/);
    expect(() => withTables('no blocks here', tables)).toThrow(/no block for levels, marks, moves, kinds/);
  });

  it('read the policy through the package, never by a path into its source', () => {
    const source = readFileSync(new URL('./render.ts', import.meta.url), 'utf8');
    expect(source).toContain("from '@game-register/gateway/policy'");
    expect(source).not.toMatch(/from '[^']*packages\/gateway/);
  });
});
