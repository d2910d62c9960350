import { randomBytes } from 'node:crypto';
import type { SqlDatabase } from '../db/database';
import { FAILURE_WINDOW_MS, FAILURES_BEFORE_LOCK, NETWORK_FAILURES_BEFORE_LOCK, type CaptchaStore } from './store';

/** The embedded store: the server's libsql database. Right for one instance; use Redis for more. */
export function createLibsqlStore(db: SqlDatabase, configuredSecret: string | null, now: () => number = Date.now): CaptchaStore {
  const insertChallenge = db.prepare('INSERT INTO captcha_challenges (id, gap_x, expires_at) VALUES (?, ?, ?)');
  // One statement: the row is gone for any other take the moment this one reads it.
  const deleteChallenge = db.prepare('DELETE FROM captcha_challenges WHERE id = ? RETURNING gap_x, expires_at');
  const insertSpent = db.prepare('INSERT INTO captcha_spent_tokens (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING');
  // Rows are keyed by subject: the address itself, or `net:` and its network.
  const selectStanding = db.prepare('SELECT address, count, locked_until, updated_at FROM captcha_failures WHERE address IN (?, ?)');
  // A count older than the window starts again at 1; from the threshold on, each failure (re)sets the lock.
  const upsertFailure = db.prepare(
    `INSERT INTO captcha_failures (address, count, locked_until, updated_at)
       VALUES (@subject, 1, CASE WHEN 1 >= @limit THEN @lockedUntil ELSE 0 END, @now)
     ON CONFLICT (address) DO UPDATE SET
       count = CASE WHEN updated_at <= @forgetBefore THEN 1 ELSE count + 1 END,
       locked_until = CASE WHEN (CASE WHEN updated_at <= @forgetBefore THEN 1 ELSE count + 1 END) >= @limit THEN @lockedUntil ELSE locked_until END,
       updated_at = @now`,
  );
  const upsertHit = db.prepare(
    `INSERT INTO captcha_hits (name, count, window_ends) VALUES (@name, 1, @windowEnds)
     ON CONFLICT (name) DO UPDATE SET
       count = CASE WHEN window_ends <= @now THEN 1 ELSE count + 1 END,
       window_ends = CASE WHEN window_ends <= @now THEN @windowEnds ELSE window_ends END
     RETURNING count`,
  );
  const sweeps = [
    db.prepare('DELETE FROM captcha_challenges WHERE expires_at < ?'),
    db.prepare('DELETE FROM captcha_spent_tokens WHERE expires_at < ?'),
  ];
  const sweepFailures = db.prepare('DELETE FROM captcha_failures WHERE updated_at < ? AND locked_until < ?');
  const sweepHits = db.prepare('DELETE FROM captcha_hits WHERE window_ends <= ?');
  const selectOne = db.prepare('SELECT 1');

  let secret = configuredSecret;
  return {
    kind: 'libsql',
    async secret() {
      if (secret === null) {
        db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run('captcha_secret', randomBytes(32).toString('hex'));
        secret = (db.prepare('SELECT value FROM settings WHERE key = ?').get('captcha_secret') as { value: string }).value;
      }
      return secret;
    },
    async putChallenge(id, { gapX, expiresAt }) {
      insertChallenge.run(id, gapX, expiresAt);
    },
    async takeChallenge(id) {
      const row = deleteChallenge.get(id) as { gap_x: number; expires_at: number } | undefined;
      return row && row.expires_at > now() ? { gapX: row.gap_x, expiresAt: row.expires_at } : null;
    },
    async spendToken(id, expiresAt) {
      return insertSpent.run(id, expiresAt).changes === 1;
    },
    async standing(address, network) {
      const at = now();
      const net = `net:${network}`;
      const rows = selectStanding.all(address, net) as { address: string; count: number; locked_until: number; updated_at: number }[];
      const row = (subject: string) => rows.find((candidate) => candidate.address === subject);
      const count = (subject: string) => {
        const found = row(subject);
        return found && found.updated_at > at - FAILURE_WINDOW_MS ? found.count : 0;
      };
      const lockedUntil = Math.max(row(address)?.locked_until ?? 0, row(net)?.locked_until ?? 0);
      return { lockedUntil: lockedUntil > at ? lockedUntil : 0, failures: count(address), networkFailures: count(net) };
    },
    async recordFailure(address, network, lockMs) {
      const at = now();
      const common = { now: at, forgetBefore: at - FAILURE_WINDOW_MS, lockedUntil: at + lockMs };
      db.transaction(() => {
        upsertFailure.run({ ...common, subject: address, limit: FAILURES_BEFORE_LOCK });
        upsertFailure.run({ ...common, subject: `net:${network}`, limit: NETWORK_FAILURES_BEFORE_LOCK });
      })();
    },
    async countHit(name, windowMs) {
      const at = now();
      return (upsertHit.get({ name, now: at, windowEnds: at + windowMs }) as { count: number }).count;
    },
    async sweep() {
      const at = now();
      for (const statement of sweeps) statement.run(at);
      sweepFailures.run(at - FAILURE_WINDOW_MS, at);
      sweepHits.run(at);
    },
    async ping() {
      selectOne.get();
    },
  };
}
