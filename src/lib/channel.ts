/** The channel rules of a visit (pure): which channel code a registration is sent under. */
import { isListedChannel, type ChannelSettings } from '@game-register/site-settings';

export { isListedChannel, type ChannelSettings };

/**
 * The channel of a page load. A link naming the channel parameter starts a visit: under that channel when it
 * is listed, under the default for any other value. Without it the visit keeps the channel it has, as long
 * as it is still listed; a visit with none has the default.
 */
export function channelOfPageLoad(search: string, visitChannel: string | null, settings: ChannelSettings): string {
  const named = new URLSearchParams(search).get(settings.param);
  const channel = named ?? visitChannel;
  return channel !== null && isListedChannel(channel, settings) ? channel : settings.default;
}
