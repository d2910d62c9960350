// Pure: the ledger's entries as the operator acts on them, one group per network's cluster: entries of one /24
// (IPv6 /48, hosting AS) each within CLUSTER.windowMs of the one before.
import type { LedgerEntry } from './entry';
import { CLUSTER, VERDICTS, type Verdict, type VerdictReason } from './verdict';

export interface LedgerGroup {
  network: string;
  kind: string | null;
  asn: number | null;
  from: number;
  to: number;
  entries: number;
  /** Registrations (the backend answered y) among them, by verdict. */
  registered: Record<Verdict, number>;
  /** The group's verdict: its worst registration's. */
  verdict: Verdict;
  /** Each reason with how many of its entries carry it. */
  reasons: Partial<Record<VerdictReason, number>>;
  /** The accounts registered, as sent: what the operator acts on. */
  accounts: string[];
}

const worst = (counts: Record<Verdict, number>): Verdict => [...VERDICTS].reverse().find((verdict) => counts[verdict] > 0) ?? 'clear';

/** The groups of `entries` (any order), the largest first. */
export function groupsOf(entries: readonly LedgerEntry[]): LedgerGroup[] {
  const byNetwork = new Map<string, LedgerEntry[]>();
  for (const entry of entries) byNetwork.set(entry.network, [...(byNetwork.get(entry.network) ?? []), entry]);
  const groups: LedgerGroup[] = [];
  for (const [network, list] of byNetwork) {
    list.sort((a, b) => a.at - b.at);
    let group: LedgerGroup | null = null;
    for (const entry of list) {
      if (group === null || entry.at - group.to > CLUSTER.windowMs) {
        group = {
          network,
          kind: entry.kind,
          asn: entry.asn,
          from: entry.at,
          to: entry.at,
          entries: 0,
          registered: { clear: 0, review: 0, suspect: 0 },
          verdict: 'clear',
          reasons: {},
          accounts: [],
        };
        groups.push(group);
      }
      group.to = entry.at;
      group.entries += 1;
      for (const reason of entry.reasons) group.reasons[reason] = (group.reasons[reason] ?? 0) + 1;
      if (entry.outcome === 'registered') {
        group.registered[entry.verdict] += 1;
        group.accounts.push(entry.account);
      }
      group.verdict = worst(group.registered);
    }
  }
  return groups.sort((a, b) => b.entries - a.entries || a.from - b.from);
}
