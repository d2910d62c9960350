// The funnel's record of the backend's three calls, as their answers leave: one of the /api pipeline's records
// (api/pipeline.ts), read from the request's reading alone (the call, the channel it names, the gate's refusal).
import type { FastifyRequest, onSendHookHandler } from 'fastify';
import { isBackendCall } from '../reading/calls';
import { readingOf } from '../reading/reading';
import { channelLabel } from '../../channels/rules';
import type { ChannelSettingsGetter } from '../../channels/site-channels';
import type { Metrics } from '../../metrics/contract';

/** A request whose client left before its body was read whole (never forwarded). */
const leftBeforeReadWhole = (request: FastifyRequest) => !request.raw.complete && request.raw.destroyed;

/**
 * An onSend hook: each answer of checkuser, checktel and reg counted by its verdict or outcome, under the
 * label of the channel the request named (a listed one or `other`); a call whose client left before it was
 * read whole (never forwarded) as `client_left`. Every answer of the three calls is a string or bytes here,
 * the proxy's too (it reads the backend's whole). Synchronous: it runs on every answer of the three calls.
 */
export function funnelRecord(metrics: Metrics, channels: ChannelSettingsGetter): onSendHookHandler {
  return function recordFunnel(request, reply, payload, done) {
    const reading = readingOf(request);
    const call = reading?.call ?? null;
    if (reading !== undefined && isBackendCall(call)) {
      const channel = channelLabel(reading.channel, channels());
      const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
      if (leftBeforeReadWhole(request)) metrics.funnelClientLeft(call, channel);
      else metrics.funnelAnswer(call, reply.statusCode, body, channel, reading.gateRefusal);
    }
    done(null, payload);
  };
}
