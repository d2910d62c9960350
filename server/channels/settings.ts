/** The site's channels: the default code, the codes an ad link may name, and the link's parameter. */
export interface ChannelSettings {
  default: string;
  allowed: readonly string[];
  param: string;
}

/** Read on every use: the site's settings may be re-read while the server runs (SIGHUP). */
export type ChannelSettingsGetter = () => ChannelSettings;

/** The seed's fixed code (VITE_CHANNEL_CODE's default), so a server with no channel settings behaves as before. */
export const SEED_CHANNEL = 'H5REG';

/** The metrics' label for any channel that is not listed; a listed channel may not take the name. */
export const OTHER_CHANNEL_LABEL = 'other';

/** A channel code or the link's parameter: plain in a URL, a label and a log line. */
const NAME = /^[A-Za-z0-9_-]{1,32}$/;

type Env = Record<string, string | undefined>;

export class ChannelSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid channel settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ChannelSettingsError';
  }
}

/**
 * Stand-in for the site settings loader (issue 23 part A), the one place the server's channels come from on
 * this branch: SITE_CHANNEL_DEFAULT (else VITE_CHANNEL_CODE, else H5REG), SITE_CHANNEL_ALLOWED (a comma list;
 * the default is always listed), SITE_CHANNEL_PARAM (else `c`). Throws one error naming every bad value.
 */
export function channelSettingsFromEnv(env: Env = process.env): ChannelSettings {
  const read = (name: string) => env[name]?.trim() || undefined;
  const problems: string[] = [];
  const fallback = read('SITE_CHANNEL_DEFAULT') ?? read('VITE_CHANNEL_CODE') ?? SEED_CHANNEL;
  const allowed = (read('SITE_CHANNEL_ALLOWED') ?? '').split(',').map((code) => code.trim());
  const param = read('SITE_CHANNEL_PARAM') ?? 'c';
  if (!NAME.test(fallback)) problems.push(`SITE_CHANNEL_DEFAULT: "${fallback}" is not 1-32 letters, digits, _ or -`);
  const listed = allowed.filter(Boolean);
  if (read('SITE_CHANNEL_ALLOWED') !== undefined && listed.length !== allowed.length) problems.push('SITE_CHANNEL_ALLOWED: an entry is empty');
  for (const code of listed) if (!NAME.test(code)) problems.push(`SITE_CHANNEL_ALLOWED: "${code}" is not 1-32 letters, digits, _ or -`);
  for (const code of [fallback, ...listed]) if (code === OTHER_CHANNEL_LABEL) problems.push(`channel "${OTHER_CHANNEL_LABEL}" is reserved for the metrics' unlisted channels`);
  if (!NAME.test(param)) problems.push(`SITE_CHANNEL_PARAM: "${param}" is not 1-32 letters, digits, _ or -`);
  if (problems.length > 0) throw new ChannelSettingsError([...new Set(problems)]);
  return { default: fallback, allowed: [...new Set([fallback, ...listed])], param };
}

/** Settings that do not change while the server runs (until part A's loader re-reads them on SIGHUP). */
export const fixedChannels = (settings: ChannelSettings = channelSettingsFromEnv({})): ChannelSettingsGetter => () => settings;
