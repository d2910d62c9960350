import { OTHER_CHANNEL_LABEL, type ChannelSettings } from './settings';

/** The default is always listed, whatever the list says. */
export function isListedChannel(code: string, settings: ChannelSettings): boolean {
  return code === settings.default || settings.allowed.includes(code);
}

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

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Whether a query name is one some backend would read as `code`: PHP reads `code[]` and ` code` as code,
 * ASP.NET ignores case. Wider than any one of them, so nothing slips past; the app sends plain `code`.
 */
export function isCodeName(rawName: string): boolean {
  if (!/c|%/i.test(rawName)) return false; // no `c` can be no code: most names stop here
  const name = /[%+]/.test(rawName) ? (decoded(rawName) ?? rawName) : rawName;
  return name.trim().replace(/\[.*$/s, '').toLowerCase() === 'code';
}

/** The value of `param` in a URL's query as the browser's URLSearchParams reads it (the first one), or null. */
export function queryValue(url: string, param: string): string | null {
  const at = url.indexOf('?');
  return at < 0 ? null : new URLSearchParams(url.slice(at + 1)).get(param);
}

export interface ListedCode {
  /** The URL to pass on: exactly one `code` pair, a listed code, where the first one was (appended if none). */
  url: string;
  /** The code the request named: null for none, the values joined by commas (never listed) for several. */
  named: string | null;
}

/**
 * reg's URL with exactly one `code=` pair, a listed code, where the first code-like pair was (appended when
 * there is none): a request naming one listed code keeps it (as `code=`), anything else gets the default.
 * Every other pair is left as sent. A reg with no query at all (the download screen's ping) is left alone.
 */
export function withListedCode(url: string, settings: ChannelSettings): ListedCode {
  const at = url.indexOf('?');
  if (at < 0 || at === url.length - 1) return { url, named: null };
  const pairs = url.slice(at + 1).split('&');
  const codeAt: number[] = [];
  const values: string[] = [];
  pairs.forEach((pair, index) => {
    const equals = pair.indexOf('=');
    if (!isCodeName(equals < 0 ? pair : pair.slice(0, equals))) return;
    codeAt.push(index);
    values.push(equals < 0 ? '' : (decoded(pair.slice(equals + 1)) ?? '\uFFFD'));
  });
  const named = values.length === 0 ? null : values.join(',');
  const code = named !== null && isListedChannel(named, settings) ? named : settings.default;
  const canonical = `code=${encodeURIComponent(code)}`;
  if (codeAt.length === 1 && pairs[codeAt[0]!] === canonical) return { url, named };
  const kept = pairs.map((pair, index) => (index === codeAt[0] ? canonical : codeAt.includes(index) ? null : pair)).filter((pair) => pair !== null);
  return { url: `${url.slice(0, at)}?${(codeAt.length === 0 ? [...pairs, canonical] : kept).join('&')}`, named };
}
