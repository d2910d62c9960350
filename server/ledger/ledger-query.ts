// The operator's question to the ledger, as the command (`npm run ledger`) and the metrics listener's view
// read it: from when (`since`: a time, or a span back from now such as 30m, 24h, 7d), to when, which verdict,
// which network, how many, entries or groups, JSON or CSV. Pure: `now` is given.
import type { LedgerQuery } from './ledger-store';
import { VERDICTS, type Verdict } from './verdict';

export interface LedgerAsk {
  query: LedgerQuery;
  view: 'entries' | 'groups';
  format: 'json' | 'csv';
}

const SPAN = /^(\d{1,6})(m|h|d)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
export const LIMIT_MAX = 10_000;

/** A time: a span back from `now` (30m, 24h, 7d) or an ISO 8601 date; null when it is neither. */
export function timeOf(text: string, now: number): number | null {
  const span = SPAN.exec(text);
  if (span) return now - Number(span[1]) * UNIT_MS[span[2] as keyof typeof UNIT_MS];
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

/** The ask, or what is wrong with it (one message naming each bad field). */
export function readLedgerAsk(fields: Readonly<Record<string, string | undefined>>, now: number): LedgerAsk | { problems: string[] } {
  const problems: string[] = [];
  const since = timeOf(fields.since ?? '24h', now);
  if (since === null)
    problems.push(`since must be a span such as 30m, 24h or 7d, or a date such as 2026-11-28T10:00:00Z; got "${fields.since}"`);
  const until = fields.until === undefined ? undefined : timeOf(fields.until, now);
  if (until === null) problems.push(`until must be a span or a date as since is; got "${fields.until}"`);
  const verdict = fields.verdict;
  if (verdict !== undefined && !(VERDICTS as readonly string[]).includes(verdict))
    problems.push(`verdict must be one of ${VERDICTS.join(', ')}; got "${verdict}"`);
  const limit = fields.limit === undefined ? 1000 : Number(fields.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX)
    problems.push(`limit must be an integer from 1 to ${LIMIT_MAX}; got "${fields.limit}"`);
  const format = fields.format ?? 'json';
  if (format !== 'json' && format !== 'csv') problems.push(`format must be json or csv; got "${format}"`);
  const view = fields.view ?? 'entries';
  if (view !== 'entries' && view !== 'groups') problems.push(`view must be entries or groups; got "${view}"`);
  const network = fields.network;
  if (network !== undefined && (network.length === 0 || network.length > 100))
    problems.push('network must be a /24, /48 or AS as the ledger names it (1 to 100 characters)');
  if (problems.length > 0) return { problems };
  return {
    query: {
      since: since!,
      ...(until === undefined ? {} : { until: until! }),
      ...(verdict === undefined ? {} : { verdict: verdict as Verdict }),
      ...(network === undefined ? {} : { network }),
      limit,
    },
    view: view as LedgerAsk['view'],
    format: format as LedgerAsk['format'],
  };
}
