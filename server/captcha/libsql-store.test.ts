import { openDatabase } from '../db/database';
import { createLibsqlStore } from './libsql-store';
import { describeStoreContract } from './store-contract';

describeStoreContract('libsql', async () => {
  const db = openDatabase(':memory:');
  const clock = { at: Date.now() };
  const now = () => clock.at;
  return {
    open: async (secret) => createLibsqlStore(db, secret, now),
    now: () => clock.at,
    advance: (ms) => void (clock.at += ms),
    close: async () => void db.close(),
  };
});
