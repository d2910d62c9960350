import { withQueryField, type ApiReading } from '../reading/reading';
import { isListedChannel } from '../../channels/rules';
import type { ChannelSettings } from '../../channels/site-channels';

/**
 * Pure, a step of the /api pipeline: reg's `code`, as read, made a listed one in every mode (reference API,
 * proxy, strict gate): a listed code stays, any other or none becomes the default, never refused
 * (docs/decisions/unlisted-channel-rewritten-to-default.md). A reg with no fields at all (the download screen's ping) and every other call
 * are left alone: the same reading comes back, so the pipeline can tell a rewrite (and log it). The funnel's label
 * comes from the code as sent (`sentCode`), which this leaves as it was.
 */
export function withListedCode(reading: ApiReading, settings: ChannelSettings): ApiReading {
  if (reading.call !== 'reg' || Object.keys(reading.query).length === 0) return reading;
  const sent = reading.sentCode;
  const code = sent !== null && isListedChannel(sent, settings) ? sent : settings.default;
  return code === sent ? reading : withQueryField(reading, 'code', code);
}
