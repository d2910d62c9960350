import { randomBytes } from 'node:crypto';
import type { SqlDatabase } from '../db/database';

export const FAILURES_BEFORE_LOCK = 5;

export interface CaptchaStore {
  /** The HMAC key of the pass tokens: CAPTCHA_SECRET, else one generated on first start and kept here. */
  secret(): string;
  saveChallenge(id: string, gapX: number, expiresAt: number): void;
  /** Removes the challenge and returns its gap: a challenge answers one verify only. */
  takeChallenge(id: string): { gapX: number; expiresAt: number } | null;
  /** Records a spent token; false when it was spent before. */
  spendToken(id: string, expiresAt: number): boolean;
  /** Until when the address must wait before its next challenge (0: it need not). */
  lockedUntil(address: string): number;
  /** Counts one more failure in a row; the fifth locks the address until `now + lockMs`. */
  recordFailure(address: string, now: number, lockMs: number): void;
  clearFailures(address: string): void;
  /** Drops expired challenges, spent tokens past their expiry, and stale failure runs. */
  sweep(now: number, failureTtlMs: number): void;
}

export function createCaptchaStore(db: SqlDatabase, configuredSecret: string | null): CaptchaStore {
  const insertChallenge = db.prepare('INSERT INTO captcha_challenges (id, gap_x, expires_at) VALUES (?, ?, ?)');
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

  let secret = configuredSecret;
  return {
    secret() {
      if (secret === null) {
        db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run('captcha_secret', randomBytes(32).toString('hex'));
        secret = (db.prepare('SELECT value FROM settings WHERE key = ?').get('captcha_secret') as { value: string }).value;
      }
      return secret;
    },
    saveChallenge: (id, gapX, expiresAt) => void insertChallenge.run(id, gapX, expiresAt),
    takeChallenge(id) {
      const row = deleteChallenge.get(id) as { gap_x: number; expires_at: number } | undefined;
      return row ? { gapX: row.gap_x, expiresAt: row.expires_at } : null;
    },
    spendToken: (id, expiresAt) => insertSpent.run(id, expiresAt).changes === 1,
    lockedUntil: (address) => (selectLock.get(address) as { locked_until: number } | undefined)?.locked_until ?? 0,
    recordFailure(address, now, lockMs) {
      upsertFailure.run({ address, now, limit: FAILURES_BEFORE_LOCK, lockedUntil: now + lockMs });
    },
    clearFailures: (address) => void deleteFailures.run(address),
    sweep(now, failureTtlMs) {
      for (const statement of sweeps) statement.run(now);
      sweepFailures.run(now - failureTtlMs, now);
    },
  };
}
