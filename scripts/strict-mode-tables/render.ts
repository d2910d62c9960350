// The tables of docs/strict-mode.md that restate strict mode's policy (the levels, the marks that move a level, how
// a level and the floors rise and step down, each kind of network's allowances), made from the policy the gateway
// exports through its public door, `@game-register/gateway/policy`: `npm run docs:strict` writes them between the
// doc's `<!-- generated: NAME -->` and `<!-- /generated -->` comments, and strict-mode-tables.test.ts fails when the
// doc holds other tables than this makes. The words around the numbers are here; the numbers are the policy's.
import * as gatewayPolicy from '@game-register/gateway/policy';
import type { Thresholds } from '@game-register/gateway/policy';

/** The parts of the policy the tables show: the gateway's own by default, another in the tests. */
export type StrictPolicy = Pick<
  typeof gatewayPolicy,
  | 'LEVEL_POLICY'
  | 'PRESSURE'
  | 'CARRIER_PRESSURE'
  | 'CARRIER_CAMPAIGN_PRESSURE'
  | 'carrierNatPressure'
  | 'ACCESSIBLE_SHARE'
  | 'PASS_ALLOWANCE'
  | 'ACCESSIBLE_ALLOWANCE'
  | 'KIND_FLOOR'
  | 'ADDRESS_FETCHES'
  | 'CARRIER_NAT_VISITORS'
  | 'NETWORK_ANSWER_LIMIT'
  | 'NETWORK_KINDS'
  | 'networkOf'
  | 'HYSTERESIS'
  | 'SITE_FLOOR'
  | 'SITE_SHARE_PER_NETWORK'
  | 'CARRIER_SURGE'
>;

type Marks = Thresholds & { hardFailureShare: number; hardMinAnswers: number };
type Kind = gatewayPolicy.NetworkKind;

/** What each picture is, as a reader meets it. */
const PICTURE_WORDS: Record<'plain' | 'guarded', string> = {
  plain: "plain: the widget's own painting, one gap",
  guarded: "guarded: gaps of the piece's shape filling the row, in the picture's own colours; the bands the piece carries tell which",
};

/** The first level the table marks so (its meaning read from the policy, as the gateway reads it). */
const firstLevel = (table: StrictPolicy['LEVEL_POLICY'], marked: 'hardEvidence' | 'accessibleQuota') =>
  Object.keys(table).find((level) => table[Number(level) as keyof typeof table][marked]) ?? 'none';

const percent = (share: number) => `${Math.round(share * 100)}%`;
const count = (value: number, unit: string) => (Number.isFinite(value) ? `${value} ${unit}` : `never by ${unit}`);

/** A token bucket as a reader counts it: so many at once, then so many a minute (or one every so many minutes). */
function bucket({ burst, perMinute }: { burst: number; perMinute: number }): string {
  const pace = perMinute >= 1 ? `${perMinute} a minute` : `one every ${Math.round(1 / perMinute)} minutes`;
  return `${burst} at once, then ${pace}`;
}

function levelsTable({ LEVEL_POLICY }: StrictPolicy): string {
  const shown = new Set<string>();
  const rows = Object.entries(LEVEL_POLICY).map(([level, { picture, workFactor, accessibleWorkFactor, networkSuccessesPerHour }]) => {
    // A picture is told in words where it first appears, by its name after.
    const words = shown.has(picture) ? picture : PICTURE_WORDS[picture];
    shown.add(picture);
    return `| ${level} | ${words} | ${workFactor} | ${accessibleWorkFactor} | ${networkSuccessesPerHour ?? 'no quota'} |`;
  });
  return [
    "| level | picture | work (times `CAPTCHA_WORK_COST`) | 无障碍验证's work (times `CAPTCHA_ACCESSIBLE_WORK_COST`) |" +
      ` passes per network an hour (not on a carrier; 无障碍验证's from level ${firstLevel(LEVEL_POLICY, 'accessibleQuota')}, on every kind) |`,
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** One row of the marks: hot past any of them, hard evidence, calm when all are at or below theirs. */
function marksRow(who: string, marks: Marks, minute: string): string {
  const failures = marks.hotFailureShare
    ? `${marks.hot.failures10m}, when ${percent(marks.hotFailureShare)} of its answers or more`
    : `${marks.hot.failures10m}`;
  const hardMinute = marks.hardAnswersPerMinute;
  const hard = [
    `more than ${percent(marks.hardFailureShare)} of ${marks.hardMinAnswers} answers or more failed`,
    ...(hardMinute !== undefined && Number.isFinite(hardMinute) ? [`${hardMinute} ${minute}`] : []),
  ].join('; or ');
  const calm = `${count(marks.calm.minuteCount, minute)}; failures ${marks.calm.failures10m}; passes ${marks.calm.successes10m}`;
  return `| ${who} | ${count(marks.hot.minuteCount, minute)} | ${failures} | ${marks.hot.successes10m} | ${hard} | ${calm} |`;
}

function marksTable(policy: StrictPolicy): string {
  const { PRESSURE, CARRIER_PRESSURE, CARRIER_CAMPAIGN_PRESSURE, carrierNatPressure, ACCESSIBLE_SHARE } = policy;
  const answers = 'answers with work';
  const hardTo = firstLevel(policy.LEVEL_POLICY, 'hardEvidence');
  return [
    `| who | hot: in a minute | or failures in 10 minutes | or passes in 10 minutes | hard evidence: at once to ${hardTo} | calm: all at or below |`,
    '|---|---|---|---|---|---|',
    marksRow("an address (IPv6: its /64, a carrier's too)", PRESSURE.address, 'fetches'),
    marksRow("a network that is not a carrier (its /24 or /48, a cloud's AS)", PRESSURE.network, answers),
    marksRow('a carrier network (its /24 or /48)', CARRIER_PRESSURE, answers),
    marksRow('a carrier network while the campaign switch is on', CARRIER_CAMPAIGN_PRESSURE, answers),
    marksRow('a carrier NAT address (IPv4)', carrierNatPressure(CARRIER_PRESSURE), 'fetches'),
    marksRow('a carrier NAT address while the campaign switch is on', carrierNatPressure(CARRIER_CAMPAIGN_PRESSURE), 'fetches'),
    '',
    `Any network, whatever its kind, is hot too when its 无障碍验证 passes are more than ${percent(ACCESSIBLE_SHARE.share)} of its passes` +
      ` in 10 minutes, ${ACCESSIBLE_SHARE.min} of them or more.`,
  ].join('\n');
}

/** How one network of a kind is counted: the prefix `networkOf` keys an address by, or a cloud's whole AS. */
function countedAs(kind: Kind, networkOf: StrictPolicy['networkOf']): string {
  if (kind === 'hosting') return 'its whole AS';
  const prefix = (address: string) => networkOf(address).split('/')[1];
  return `IPv4: its /${prefix('198.51.100.7')}; IPv6: its /${prefix('2001:db8:1:2::7')}`;
}

function kindsTable(policy: StrictPolicy): string {
  const { NETWORK_KINDS, KIND_FLOOR, PASS_ALLOWANCE, ACCESSIBLE_ALLOWANCE, ADDRESS_FETCHES, CARRIER_NAT_VISITORS, networkOf } = policy;
  const { NETWORK_ANSWER_LIMIT, LEVEL_POLICY } = policy;
  const fetches = (visitors: number) => ADDRESS_FETCHES.share * visitors;
  const ownAddress = `${fetches(1)}, refused (\`429\`) past ${fetches(1) * ADDRESS_FETCHES.refuseAt}`;
  const hourly = Object.values(LEVEL_POLICY).some(({ networkSuccessesPerHour }) => networkSuccessesPerHour !== null);
  const rows = NETWORK_KINDS.map((kind) => {
    const addresses =
      kind === 'carrier'
        ? `IPv4 (a NAT, counted as ${CARRIER_NAT_VISITORS} visitors): ${fetches(CARRIER_NAT_VISITORS)}, never refused; IPv6 /64: ${ownAddress}`
        : ownAddress;
    const passes = bucket(PASS_ALLOWANCE[kind]) + (kind !== 'carrier' && hourly ? ", and its level's passes an hour" : '');
    return `| ${kind} | ${countedAs(kind, networkOf)} | ${KIND_FLOOR[kind]} | ${passes} | ${bucket(ACCESSIBLE_ALLOWANCE[kind])} | ${addresses} |`;
  });
  return [
    "| kind | counted as one network | least level | passes, per network | 无障碍验证's passes, per network |" +
      " an address's fetches a minute before its work doubles |",
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Past its share of fetches, each further share doubles an address's work once more. A network of any kind may send` +
      ` \`CAPTCHA_NETWORK_CHALLENGES\` answers with work a minute (default ${NETWORK_ANSWER_LIMIT.max}), however many` +
      ` addresses it uses; past it, its fetches get \`429\` until its minute has room.`,
  ].join('\n');
}

const minutes = (ms: number) => `${ms / 60_000} minutes`;

/** How a level, the site's floor and the carriers' floor rise and step down. */
function movesTable(policy: StrictPolicy): string {
  const { HYSTERESIS, SITE_FLOOR, SITE_SHARE_PER_NETWORK, CARRIER_SURGE, LEVEL_POLICY } = policy;
  const top = Math.max(...Object.keys(LEVEL_POLICY).map(Number));
  const down = (calmMs: number) => `one level per ${minutes(calmMs)} of calm, after ${minutes(HYSTERESIS.minDwellMs)} at a level`;
  const sustained = `held ${HYSTERESIS.sustainMs / 1000} s raises it one level`;
  const surge = (what: string, { surgeFactor, minPerMinute }: { surgeFactor: number; minPerMinute: number }) =>
    `${what}: ${surgeFactor} times their moving baseline, and at least ${minPerMinute}`;
  return [
    '| what | rises on | up to | steps down |',
    '|---|---|---|---|',
    `| an address's or a network's level | pressure (the marks above) ${sustained}; hard evidence raises it to ${firstLevel(LEVEL_POLICY, 'hardEvidence')} at once |` +
      ` ${top} | ${down(HYSTERESIS.calmMs)} |`,
    `| the site's floor, under every visitor | ${surge('the answers with work a minute from networks that are not carriers', SITE_FLOOR)}` +
      `, each network counted up to ${SITE_SHARE_PER_NETWORK} (so ${SITE_FLOOR.minPerMinute / SITE_SHARE_PER_NETWORK} networks or more),` +
      ` the ten busiest bringing more than ${percent(SITE_FLOOR.concentratedShare)} of them; ${sustained} |` +
      ` ${SITE_FLOOR.maxFloor} | ${down(HYSTERESIS.calmMs)} |`,
    `| the carriers' floor, under every carrier visitor | ${surge('carrier passes a minute across the site', CARRIER_SURGE)}; ${sustained} |` +
      ` ${CARRIER_SURGE.maxFloor} | ${down(HYSTERESIS.rateCalmMs)} |`,
    '',
    `None changes more than ${HYSTERESIS.maxChanges} times in ${minutes(HYSTERESIS.flapWindowMs)} (hard evidence aside), so nothing` +
      ` flaps; a state is forgotten ${HYSTERESIS.ttlMs / 3_600_000} hours after its last reading, or at once when it is at level 0 and not hot.`,
  ].join('\n');
}

/** Every generated block of docs/strict-mode.md, by the name its marker comment gives. */
export function renderStrictModeTables(policy: StrictPolicy = gatewayPolicy): Record<string, string> {
  return { levels: levelsTable(policy), marks: marksTable(policy), moves: movesTable(policy), kinds: kindsTable(policy) };
}

const BLOCK = /(<!-- generated: ([a-z-]+) -->\n)([\s\S]*?)(\n<!-- \/generated -->)/g;

/**
 * The doc with every generated block replaced by what `tables` holds for its name. A block the tables do not
 * name, or a table the doc has no block for, is an error: the doc and this script must agree on the blocks.
 */
export function withTables(doc: string, tables: Record<string, string>): string {
  const seen = new Set<string>();
  const written = doc.replace(BLOCK, (_, open: string, name: string, _old: string, close: string) => {
    const table = tables[name];
    if (table === undefined) throw new Error(`docs/strict-mode.md has a generated block "${name}" that no table fills`);
    seen.add(name);
    return `${open}\n${table}\n${close}`;
  });
  const missing = Object.keys(tables).filter((name) => !seen.has(name));
  if (missing.length > 0) throw new Error(`docs/strict-mode.md has no block for ${missing.join(', ')} (<!-- generated: NAME -->)`);
  return written;
}
