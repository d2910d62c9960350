import type { SqlDatabase } from './open-database';

export interface NewAccount {
  name: string;
  mobile: string;
  passwordHash: string;
  channelCode: string;
  wash: string;
  washType: string;
  qq: string;
}

export type CreateResult = 'created' | 'name-taken' | 'mobile-taken';

export interface AccountStore {
  isNameTaken(name: string): boolean;
  isMobileTaken(mobile: string): boolean;
  /** Inserts the account; the UNIQUE constraints decide between two racing registrations. */
  create(account: NewAccount): CreateResult;
}

export function createAccountStore(db: SqlDatabase): AccountStore {
  const nameExists = db.prepare('SELECT 1 AS found FROM accounts WHERE name = ?');
  const mobileExists = db.prepare('SELECT 1 AS found FROM accounts WHERE mobile = ?');
  const insert = db.prepare(
    `INSERT INTO accounts (name, mobile, password_hash, channel_code, wash, wash_type, qq)
     VALUES (@name, @mobile, @passwordHash, @channelCode, @wash, @washType, @qq)`,
  );
  return {
    isNameTaken: (name) => nameExists.get(name) !== undefined,
    isMobileTaken: (mobile) => mobileExists.get(mobile) !== undefined,
    create(account) {
      try {
        insert.run(account);
        return 'created';
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        if (code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
        return message?.includes('accounts.mobile') ? 'mobile-taken' : 'name-taken';
      }
    },
  };
}
