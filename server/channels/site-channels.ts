import type { ChannelSettings } from '@game-register/site-settings';

/** The site's channels: the default code, the codes an ad link may name, and the link's parameter. */
export type { ChannelSettings };

/** Read on every use: the site's settings may be re-read while the server runs (SIGHUP). */
export type ChannelSettingsGetter = () => ChannelSettings;

/** The metrics' label for any channel that is not listed; a listed channel may not take the name. */
export const OTHER_CHANNEL_LABEL = 'other';

/** Settings that never change: for tests that name their own channels rather than a site's settings. */
export const fixedChannels =
  (settings: ChannelSettings): ChannelSettingsGetter =>
  () =>
    settings;
