import type { LedgerEntry } from './entry';
import type { Verdict } from './verdict';

/** What the operator's view asks for: entries from `since` (to `until`), of one verdict or network, newest first. */
export interface LedgerQuery {
  since: number;
  until?: number;
  verdict?: Verdict;
  network?: string;
  limit: number;
}

/**
 * Where the ledger's entries are kept: the server's libsql file (one instance, libsql-ledger.ts) or Redis (many
 * instances, redis-ledger.ts). An entry is written before the visitor's answer leaves, so a kill -9 loses none.
 */
export interface LedgerStore {
  /** Adds an entry (again: no change) and answers how many of its network's entries are within `clusterMs` before it, itself included. */
  add(entry: LedgerEntry, clusterMs: number): Promise<number>;
  /** Entries from `from` to `to` (inclusive), of one network or of all; oldest first. */
  between(from: number, to: number, network?: string): Promise<LedgerEntry[]>;
  /** Writes entries whose verdict was revised. */
  revise(entries: readonly LedgerEntry[]): Promise<void>;
  list(query: LedgerQuery): Promise<LedgerEntry[]>;
  /**
   * Behind Sentinel: adds again the entries no replica confirmed yet (their ids make it idempotent); answers how
   * many are still unconfirmed. Absent where a write is durable once it returns (libsql, a lone Redis).
   */
  retryUnconfirmed?(clusterMs: number): Promise<number>;
  /** Drops the entries written before `before` (the retention); answers how many. */
  forget(before: number): Promise<number>;
}
