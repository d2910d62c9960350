// The ledger's entries and groups as the operator reads them: JSON, or CSV for a spreadsheet. Pure.
import type { LedgerEntry } from './entry';
import type { LedgerGroup } from './groups';

const ENTRY_COLUMNS = [
  'time',
  'verdict',
  'reasons',
  'outcome',
  'account',
  'mobile',
  'channel',
  'address',
  'network',
  'kind',
  'asn',
  'level',
  'picture',
  'path',
  'answered_ms',
  'fits_ms',
  'carriers_floor',
  'campaign',
  'click_platform',
  'click_id',
  'revised',
] as const;
const GROUP_COLUMNS = [
  'network',
  'kind',
  'asn',
  'from',
  'to',
  'entries',
  'verdict',
  'clear',
  'review',
  'suspect',
  'reasons',
  'accounts',
] as const;

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break; a leading = + - @ is prefixed with ' (no formula
 * in a spreadsheet).
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

const entryRow = (entry: LedgerEntry) => [
  iso(entry.at),
  entry.verdict,
  entry.reasons.join(' '),
  entry.outcome,
  entry.account,
  entry.mobile,
  entry.channel,
  entry.address,
  entry.network,
  entry.kind,
  entry.asn,
  entry.pass?.level,
  entry.pass?.picture,
  entry.pass?.path,
  entry.pass?.answeredInMs,
  entry.pass?.fitsMs,
  entry.pass?.carriers,
  entry.pass?.campaign,
  entry.click?.platform,
  entry.click?.clickId,
  iso(entry.revisedAt),
];

const groupRow = (group: LedgerGroup) => [
  group.network,
  group.kind,
  group.asn,
  iso(group.from),
  iso(group.to),
  group.entries,
  group.verdict,
  group.registered.clear,
  group.registered.review,
  group.registered.suspect,
  Object.entries(group.reasons)
    .map(([reason, count]) => `${reason}:${count}`)
    .join(' '),
  group.accounts.join(' '),
];

const csv = (columns: readonly string[], rows: unknown[][]) =>
  [columns.join(','), ...rows.map((row) => row.map(csvField).join(','))].join('\n') + '\n';

export const entriesCsv = (entries: readonly LedgerEntry[]) => csv(ENTRY_COLUMNS, entries.map(entryRow));
export const groupsCsv = (groups: readonly LedgerGroup[]) => csv(GROUP_COLUMNS, groups.map(groupRow));
