import type { SqlDatabase } from '../db/open-database';
import type { ConversionEvent } from './event';
import { REMEMBER_IDS_MS, type DeadLetter, type Outbox, type OutboxEntry, type PendingGroup } from './outbox';

interface Row {
  id: string;
  platform: string;
  channel: string;
  event: string;
  created_at: number;
  sends: number;
  answers: number;
  reason: string;
}

/** The outbox in the server's libsql file (one instance): one row per event id, written with synchronous=FULL. */
export function libsqlOutbox(db: SqlDatabase): Outbox {
  const insert = db.prepare(
    `INSERT INTO ads_outbox (id, platform, channel, event, created_at, next_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
  );
  const forget = db.prepare(`DELETE FROM ads_outbox WHERE state != 'pending' AND created_at < ?`);
  const claim = db.prepare(`UPDATE ads_outbox SET next_at = @until, leased = 1, sends = sends + 1
    WHERE id IN (SELECT id FROM ads_outbox WHERE state = 'pending' AND next_at <= @now ORDER BY next_at LIMIT @limit)
    RETURNING id, event, created_at, sends, answers`);
  const done = db.prepare(`UPDATE ads_outbox SET state = 'done', event = '', leased = 0, answers = answers + 1 WHERE id = ?`);
  const retry = db.prepare(
    `UPDATE ads_outbox SET next_at = ?, leased = 0, answers = answers + ?, reason = ? WHERE id = ? AND state = 'pending'`,
  );
  const giveUp = db.prepare(`UPDATE ads_outbox SET state = 'dead', leased = 0, reason = ?, next_at = ? WHERE id = ? AND state = 'pending'`);
  const release = db.prepare(`UPDATE ads_outbox SET next_at = ?, leased = 0 WHERE state = 'pending' AND leased = 1`);
  const pending = db.prepare(
    `SELECT platform, channel, count(*) AS pending, min(created_at) AS oldest FROM ads_outbox WHERE state = 'pending' GROUP ` +
      `BY platform, channel`,
  );
  const dead = db.prepare(`SELECT id, platform, channel, event, reason FROM ads_outbox WHERE state = 'dead' ORDER BY next_at DESC LIMIT ?`);
  let lastForget = 0;

  return {
    async add(event: ConversionEvent, now: number) {
      if (now - lastForget > 3_600_000) {
        lastForget = now;
        forget.run(now - REMEMBER_IDS_MS);
      }
      return insert.run(event.id, event.platform, event.channel, JSON.stringify(event), now, now).changes === 1;
    },
    async claim(now, limit, leaseMs) {
      const rows = claim.all({ now, limit, until: now + leaseMs }) as Row[];
      return rows.map((row): OutboxEntry => ({
        event: JSON.parse(row.event) as ConversionEvent,
        createdAt: row.created_at,
        sends: row.sends,
        answers: row.answers,
      }));
    },
    async done(id) {
      done.run(id);
    },
    async retry(id, nextAt, answered, reason) {
      retry.run(nextAt, answered ? 1 : 0, reason, id);
    },
    async giveUp(id, reason, now) {
      giveUp.run(reason, now, id);
    },
    async releaseOwnLeases(now) {
      release.run(now); // one instance owns the file: every lease is its own
    },
    async pending() {
      return (pending.all() as { platform: PendingGroup['platform']; channel: string; pending: number; oldest: number }[]).map((row) => ({
        platform: row.platform,
        channel: row.channel,
        pending: row.pending,
        oldestCreatedAt: row.oldest,
      }));
    },
    async deadLetters(limit) {
      return (dead.all(limit) as Row[]).map((row): DeadLetter => ({
        id: row.id,
        platform: row.platform as DeadLetter['platform'],
        channel: row.channel,
        reason: row.reason,
        event: JSON.parse(row.event) as ConversionEvent,
      }));
    },
  };
}
