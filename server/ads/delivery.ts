import type { FastifyBaseLogger } from 'fastify';
import type { AdsConfig } from '../config/ads-config';
import { ADAPTERS, type PlatformRequest, type Verdict } from './adapters/index';
import type { AdsMetrics } from './ads-metrics';
import { DEDUPES, logged } from './event';
import type { Outbox, OutboxEntry } from './outbox';

/** The longest wait between two tries of one event. */
const MAX_RETRY_DELAY_MS = 6 * 3_600_000;
/** A lease outlives the send it covers: the request's timeout and this much. */
const LEASE_MARGIN_MS = 10_000;
/** At most this much of an answer is read: the platforms answer a few hundred bytes. */
const MAX_ANSWER_BYTES = 16 * 1024;
/** These errors mean the request never reached the platform: safe to send again. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export interface DeliveryOptions {
  outbox: Outbox;
  config: AdsConfig;
  metrics: AdsMetrics;
  log: FastifyBaseLogger;
  now?: () => number;
  random?: () => number;
}

export interface Delivery {
  /** Something was added: look at the outbox now rather than at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

/** Exponential backoff with jitter: the n-th retry waits between half and all of base·2^(n-1), at most 6 h. */
export function retryDelay(sends: number, baseMs: number, random: () => number): number {
  const full = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(sends - 1, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

interface Sent {
  verdict: Verdict;
  /** The platform answered, or the request certainly never left. */
  answered: boolean;
}

async function send(
  request: PlatformRequest,
  timeoutMs: number,
): Promise<Omit<Sent, 'verdict'> & { verdict: Verdict | ((classify: (status: number, body: string) => Verdict) => Verdict) }> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      body: request.body,
      headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.text()).slice(0, MAX_ANSWER_BYTES);
    return { answered: true, verdict: (classify) => classify(response.status, body) };
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== undefined && NEVER_SENT.has(code)) return { answered: true, verdict: { kind: 'retry', reason: 'network' } };
    const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
    return { answered: false, verdict: { kind: 'retry', reason: timedOut ? 'timeout' : 'network' } };
  }
}

/**
 * The delivery loop: takes due events from the outbox, sends each with its platform's adapter, and settles
 * it: done, again later (backoff with jitter), or given up with its reason (refused, older than the maximum
 * age, or, for a platform without dedupe, a second send left unanswered). Starts with what is pending.
 */
export function startDelivery({ outbox, config, metrics, log, now = Date.now, random = Math.random }: DeliveryOptions): Delivery {
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  async function settle(entry: OutboxEntry, { verdict, answered }: Sent): Promise<void> {
    const { event } = entry;
    const labels = [event.platform, event.channel] as const;
    if (verdict.kind === 'done') {
      await outbox.done(event.id);
      metrics.reported(...labels, (now() - event.registeredAt) / 1000);
      log.info({ ...logged(event) }, 'ad conversion reported');
      return;
    }
    const unanswered = entry.sends - entry.answers; // this send included when it got no answer
    let giveUp = verdict.kind === 'give_up' ? { reason: verdict.reason as string, detail: verdict.detail } : null;
    if (verdict.kind === 'retry') {
      metrics.failed(...labels, verdict.reason);
      const nextAt = now() + retryDelay(entry.sends, config.retryBaseMs, random);
      if (!answered && !DEDUPES[event.platform] && unanswered >= 2) giveUp = { reason: 'unanswered_twice', detail: verdict.reason };
      else if (nextAt - entry.createdAt > config.maxAgeMs) giveUp = { reason: 'expired', detail: verdict.reason };
      else {
        await outbox.retry(event.id, nextAt, answered, verdict.reason);
        const line = { ...logged(event), reason: verdict.reason, detail: verdict.detail, inMs: nextAt - now() };
        // A token refused or expired stops every report of its platform until the operator renews it: said loudly.
        if (verdict.reason === 'auth' || verdict.reason === 'token_expired')
          log.error(
            line,
            `ad conversion not reported: the ${event.platform} token is ` +
              `${verdict.reason === 'auth' ? 'missing or refused' : 'expired'}; will retry`,
          );
        else log.warn(line, 'ad conversion not reported yet: will retry');
        return;
      }
    }
    await abandon(entry, giveUp!.reason, giveUp!.detail);
  }

  async function abandon({ event }: OutboxEntry, reason: string, detail: string): Promise<void> {
    await outbox.giveUp(event.id, `${reason}: ${detail}`, now());
    metrics.givenUp(event.platform, event.channel, reason);
    log.error({ ...logged(event), reason, detail }, 'ad conversion given up: kept aside with its reason');
  }

  async function deliver(entry: OutboxEntry): Promise<void> {
    const { event } = entry;
    const priorUnanswered = entry.sends - 1 - entry.answers; // a send cut short by a crash counts
    if (now() - entry.createdAt > config.maxAgeMs) return abandon(entry, 'expired', 'older than the maximum age');
    if (!DEDUPES[event.platform] && priorUnanswered >= 2) return abandon(entry, 'unanswered_twice', 'two sends cut short');
    const adapter = ADAPTERS[event.platform];
    const request = adapter.build(event, config, now());
    if ('kind' in request) return settle(entry, { answered: true, verdict: request });
    const started = performance.now();
    const sent = await send(request, config.timeoutMs);
    metrics.requestTime(event.platform, (performance.now() - started) / 1000);
    const verdict = typeof sent.verdict === 'function' ? sent.verdict(adapter.classify) : sent.verdict;
    return settle(entry, { answered: sent.answered, verdict });
  }

  async function round(): Promise<number> {
    const entries = await outbox.claim(now(), config.concurrency, config.timeoutMs + LEASE_MARGIN_MS);
    await Promise.all(
      entries.map((entry) =>
        deliver(entry).catch((error: unknown) =>
          log.error({ err: error, ...logged(entry.event) }, 'ad conversion not settled: its lease ends and it is sent again'),
        ),
      ),
    );
    return entries.length;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(done, ms);
      wakeUp = done;
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
    });

  const loop = (async () => {
    await outbox.releaseOwnLeases(now()).catch((error: unknown) => log.warn({ err: error }, 'ad outbox: leases not released'));
    while (!stopped) {
      woken = false;
      let taken = 0;
      try {
        taken = await round();
      } catch (error) {
        log.warn({ err: { message: (error as Error).message } }, 'ad outbox unreachable; trying again');
      }
      if (taken < config.concurrency) await pause(config.pollMs);
    }
  })();

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}
