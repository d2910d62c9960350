import { isListedChannel } from '@game-register/site-settings';
import { OTHER_CHANNEL_LABEL, type ChannelSettings } from './site-channels';

export { isListedChannel };

/** Every listed channel, the default first. */
export function listedChannels(settings: ChannelSettings): string[] {
  return [...new Set([settings.default, ...settings.allowed])];
}

/**
 * The funnel's label for the channel a request names: none, the default (it registers there); a listed one,
 * itself; anything else, `other`. A label never carries a value a client made up: the series stay bounded.
 */
export function channelLabel(named: string | null | undefined, settings: ChannelSettings): string {
  if (named === null || named === undefined || named === '') return settings.default;
  return isListedChannel(named, settings) ? named : OTHER_CHANNEL_LABEL;
}

/** The value of `param` in a URL's query as the browser's URLSearchParams reads it (the first one), or null. */
export function queryValue(url: string, param: string): string | null {
  const at = url.indexOf('?');
  return at < 0 ? null : new URLSearchParams(url.slice(at + 1)).get(param);
}
