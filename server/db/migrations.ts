/** Schema changes in order; the database's user_version counts how many have been applied. Append only. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
    mobile        TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    channel_code  TEXT NOT NULL DEFAULT '',
    wash          TEXT NOT NULL DEFAULT '',
    wash_type     TEXT NOT NULL DEFAULT '',
    qq            TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`,
  // Strict mode (CAPTCHA_MODE=strict): open challenges, spent pass tokens, failure runs, the token key.
  `CREATE TABLE captcha_challenges (
    id         TEXT PRIMARY KEY,
    gap_x      INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX captcha_challenges_expiry ON captcha_challenges (expires_at);
  CREATE TABLE captcha_spent_tokens (
    id         TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX captcha_spent_tokens_expiry ON captcha_spent_tokens (expires_at);
  CREATE TABLE captcha_failures (
    address      TEXT PRIMARY KEY,
    count        INTEGER NOT NULL,
    locked_until INTEGER NOT NULL DEFAULT 0,
    updated_at   INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT`,
  // Strict mode's fixed-window counters (calls per network); captcha_failures rows are now keyed by
  // subject: an address, or `net:` and its /24 or /48.
  `CREATE TABLE captcha_hits (
    name        TEXT PRIMARY KEY,
    count       INTEGER NOT NULL,
    window_ends INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX captcha_hits_window ON captcha_hits (window_ends)`,
  // Ad conversions (server/ads/): the outbox of reports to the platforms; done rows keep only their id
  // (a duplicate is refused for 30 days), given-up rows keep their event and reason.
  `CREATE TABLE ads_outbox (
    id         TEXT PRIMARY KEY,
    platform   TEXT NOT NULL,
    channel    TEXT NOT NULL,
    event      TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    next_at    INTEGER NOT NULL,
    leased     INTEGER NOT NULL DEFAULT 0,
    sends      INTEGER NOT NULL DEFAULT 0,
    answers    INTEGER NOT NULL DEFAULT 0,
    state      TEXT NOT NULL DEFAULT 'pending',
    reason     TEXT NOT NULL DEFAULT ''
  ) STRICT;
  CREATE INDEX ads_outbox_due ON ads_outbox (state, next_at)`,
  // The ledger of registrations (server/ledger/): one row per reg the backend answered, kept LEDGER_RETENTION_DAYS;
  // strict mode's pass facts, kept under a pass token's id until the token is spent or expires.
  `CREATE TABLE ledger (
    id      TEXT PRIMARY KEY,
    at      INTEGER NOT NULL,
    network TEXT NOT NULL,
    kind    TEXT NOT NULL,
    verdict TEXT NOT NULL,
    entry   TEXT NOT NULL
  ) STRICT;
  CREATE INDEX ledger_at ON ledger (at);
  CREATE INDEX ledger_network ON ledger (network, at);
  CREATE TABLE captcha_pass_facts (
    id         TEXT PRIMARY KEY,
    facts      TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX captcha_pass_facts_expiry ON captcha_pass_facts (expires_at)`,
];
