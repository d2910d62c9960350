// The records of a reg as its answer leaves, beside the funnel's (api/pipeline.ts): the wing reads the request
// (its reading, the gate's pass facts, its answer) and hands the ad outbox and the ledger plain values, side by
// side; they know nothing of requests.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PassFacts } from '@game-register/gateway';
import type { AdReports } from '../../ads/reports';
import type { Ledger } from '../../ledger/ledger';
import { regOutcome } from '../../metrics/answers';
import { readingOf } from '../reading/reading';

export interface RegistrationRecords {
  /** The pass facts the gate gave back for this request (pipeline step 4). */
  keepPass(request: FastifyRequest, pass: PassFacts | null): void;
  /** A reg's answer, before it leaves: a registration for the ad outbox, an answered one for the ledger. */
  record(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void>;
}

export function registrationRecords(ads: AdReports, ledger: Ledger): RegistrationRecords {
  const passes = new WeakMap<object, PassFacts | null>();
  return {
    keepPass: (request, pass) => void passes.set(request.raw, pass),
    async record(request, reply, payload) {
      const reading = readingOf(request);
      if (reading?.call !== 'reg' || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return;
      const { outcome, reason } = regOutcome(reply.statusCode, payload, reading.gateRefusal);
      const clicks = reading.adClicks;
      await Promise.all([
        outcome === 'registered' ? ads.registered({ channel: reading.channel, clicks, host: request.hostname }, request.log) : null,
        ledger.record(
          {
            outcome,
            reason,
            name: reading.query.name,
            mobile: reading.query.mobile,
            channel: reading.channel,
            address: reading.client ?? request.ip,
            pass: passes.get(request.raw) ?? null,
            click: clicks === null ? null : { platform: clicks.platform, clickId: clicks.clickId },
          },
          request.log,
        ),
      ]);
    },
  };
}
