import type { FastifyRequest, RawServerBase } from 'fastify';
import { readingOf } from '../api-reading/reading';
import { channelLabel } from './rules';
import type { ChannelSettings } from './settings';

/** Any Fastify request, the proxy's (typed for HTTP/2 as well) included. */
type AnyRequest = Pick<FastifyRequest<never, RawServerBase>, 'raw'>;

/** The header the app names its visit's channel in on every /api call (checks carry no `code`). */
export const CHANNEL_HEADER = 'x-channel';

/**
 * The funnel label of an /api request, from its reading: a reg with fields by the `code` it was sent with
 * (before it was made a listed one), anything else by the app's channel header.
 */
export function channelOfRequest(request: AnyRequest, settings: ChannelSettings): string {
  const reading = readingOf(request);
  if (reading === undefined) return settings.default;
  if (reading.call === 'reg' && Object.keys(reading.query).length > 0) return channelLabel(reading.sentCode, settings);
  return channelLabel(reading.channelHeader, settings);
}
