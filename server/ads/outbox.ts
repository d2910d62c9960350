import type { AdPlatform } from '@game-register/site-settings/ad-clicks';
import type { ConversionEvent } from './event';

/** An event taken for sending, with what is known of its earlier sends. */
export interface OutboxEntry {
  event: ConversionEvent;
  createdAt: number;
  /** Times it was taken for sending, this one included (a send cut short by a crash counts). */
  sends: number;
  /** Sends that got an answer, or certainly never left (connection refused). */
  answers: number;
}

export interface PendingGroup {
  platform: AdPlatform;
  channel: string;
  pending: number;
  oldestCreatedAt: number;
}

export interface DeadLetter {
  id: string;
  platform: AdPlatform;
  channel: string;
  reason: string;
  event: ConversionEvent;
}

/** How long an id is remembered after its event was added, so a duplicate is not reported again. */
export const REMEMBER_IDS_MS = 30 * 24 * 3_600_000;

/**
 * The durable outbox (libsql-outbox.ts for one instance, redis-outbox.ts for many): an event written before
 * the visitor's answer stays until the platform took it or it was given up, whatever process dies when.
 */
export interface Outbox {
  /** False when an event with its id was added before (within REMEMBER_IDS_MS): reported once. */
  add(event: ConversionEvent, now: number): Promise<boolean>;
  /** Up to `limit` due events, each leased until now + leaseMs (no other instance takes it meanwhile). */
  claim(now: number, limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  done(id: string): Promise<void>;
  /** Again at nextAt; `answered`: the send got an answer or certainly never left. */
  retry(id: string, nextAt: number, answered: boolean, reason: string): Promise<void>;
  /** Kept aside with its reason (dead letters), no longer sent. */
  giveUp(id: string, reason: string, now: number): Promise<void>;
  /** At start: this instance's leases from before a crash end now, so their events go at once. */
  releaseOwnLeases(now: number): Promise<void>;
  pending(): Promise<PendingGroup[]>;
  deadLetters(limit: number): Promise<DeadLetter[]>;
  close?(): Promise<void>;
}

/** An outbox opened at its first event: until then it holds nothing, so the rest finds nothing and does nothing. */
export function openedOnFirstEvent(open: () => Outbox): Outbox {
  let outbox: Outbox | null = null;
  return {
    add: (event, now) => (outbox ??= open()).add(event, now),
    claim: async (now, limit, leaseMs) => (outbox ? outbox.claim(now, limit, leaseMs) : []),
    done: async (id) => outbox?.done(id),
    retry: async (id, nextAt, answered, reason) => outbox?.retry(id, nextAt, answered, reason),
    giveUp: async (id, reason, now) => outbox?.giveUp(id, reason, now),
    releaseOwnLeases: async (now) => outbox?.releaseOwnLeases(now),
    pending: async () => (outbox ? outbox.pending() : []),
    deadLetters: async (limit) => (outbox ? outbox.deadLetters(limit) : []),
    close: async () => outbox?.close?.(),
  };
}
