import Database from 'libsql';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError } from '../config/config-error';
import { MIGRATIONS } from './migrations';

export type SqlDatabase = Database.Database;

/**
 * Opens (creating if needed) the database file and brings its schema up to date. A file that cannot be
 * created or written is a wrong DATABASE_PATH: a ConfigError naming it, which the start prints and exits on.
 */
export function openDatabase(path: string): SqlDatabase {
  let db: SqlDatabase;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
    db.pragma('journal_mode = WAL'); // the first write: an unwritable file or folder fails here
  } catch (error) {
    throw new ConfigError([
      `DATABASE_PATH: cannot open ${path} for writing (${(error as Error).message}); it must be a file in a folder this ` +
        `process may write, or :memory:`,
    ]);
  }
  // FULL: a registration answered `y` is on disk before the answer leaves, even across a power cut.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: SqlDatabase): void {
  const { user_version: applied } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  MIGRATIONS.slice(applied).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${applied + index + 1}`);
    })();
  });
}
