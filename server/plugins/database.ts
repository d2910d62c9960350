import fp from 'fastify-plugin';
import { createAccountStore, type AccountStore } from '../db/accounts';
import { openDatabase, type SqlDatabase } from '../db/open-database';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountStore;
    sql: SqlDatabase;
  }
}

/** The server's libsql database (accounts, strict-mode captcha): opened and migrated at start, closed after the last request. */
export default fp<{ path: string }>(
  async function database(fastify, { path }) {
    const db = openDatabase(path);
    fastify.decorate('sql', db);
    fastify.decorate('accounts', createAccountStore(db));
    if (fastify.hasDecorator('readiness')) fastify.readiness.add('database', () => db.prepare('SELECT 1').get());
    fastify.addHook('onClose', async () => db.close());
  },
  { name: 'database' },
);
