import type { LedgerEntry } from './entry';
import type { Verdict } from './verdict';

/** A network's entries are counted up to this many (more than any cluster's size): past it, `add` may answer this. */
export const CLUSTER_COUNT_MAX = 64;

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
  /**
   * Adds an entry (again: no change) and answers how many of its network's entries are within `clusterMs` before it,
   * itself included (at least up to CLUSTER_COUNT_MAX).
   */
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
  /** Behind Sentinel: how many unconfirmed entries were dropped so far, past the most kept in memory. */
  droppedUnconfirmed?(): number;
  /** Drops the entries written before `before` (the retention); answers how many. */
  forget(before: number): Promise<number>;
}

export interface Adding {
  entry: LedgerEntry;
  clusterMs: number;
}

/**
 * The adds asked in one turn of the event loop (or, with `groupMs`, within that many ms of the first), given to
 * the store together (`addMany`: one transaction, one commit to the write-ahead log and no sync to disk, on
 * libsql; one round trip on Redis), each answered when all are written: the answers of the registrations in
 * flight wait for one write, not one each.
 */
export function batchedAdds(
  addMany: (batch: readonly Adding[]) => Promise<number[]>,
  groupMs = 0,
): (entry: LedgerEntry, clusterMs: number) => Promise<number> {
  let waiting: (Adding & { resolve: (count: number) => void; reject: (error: unknown) => void })[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    addMany(batch).then(
      (counts) => batch.forEach((each, index) => each.resolve(counts[index] ?? 1)),
      (error: unknown) => batch.forEach((each) => each.reject(error)),
    );
  };
  return (entry, clusterMs) =>
    new Promise<number>((resolve, reject) => {
      waiting.push({ entry, clusterMs, resolve, reject });
      if (waiting.length === 1) {
        if (groupMs > 0) setTimeout(flush, groupMs);
        else setImmediate(flush);
      }
    });
}
