import type { SqlDatabase } from '../db/open-database';
import type { LedgerEntry } from './entry';
import { batchedAdds, CLUSTER_COUNT_MAX, type Adding, type LedgerStore } from './ledger-store';

/**
 * The ledger in the server's libsql file (one instance): one row per entry, written through the ledger's own connection
 * with synchronous=NORMAL (ledger.ts), the adds of one turn of the event loop in one transaction.
 */
/**
 * A reg's entry waits this long (ms) for others to share its commit: a commit costs more than an insert, and a
 * 2 ms group cut the CPU a reg costs from 121 to 112 µs (bench:ledger, A/B). Redis's adds keep one turn's group.
 */
const GROUP_MS = 2;

export function libsqlLedger(db: SqlDatabase): LedgerStore {
  const insert = db.prepare(
    'INSERT INTO ledger (id, at, network, kind, verdict, entry) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  // Counted up to CLUSTER_COUNT_MAX: past any cluster's size the number changes nothing, and a large cluster's
  // count would otherwise grow with it on every add.
  const cluster = db.prepare(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ledger WHERE network = ? AND at BETWEEN ? AND ? LIMIT ${CLUSTER_COUNT_MAX})`,
  );
  const between = db.prepare('SELECT entry FROM ledger WHERE at BETWEEN ? AND ? ORDER BY at, id');
  const betweenOf = db.prepare('SELECT entry FROM ledger WHERE network = ? AND at BETWEEN ? AND ? ORDER BY at, id');
  const update = db.prepare('UPDATE ledger SET verdict = ?, entry = ? WHERE id = ?');
  const forget = db.prepare('DELETE FROM ledger WHERE at < ?');
  const list = db.prepare(`SELECT entry FROM ledger WHERE at BETWEEN @since AND @until
    AND (@verdict IS NULL OR verdict = @verdict) AND (@network IS NULL OR network = @network) ORDER BY at DESC, id LIMIT @limit`);
  const read = (rows: unknown[]) => (rows as { entry: string }[]).map((row) => JSON.parse(row.entry) as LedgerEntry);
  const addMany = db.transaction((batch: readonly Adding[]) =>
    batch.map(({ entry, clusterMs }) => {
      insert.run(entry.id, entry.at, entry.network, entry.kind ?? '', entry.verdict, JSON.stringify(entry));
      return (cluster.get(entry.network, entry.at - clusterMs, entry.at) as { n: number }).n;
    }),
  );
  const revise = db.transaction((entries: readonly LedgerEntry[]) => {
    for (const entry of entries) update.run(entry.verdict, JSON.stringify(entry), entry.id);
  });
  return {
    add: batchedAdds(async (batch) => addMany(batch), GROUP_MS),
    async between(from, to, network) {
      return read(network === undefined ? between.all(from, to) : betweenOf.all(network, from, to));
    },
    async revise(entries) {
      revise(entries);
    },
    async list({ since, until = Number.MAX_SAFE_INTEGER, verdict, network, limit }) {
      return read(list.all({ since, until, verdict: verdict ?? null, network: network ?? null, limit }));
    },
    async forget(before) {
      return forget.run(before).changes;
    },
  };
}
