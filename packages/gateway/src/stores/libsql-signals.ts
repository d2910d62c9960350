import type { SqlDatabase } from './libsql-schema';
import { parseBaseline } from './redis-signals';
import {
  COUNTED,
  countsForCarriers,
  countsForSite,
  NO_READING,
  SITE_MINUTE_MS,
  TOP_NETWORKS,
  bucketOf,
  bucketsOfCounts,
  bucketTtlMs,
  countsOf,
  parseState,
  SHARE_STEPS,
  sharesCapped,
  subjectsOf,
  type SignalEntity,
} from '../core/rules/signals';
import type { SignalStore } from '../core/ports';

/** The signals in the embedded database: one row per counter and window (captcha_signals), one per state (captcha_levels). */
export function createLibsqlSignals(db: SqlDatabase, now: () => number): SignalStore & { sweep(at: number): void } {
  const increment = db.prepare(
    `INSERT INTO captcha_signals (key, count, expires_at) VALUES (?, 1, ?)
     ON CONFLICT (key) DO UPDATE SET count = count + 1`,
  );
  const selectCount = db.prepare('SELECT count FROM captcha_signals WHERE key = ? AND expires_at > ?');
  // A minute's networks are the keys `site:networks:<minute>:<network>`; ';' is the character after ':'.
  const selectBusiest = db.prepare('SELECT count FROM captcha_signals WHERE key >= ? AND key < ? ORDER BY count DESC LIMIT ?');
  const selectAtLeast = db.prepare('SELECT count(*) AS n FROM captcha_signals WHERE key >= ? AND key < ? AND count >= ?');
  const selectState = db.prepare('SELECT state FROM captcha_levels WHERE key = ? AND expires_at > ?');
  const upsertState = db.prepare(
    'INSERT INTO captcha_levels (key, state, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET state = ' +
      'excluded.state, expires_at = excluded.expires_at',
  );
  const deleteState = db.prepare('DELETE FROM captcha_levels WHERE key = ?');
  const sweeps = [
    db.prepare('DELETE FROM captcha_signals WHERE expires_at <= ?'),
    db.prepare('DELETE FROM captcha_levels WHERE expires_at <= ?'),
  ];

  const counterKey = (entity: SignalEntity, subject: string, counter: string, bucket: number) =>
    `sig:${entity}:${subject}:${counter}:${bucket}`;
  const stateKey = (entity: SignalEntity, subject: string) => `level:${entity}:${subject}`;
  const count = (name: string, at: number) => (selectCount.get(name, at) as { count: number } | undefined)?.count ?? 0;
  const stateText = (name: string, at: number) => (selectState.get(name, at) as { state: string } | undefined)?.state;
  const state = (name: string, at: number) => parseState(stateText(name, at));
  const saveState = (name: string, value: unknown, ttlMs: number) => {
    if (value === null) deleteState.run(name);
    else upsertState.run(name, JSON.stringify(value), now() + ttlMs);
  };

  const record: SignalStore['record'] = async (event, address, network, at, forSite = true) =>
    db.transaction(() => {
      for (const [entity, subject] of subjectsOf(address, network)) {
        for (const counter of COUNTED[event][entity])
          increment.run(counterKey(entity, subject, counter, bucketOf(counter, at)), at + bucketTtlMs(counter));
      }
      if (countsForCarriers(event) && network !== null && !forSite)
        increment.run(`site:carrier-passes:${Math.floor(at / SITE_MINUTE_MS)}`, at + 3 * SITE_MINUTE_MS);
      if (countsForSite(event) && network !== null && forSite) {
        const minute = Math.floor(at / SITE_MINUTE_MS);
        increment.run(`site:networks:${minute}:${network}`, at + 3 * SITE_MINUTE_MS);
      }
      const reading = (entity: SignalEntity, subject: string) => ({
        counts: countsOf(
          bucketsOfCounts(at).map(({ counter, bucket }) => count(counterKey(entity, subject, counter, bucket), at)),
          at,
        ),
        state: state(stateKey(entity, subject), at),
      });
      return { address: reading('address', address), network: network === null ? NO_READING : reading('network', network) };
    })();

  return {
    record,
    async saveState(entity, subject, value, ttlMs) {
      saveState(stateKey(entity, subject), value, ttlMs);
    },
    async site(at) {
      const minute = Math.floor(at / SITE_MINUTE_MS) - 1;
      const [from, to] = [`site:networks:${minute}:`, `site:networks:${minute};`];
      const busiest = (selectBusiest.all(from, to, TOP_NETWORKS) as { count: number }[]).map((row) => row.count);
      const atLeast = SHARE_STEPS.map((step) => (selectAtLeast.get(from, to, step) as { n: number }).n);
      const baseline = parseBaseline(stateText('site:baseline', at));
      return { minute, ...sharesCapped(atLeast, busiest), baseline, state: state('site:level', at) };
    },
    async carriers(at) {
      const minute = Math.floor(at / SITE_MINUTE_MS) - 1;
      return {
        minute,
        passes: count(`site:carrier-passes:${minute}`, at),
        baseline: parseBaseline(stateText('site:carriers:baseline', at)),
        state: state('site:carriers:level', at),
      };
    },
    async saveCarriers(value, baseline, ttlMs) {
      db.transaction(() => {
        saveState('site:carriers:level', value, ttlMs);
        if (baseline !== null) saveState('site:carriers:baseline', baseline, ttlMs);
      })();
    },
    async saveSite(value, baseline, ttlMs) {
      db.transaction(() => {
        saveState('site:level', value, ttlMs);
        if (baseline !== null) saveState('site:baseline', baseline, ttlMs);
      })();
    },
    sweep(at) {
      for (const statement of sweeps) statement.run(at);
    },
  };
}
