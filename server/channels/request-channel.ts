import type { FastifyRequest, RawServerBase } from 'fastify';
import { channelLabel } from './rules';
import type { ChannelSettings } from './settings';

/** Any Fastify request, the proxy's (typed for HTTP/2 as well) included. */
type AnyRequest = Pick<FastifyRequest<never, RawServerBase>, 'raw' | 'headers'>;

/** The header the app names its visit's channel in on every /api call (checks carry no `code`). */
export const CHANNEL_HEADER = 'x-channel';

const remembered = new WeakMap<object, string>();

/** Keeps a request's label as it arrived, before its `code` is rewritten (reg). */
export function rememberChannel(request: AnyRequest, label: string): void {
  remembered.set(request.raw, label);
}

/** The funnel label of an /api request: remembered for reg, else from the app's channel header. */
export function channelOfRequest(request: AnyRequest, settings: ChannelSettings): string {
  const header = request.headers[CHANNEL_HEADER];
  return remembered.get(request.raw) ?? channelLabel(typeof header === 'string' ? header : header?.join(','), settings);
}
