import { randomBytes } from 'node:crypto';
import type { SqlDatabase } from './libsql-schema';
import { FAILURE_WINDOW_MS, FAILURES_BEFORE_LOCK } from '../core/rules/policy';
import { createLibsqlSignals } from './libsql-signals';
import type { Level } from '../core/rules/policy';
import { kindOf } from '../core/rules/networks/network-kind';
import type { CaptchaStore } from '../core/ports';
import { allowanceTtlMs } from './allowance-ttl';

/** The embedded store: the server's libsql database. Right for one instance; use Redis for more. */
const networkKey = (network: string) => `failures:net:${network}`;

export function createLibsqlStore(db: SqlDatabase, configuredSecret: string | null, now: () => number = Date.now): CaptchaStore {
  const insertChallenge = db.prepare(
    'INSERT INTO captcha_challenges (id, gap_x, expires_at, level, picture, fetched_by, network, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // One statement: the row is gone for any other take the moment this one reads it.
  const deleteChallenge = db.prepare(
    'DELETE FROM captcha_challenges WHERE id = ? RETURNING gap_x, expires_at, level, picture, fetched_by, network, kind',
  );
  const insertSpent = db.prepare('INSERT INTO captcha_spent_tokens (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING');
  const insertFacts = db.prepare('INSERT INTO captcha_pass_facts (id, facts, expires_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING');
  const deleteFacts = db.prepare('DELETE FROM captcha_pass_facts WHERE id = ? RETURNING facts, expires_at');
  // An address's failures (its count starts again once its latest failure is older than the window) and
  // its lock; a network's failures are a fixed-window counter in captcha_hits, as `failures:net:<network>`.
  const selectFailures = db.prepare('SELECT count, locked_until, updated_at FROM captcha_failures WHERE address = ?');
  const selectHits = db.prepare('SELECT count, window_ends FROM captcha_hits WHERE name = ?');
  const countFailure = db.prepare(
    `INSERT INTO captcha_failures (address, count, locked_until, updated_at) VALUES (@address, 1, 0, @now)
     ON CONFLICT (address) DO UPDATE SET
       count = CASE WHEN updated_at <= @forgetBefore THEN 1 ELSE count + 1 END,
       updated_at = @now
     RETURNING count`,
  );
  const takeBackFailure = db.prepare('UPDATE captcha_failures SET count = count - 1 WHERE address = ? AND count > 0');
  const lockIfDue = db.prepare(
    'UPDATE captcha_failures SET locked_until = @lockedUntil WHERE address = @address AND count >= @limit AND updated_at > @forgetBefore',
  );
  const upsertHit = db.prepare(
    `INSERT INTO captcha_hits (name, count, window_ends) VALUES (@name, 1, @windowEnds)
     ON CONFLICT (name) DO UPDATE SET
       count = CASE WHEN window_ends <= @now THEN 1 ELSE count + 1 END,
       window_ends = CASE WHEN window_ends <= @now THEN @windowEnds ELSE window_ends END
     RETURNING count, window_ends`,
  );
  const sweeps = [
    db.prepare('DELETE FROM captcha_challenges WHERE expires_at < ?'),
    db.prepare('DELETE FROM captcha_spent_tokens WHERE expires_at < ?'),
    db.prepare('DELETE FROM captcha_pass_facts WHERE expires_at < ?'),
  ];
  const sweepFailures = db.prepare('DELETE FROM captcha_failures WHERE updated_at < ? AND locked_until < ?');
  const sweepHits = db.prepare('DELETE FROM captcha_hits WHERE window_ends <= ?');
  const selectOne = db.prepare('SELECT 1');
  const selectAllowance = db.prepare('SELECT tokens, at FROM captcha_allowances WHERE key = ?');
  const upsertAllowance = db.prepare(
    'INSERT INTO captcha_allowances (key, tokens, at, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET tokens ' +
      '= excluded.tokens, at = excluded.at, expires_at = excluded.expires_at',
  );
  const sweepAllowances = db.prepare('DELETE FROM captcha_allowances WHERE expires_at <= ?');

  const signals = createLibsqlSignals(db, now);
  let secret = configuredSecret;
  return {
    kind: 'libsql',
    signals,
    async secret() {
      if (secret === null) {
        db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(
          'captcha_secret',
          randomBytes(32).toString('hex'),
        );
        secret = (db.prepare('SELECT value FROM settings WHERE key = ?').get('captcha_secret') as { value: string }).value;
      }
      return secret;
    },
    async putChallenge(id, { gapX, expiresAt, level, picture, address, network, kind }) {
      insertChallenge.run(id, gapX, expiresAt, level, picture, address, network, kind);
    },
    async takeChallenge(id) {
      const row = deleteChallenge.get(id) as
        | { gap_x: number; expires_at: number; level: number; picture: string; fetched_by: string; network: string; kind: string }
        | undefined;
      if (!row || row.expires_at <= now()) return null;
      return {
        gapX: row.gap_x,
        expiresAt: row.expires_at,
        level: row.level as Level,
        picture: row.picture === 'plain' ? 'plain' : 'guarded',
        address: row.fetched_by,
        network: row.network,
        kind: kindOf(row.kind),
      };
    },
    async spendToken(id, expiresAt) {
      return insertSpent.run(id, expiresAt).changes === 1;
    },
    async putPassFacts(tokenId, facts, expiresAt) {
      insertFacts.run(tokenId, facts, expiresAt);
    },
    async takePassFacts(tokenId) {
      const row = deleteFacts.get(tokenId) as { facts: string; expires_at: number } | undefined;
      return row && row.expires_at > now() ? row.facts : null;
    },
    async standing(address, network) {
      const at = now();
      const row = selectFailures.get(address) as { count: number; locked_until: number; updated_at: number } | undefined;
      const hits = selectHits.get(networkKey(network)) as { count: number; window_ends: number } | undefined;
      return {
        lockedUntil: row && row.locked_until > at ? row.locked_until : 0,
        failures: row && row.updated_at > at - FAILURE_WINDOW_MS ? row.count : 0,
        networkFailures: hits && hits.window_ends > at ? hits.count : 0,
      };
    },
    async countAttempt(address) {
      const at = now();
      return db.transaction(() => {
        const row = selectFailures.get(address) as { locked_until: number } | undefined;
        if (row && row.locked_until > at) return { failures: 0, lockedUntil: row.locked_until }; // not counted
        return {
          failures: (countFailure.get({ address, now: at, forgetBefore: at - FAILURE_WINDOW_MS }) as { count: number }).count,
          lockedUntil: 0,
        };
      })();
    },
    async settleAttempt(address, network, passed, lockMs) {
      const at = now();
      if (passed) {
        takeBackFailure.run(address);
        return;
      }
      db.transaction(() => {
        if (lockMs > 0)
          lockIfDue.run({ address, lockedUntil: at + lockMs, limit: FAILURES_BEFORE_LOCK, forgetBefore: at - FAILURE_WINDOW_MS });
        if (network !== null) upsertHit.get({ name: networkKey(network), now: at, windowEnds: at + FAILURE_WINDOW_MS });
      })();
    },
    async countHit(name, windowMs) {
      const at = now();
      const row = upsertHit.get({ name, now: at, windowEnds: at + windowMs }) as { count: number; window_ends: number };
      return { count: row.count, endsAt: row.window_ends };
    },
    async admitChallenge(address, network, hitKey, windowMs, max) {
      // One process and a synchronous database: the steps cannot interleave with another request's.
      const standing = await this.standing(address, network);
      if (standing.lockedUntil > 0) return { standing, hit: null };
      const at = now();
      const row = selectHits.get(hitKey) as { count: number; window_ends: number } | undefined;
      // Past its limit: refused, and nothing written (a flood of refusals costs the others nothing).
      if (row && row.window_ends > at && row.count >= max) return { standing, hit: { count: row.count + 1, endsAt: row.window_ends } };
      return { standing, hit: await this.countHit(hitKey, windowMs) };
    },
    async takeAllowance(key, { burst, perMinute }) {
      const at = now();
      const row = selectAllowance.get(key) as { tokens: number; at: number } | undefined;
      const tokens = Math.min(burst, row ? row.tokens + ((at - row.at) * perMinute) / 60_000 : burst);
      if (tokens < 1) return { granted: false, waitMs: perMinute > 0 ? Math.ceil(((1 - tokens) * 60_000) / perMinute) : Infinity };
      upsertAllowance.run(key, tokens - 1, at, at + allowanceTtlMs({ burst, perMinute }));
      return { granted: true, waitMs: 0 };
    },
    async sweep() {
      const at = now();
      for (const statement of sweeps) statement.run(at);
      sweepFailures.run(at - FAILURE_WINDOW_MS, at);
      sweepHits.run(at);
      sweepAllowances.run(at);
      signals.sweep(at);
    },
    async ping() {
      selectOne.get();
    },
  };
}
