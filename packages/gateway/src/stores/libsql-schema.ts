import type Database from 'libsql';

export type SqlDatabase = Database.Database;

/**
 * The tables the libsql store keeps its state in, created when missing: a host that migrates its own
 * database (this repository's server does) has them already, a new one gets them on register.
 */
const TABLES = `
  CREATE TABLE IF NOT EXISTS captcha_challenges (
    id TEXT PRIMARY KEY, gap_x INTEGER NOT NULL, expires_at INTEGER NOT NULL,
    level INTEGER NOT NULL DEFAULT 0, picture TEXT NOT NULL DEFAULT 'guarded') STRICT;
  CREATE INDEX IF NOT EXISTS captcha_challenges_expiry ON captcha_challenges (expires_at);
  CREATE TABLE IF NOT EXISTS captcha_spent_tokens (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) STRICT;
  CREATE INDEX IF NOT EXISTS captcha_spent_tokens_expiry ON captcha_spent_tokens (expires_at);
  CREATE TABLE IF NOT EXISTS captcha_pass_facts (id TEXT PRIMARY KEY, facts TEXT NOT NULL, expires_at INTEGER NOT NULL) STRICT;
  CREATE INDEX IF NOT EXISTS captcha_pass_facts_expiry ON captcha_pass_facts (expires_at);
  CREATE TABLE IF NOT EXISTS captcha_failures (
    address TEXT PRIMARY KEY, count INTEGER NOT NULL, locked_until INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL) STRICT;
  CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
  CREATE TABLE IF NOT EXISTS captcha_hits (name TEXT PRIMARY KEY, count INTEGER NOT NULL, window_ends INTEGER NOT NULL) STRICT;
  CREATE INDEX IF NOT EXISTS captcha_hits_window ON captcha_hits (window_ends);
  CREATE TABLE IF NOT EXISTS captcha_signals (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires_at INTEGER NOT NULL) STRICT;
  CREATE INDEX IF NOT EXISTS captcha_signals_expiry ON captcha_signals (expires_at);
  CREATE TABLE IF NOT EXISTS captcha_levels (key TEXT PRIMARY KEY, state TEXT NOT NULL, expires_at INTEGER NOT NULL) STRICT;
  CREATE INDEX IF NOT EXISTS captcha_levels_expiry ON captcha_levels (expires_at);
  CREATE TABLE IF NOT EXISTS captcha_allowances (
    key TEXT PRIMARY KEY, tokens REAL NOT NULL, at INTEGER NOT NULL, expires_at INTEGER NOT NULL) STRICT;
  CREATE INDEX IF NOT EXISTS captcha_allowances_expiry ON captcha_allowances (expires_at);`;

/** Columns added to a table after its first release: added where a database made before lacks them. */
const ADDED_COLUMNS = [
  // The level a challenge was issued at and its picture (earlier challenges were all drawn guarded).
  { table: 'captcha_challenges', column: 'level', definition: 'INTEGER NOT NULL DEFAULT 0' },
  { table: 'captcha_challenges', column: 'picture', definition: "TEXT NOT NULL DEFAULT 'guarded'" },
  // Who fetched it: its address (as levels key it), network and the network's kind.
  { table: 'captcha_challenges', column: 'fetched_by', definition: "TEXT NOT NULL DEFAULT ''" },
  { table: 'captcha_challenges', column: 'network', definition: "TEXT NOT NULL DEFAULT ''" },
  { table: 'captcha_challenges', column: 'kind', definition: "TEXT NOT NULL DEFAULT 'unknown'" },
] as const;

export function ensureCaptchaTables(db: SqlDatabase): void {
  db.exec(TABLES);
  for (const { table, column, definition } of ADDED_COLUMNS) {
    const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map(({ name }) => name);
    if (!columns.includes(column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }
}
