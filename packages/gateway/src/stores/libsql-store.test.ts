import Database from 'libsql';
import { ensureCaptchaTables } from './libsql-schema';
import { createLibsqlStore } from './libsql-store';
import { describeStoreContract } from '../testing/store-contract';

describeStoreContract('libsql', async () => {
  const db = new Database(':memory:');
  ensureCaptchaTables(db);
  const clock = { at: Date.now() };
  const now = () => clock.at;
  return {
    open: async (secret) => createLibsqlStore(db, secret, now),
    now: () => clock.at,
    advance: (ms) => void (clock.at += ms),
    close: async () => void db.close(),
  };
});
