// The ledger of registrations (docs/ledger.md): every reg the backend answered, with what strict mode knew of its
// pass and a verdict, written as the answer leaves (one of the /api pipeline's records, beside the ad outbox) and
// judged again afterwards, off the request's path, when its network rises, its cluster grows or the carriers surge.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LevelEntity, PassFacts } from '@game-register/gateway';
import { usesRedis, type LedgerConfig, type RedisConfig } from '../config/config';
import { channelLabel } from '../channels/rules';
import type { ChannelSettingsGetter } from '../channels/site-channels';
import type { RegOutcome } from '../metrics/answers';
import type { PrometheusMetrics } from '../metrics/prometheus-metrics';
import database from '../plugins/database';
import { openDatabase, type SqlDatabase } from '../db/open-database';
import { BACKEND_OUTCOMES, clipped, maskMobile, networkOfAddress, type LedgerEntry } from './entry';
import { createLedgerMetrics, NO_LEDGER_METRICS } from './ledger-metrics';
import type { LedgerStore } from './ledger-store';
import { libsqlLedger } from './libsql-ledger';
import { redisLedger } from './redis-ledger';
import { LEDGER_PATH, ledgerView } from './ledger-view';
import { CLUSTER, clusterSize, concerns, judge, LATE_MS, rejudge, REJUDGE_WINDOW_MS, type Afterwards } from './verdict';

/** The registrations that make a cluster for this entry's network. */
const clusterOf = (entry: LedgerEntry) => clusterSize(entry.kind, entry.pass?.campaign != null);

export interface LedgerOptions {
  config: { databasePath: string; redis: RedisConfig; ledger: LedgerConfig };
  channels: ChannelSettingsGetter;
  /** Whether the operator's campaign switch is on now: a carriers' surge is then expected, and judges nobody. */
  campaignOn: () => boolean;
  now?: () => number;
}

/**
 * A reg answered, as the ledger reads it: handed by the /api wing, which reads the request and its answer
 * (api/records/registration-records.ts); the ledger knows nothing of requests.
 */
export interface AnsweredRegistration {
  /** What the answer was (metrics/answers.ts `regOutcome`), and for a refusal its reason. */
  outcome: RegOutcome;
  reason: string;
  /** The fields as the visitor sent them (clipped and masked here). */
  name: string | undefined;
  mobile: string | undefined;
  /** The channel code the visit sent, as sent. */
  channel: string | null;
  /** The client's address, as the server decided it on arrival. */
  address: string;
  /** The pass facts the gate gave back for it (strict mode), else null. */
  pass: PassFacts | null;
  /** Its ad click, or null. */
  click: { platform: string; clickId: string } | null;
}

export interface Ledger {
  store: LedgerStore;
  /** A reg answered: kept when the backend answered it, written before the answer leaves. */
  record(registration: AnsweredRegistration, log: FastifyBaseLogger): Promise<void>;
  /** The gateway's levelChanged event: a network's rise to the guarded picture, the carriers' floor's rise. */
  levelChanged(entity: LevelEntity, from: number, to: number, kind: string | null, subject?: string): void;
  /** Resolves when the revisions asked so far are written (tests, shutdown). */
  settled(): Promise<void>;
}

/**
 * The ledger's own connection to the server's file, with synchronous=NORMAL: in WAL mode a commit is in the
 * file's log once written, so a kill -9 of the process loses none, without a sync to disk per registration (what
 * an operating system's crash or a power cut may take back is the last moments' entries, never an account).
 * An in-memory database has one connection.
 */
function ledgerConnection(fastify: FastifyInstance, path: string): { db: SqlDatabase; close: () => void } {
  if (path === ':memory:') return { db: fastify.sql, close: () => {} };
  const db = openDatabase(path);
  db.pragma('synchronous = NORMAL');
  return { db, close: () => db.close() };
}

const DAY_MS = 86_400_000;
const FORGET_EVERY_MS = 3_600_000;
const RETRY_EVERY_MS = 1000;

export async function openLedger(
  fastify: FastifyInstance,
  { config, channels, campaignOn, now = Date.now }: LedgerOptions,
): Promise<Ledger> {
  const retentionMs = config.ledger.retentionDays * DAY_MS;
  let store: LedgerStore;
  let closeConnection = () => {};
  if (usesRedis(config.redis)) {
    store = redisLedger(fastify.redis, fastify.redisPrefix, retentionMs, fastify.redisReplicated);
  } else {
    if (!fastify.hasDecorator('sql')) await fastify.register(database, { path: config.databasePath });
    const connection = ledgerConnection(fastify, config.databasePath);
    closeConnection = connection.close;
    store = libsqlLedger(connection.db);
  }
  const registry = (fastify.metrics as Partial<PrometheusMetrics> | undefined)?.registry;
  const metrics = registry ? createLedgerMetrics(registry) : NO_LEDGER_METRICS;
  const log = fastify.log.child({ part: 'ledger' });
  if (config.ledger.token !== null && fastify.hasDecorator('metricsListenerRoutes')) {
    fastify.metricsListenerRoutes.set(
      LEDGER_PATH,
      ledgerView(store, config.ledger.token, now, (error) =>
        log.warn({ err: { message: (error as Error).message } }, 'the ledger could not be read'),
      ),
    );
  }

  /** The rises of the last REJUDGE_WINDOW_MS + LATE_MS: an entry written after one with a pass from before it is judged with it. */
  let rises: Afterwards[] = [];
  // Revisions run one after another, off the request's path.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue
      .then(work)
      .catch((error: unknown) => log.warn({ err: { message: (error as Error).message } }, 'ledger entries could not be judged again'));
  };
  /** Entries written again with their own judgement, those of one turn of the event loop in one write. */
  let rewrites: LedgerEntry[] = [];
  const reviseSoon = (entry: LedgerEntry) => {
    rewrites.push(entry);
    if (rewrites.length > 1) return;
    setImmediate(() => {
      const batch = rewrites;
      rewrites = [];
      enqueue(() => store.revise(batch));
    });
  };
  const revise = (afterwards: Afterwards) =>
    enqueue(async () => {
      const from = afterwards.at - (afterwards.event === 'cluster' ? CLUSTER.windowMs : REJUDGE_WINDOW_MS);
      const entries = await store.between(from, afterwards.at, afterwards.event === 'carriers_rose' ? undefined : afterwards.network);
      const revised: LedgerEntry[] = [];
      for (const entry of entries) {
        if (!concerns(afterwards, entry)) continue;
        const next = rejudge(entry, afterwards);
        if (next.verdict === entry.verdict && next.reasons.length === entry.reasons.length) continue;
        revised.push({ ...entry, ...next, revisedAt: afterwards.at });
        if (next.verdict !== entry.verdict && entry.outcome === 'registered') metrics.revised(next.verdict);
      }
      await store.revise(revised);
    });

  const forget = () =>
    store
      .forget(now() - retentionMs)
      .catch((error: unknown) => log.warn({ err: { message: (error as Error).message } }, 'old ledger entries could not be dropped'));
  let droppedSeen = 0;
  const retry = async () => {
    const left = await store.retryUnconfirmed?.(CLUSTER.windowMs).catch(() => 0);
    // Entries dropped past the most an instance keeps while no replica confirms (hours without one): lost, so counted.
    const dropped = store.droppedUnconfirmed?.() ?? 0;
    if (dropped > droppedSeen) {
      for (let i = droppedSeen; i < dropped; i += 1) metrics.writeFailed();
      log.error({ dropped: dropped - droppedSeen }, 'ledger entries no Redis replica confirmed were dropped: too many kept');
      droppedSeen = dropped;
    }
    return left;
  };
  const timers: NodeJS.Timeout[] = [];
  fastify.addHook('onReady', async () => {
    void forget();
    timers.push(setInterval(() => void forget(), FORGET_EVERY_MS));
    // Behind Sentinel: entries no replica confirmed are written again until one does, even with no new entry.
    if (store.retryUnconfirmed) timers.push(setInterval(() => void retry(), RETRY_EVERY_MS));
    timers.forEach((timer) => timer.unref());
  });
  fastify.addHook('onClose', async () => {
    timers.forEach((timer) => clearInterval(timer));
    await queue;
    await retry();
    closeConnection();
  });

  return {
    store,
    async record({ outcome, reason, name, mobile, channel, address, pass, click }, log) {
      if (!BACKEND_OUTCOMES.has(outcome)) return;
      const at = now();
      const entry: LedgerEntry = {
        id: randomBytes(12).toString('base64url'),
        at,
        outcome,
        reason,
        account: clipped(name),
        mobile: maskMobile(clipped(mobile)),
        channel: channelLabel(channel, channels()),
        address,
        network: pass?.network ?? networkOfAddress(address),
        kind: pass?.kind ?? null,
        asn: pass?.asn ?? null,
        pass,
        click,
        revisedAt: null,
        ...judge(pass, 1),
      };
      let clusterSize: number;
      try {
        clusterSize = await store.add(entry, CLUSTER.windowMs);
      } catch (error) {
        // The account exists whatever happens here: the visitor gets the answer, the loss is counted and logged.
        metrics.writeFailed();
        log.error({ err: { message: (error as Error).message }, entry: entry.id }, 'registration not written to the ledger');
        return;
      }
      let judged = judge(pass, clusterSize);
      for (const rise of rises) if (concerns(rise, entry)) judged = rejudge(judged, rise);
      if (outcome === 'registered') metrics.registered(judged.verdict);
      // The entry that makes the cluster judges its window's entries again (itself included); an entry judged
      // otherwise than as first written (a later one of the cluster, one after a rise) is written again with its
      // own judgement, off the request's path.
      const rejudged = judged.reasons.length !== entry.reasons.length;
      if (clusterSize === clusterOf(entry)) {
        // Its own judgement (a rise just before it) first, in the same queue, so the cluster's pass starts from it.
        if (rejudged) enqueue(() => store.revise([{ ...entry, ...judged }]));
        revise({ event: 'cluster', network: entry.network, at });
      } else if (rejudged) reviseSoon({ ...entry, ...judged });
    },
    levelChanged(entity, from, to, _kind, subject) {
      const at = now();
      const rise: Afterwards | null =
        entity === 'network' && subject !== undefined && to >= 2 && to > from && from < 3
          ? { event: 'network_rose', network: subject, level: to, at }
          : entity === 'carriers' && from === 0 && to >= 1 && !campaignOn()
            ? { event: 'carriers_rose', at }
            : null;
      if (rise === null) return;
      rises = [...rises.filter((kept) => at - kept.at <= REJUDGE_WINDOW_MS + LATE_MS), rise];
      revise(rise);
    },
    settled: () => queue,
  };
}
