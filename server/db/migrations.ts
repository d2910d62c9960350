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
];
