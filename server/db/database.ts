import Database from 'libsql';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations';

export type SqlDatabase = Database.Database;

/** Opens (creating if needed) the database file and brings its schema up to date. */
export function openDatabase(path: string): SqlDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
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
