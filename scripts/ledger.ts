// `npm run ledger -- --since 24h --verdict suspect [--groups] [--network 203.0.113.0/24] [--format json|csv]`: the
// ledger of registrations (docs/ledger.md) from the store the server is configured with, in the same environment
// (DATABASE_PATH, or REDIS_URL / REDIS_SENTINELS and REDIS_PREFIX). Prints to stdout; a bad flag exits 2 with why.
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { loadConfig, usesRedis } from '../server/config/config';
import { openDatabase } from '../server/db/open-database';
import { connectRedis } from '../server/db/redis-connection';
import { groupsOf } from '../server/ledger/groups';
import { entriesCsv, groupsCsv } from '../server/ledger/ledger-format';
import { readLedgerAsk } from '../server/ledger/ledger-query';
import { libsqlLedger } from '../server/ledger/libsql-ledger';
import { redisLedger } from '../server/ledger/redis-ledger';

const USAGE =
  'usage: npm run ledger -- [--since 24h|<date>] [--until <span|date>] [--verdict clear|review|suspect] [--network <net>] [--limit n] [--groups] [--format json|csv]';

async function main(): Promise<number> {
  let flags;
  try {
    flags = parseArgs({
      options: {
        since: { type: 'string' },
        until: { type: 'string' },
        verdict: { type: 'string' },
        network: { type: 'string' },
        limit: { type: 'string' },
        format: { type: 'string' },
        groups: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { groups, ...fields } = flags;
  const ask = readLedgerAsk({ ...fields, view: groups ? 'groups' : 'entries' }, Date.now());
  if ('problems' in ask) {
    process.stderr.write(`${ask.problems.join('\n')}\n${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const retentionMs = config.ledger.retentionDays * 86_400_000;
  const redis = usesRedis(config.redis) ? await connectRedis(config.redis, Fastify({ logger: false }).log) : null;
  const db = redis === null ? openDatabase(config.databasePath) : null;
  try {
    const store = redis !== null ? redisLedger(redis, config.redis.prefix, retentionMs) : libsqlLedger(db!);
    const entries = await store.list(ask.query);
    if (ask.view === 'groups') {
      const list = groupsOf(entries);
      process.stdout.write(ask.format === 'csv' ? groupsCsv(list) : `${JSON.stringify({ groups: list }, null, 2)}\n`);
    } else {
      process.stdout.write(ask.format === 'csv' ? entriesCsv(entries) : `${JSON.stringify({ entries }, null, 2)}\n`);
    }
    return 0;
  } finally {
    redis?.disconnect();
    db?.close();
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`the ledger could not be read: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
