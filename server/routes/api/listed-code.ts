import type { FastifyRequest } from 'fastify';
import type { ApiReading } from '../../api-reading/reading';
import { channelLabel, isListedChannel } from '../../channels/rules';
import type { ChannelSettings } from '../../channels/settings';

/**
 * reg's `code`, as read, becomes a listed one in every mode (reference API, proxy, strict gate): a listed
 * code stays, any other or none becomes the default, never refused (docs/decisions.md). A reg with no
 * fields at all (the download screen's ping) is left alone. The funnel's label comes from the code as sent.
 */
export function makeCodeListed(request: FastifyRequest, reading: ApiReading, settings: ChannelSettings): void {
  if (Object.keys(reading.query).length === 0) return;
  const sent = reading.sentCode;
  const code = sent !== null && isListedChannel(sent, settings) ? sent : settings.default;
  if (code === sent) return;
  reading.query.code = code;
  request.log.info({ channel: channelLabel(sent, settings) }, 'reg code rewritten to a listed one');
}
