import { randomBytes } from 'node:crypto';
import type { SqlDatabase } from '../db/database';
import { FAILURE_RUN_TTL_MS, FAILURES_BEFORE_LOCK, type CaptchaStore } from './store';

/** The embedded store: the server's libsql database. Right for one instance; use Redis for more. */
export function createLibsqlStore(db: SqlDatabase, configuredSecret: string | null, now: () => number = Date.now): CaptchaStore {
  const insertChallenge = db.prepare('INSERT INTO captcha_challenges (id, gap_x, expires_at) VALUES (?, ?, ?)');
  // One statement: the row is gone for any other take the moment this one reads it.
  const deleteChallenge = db.prepare('DELETE FROM captcha_challenges WHERE id = ? RETURNING gap_x, expires_at');
  const insertSpent = db.prepare('INSERT INTO captcha_spent_tokens (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING');
  const selectLock = db.prepare('SELECT locked_until FROM captcha_failures WHERE address = ?');
  const upsertFailure = db.prepare(
    `INSERT INTO captcha_failures (address, count, locked_until, updated_at) VALUES (@address, 1, 0, @now)
     ON CONFLICT (address) DO UPDATE SET
       count = CASE WHEN count + 1 >= @limit THEN 0 ELSE count + 1 END,
       locked_until = CASE WHEN count + 1 >= @limit THEN @lockedUntil ELSE locked_until END,
       updated_at = @now`,
  );
  const deleteFailures = db.prepare('DELETE FROM captcha_failures WHERE address = ?');
  const sweeps = [
    db.prepare('DELETE FROM captcha_challenges WHERE expires_at < ?'),
    db.prepare('DELETE FROM captcha_spent_tokens WHERE expires_at < ?'),
  ];
  const sweepFailures = db.prepare('DELETE FROM captcha_failures WHERE updated_at < ? AND locked_until < ?');
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
    async lockedUntil(address) {
      const lockedUntil = (selectLock.get(address) as { locked_until: number } | undefined)?.locked_until ?? 0;
      return lockedUntil > now() ? lockedUntil : 0;
    },
    async recordFailure(address, lockMs) {
      const at = now();
      upsertFailure.run({ address, now: at, limit: FAILURES_BEFORE_LOCK, lockedUntil: at + lockMs });
    },
    async clearFailures(address) {
      deleteFailures.run(address);
    },
    async sweep() {
      const at = now();
      for (const statement of sweeps) statement.run(at);
      sweepFailures.run(at - FAILURE_RUN_TTL_MS, at);
    },
    async ping() {
      selectOne.get();
    },
  };
}
