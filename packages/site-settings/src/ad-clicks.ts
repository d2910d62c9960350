/**
 * The ad platforms' click ids in a landing URL (pure; the app and the server share these rules). A value
 * the platform has not filled in (`__CLICKID__`, `{clickid}`), a malformed or an over-long one is dropped.
 */
export type AdPlatform = 'tencent' | 'oceanengine' | 'baidu' | 'kuaishou';

/** The landing parameter(s) of each platform's click id, in the order they are looked for. */
export const CLICK_PARAMS: Readonly<Record<AdPlatform, readonly string[]>> = {
  tencent: ['gdt_vid', 'qz_gdt'],
  oceanengine: ['clickid'],
  baidu: ['bd_vid'],
  kuaishou: ['callback'],
};

export const AD_PLATFORMS = Object.keys(CLICK_PARAMS) as AdPlatform[];

/** Baidu's logidUrl is at most 1024 characters; a click id is far shorter (Kuaishou's callback is the longest seen). */
export const MAX_CLICK_ID = 1024;
export const MAX_LANDING_URL = 1024;
/** The whole X-Ad-Clicks header: the click id, the landing URL and the channel, with their encoding. */
export const MAX_AD_CLICKS_HEADER = 4096;

/** Printable ASCII without spaces, quotes, angle brackets, backslashes or braces. */
const CLICK_ID = /^[A-Za-z0-9._~+/=%:|!*(),;@$&-]+$/;
/** An unfilled macro anywhere in the value: __CLICKID__, {clickid}, {{callback}}, [CLICKID], $CLICKID$. */
const MACRO = /__[A-Z0-9_]+__|[{}[\]]|\$[A-Z_]+\$/;

export function isClickId(value: string): boolean {
  return value.length > 0 && value.length <= MAX_CLICK_ID && CLICK_ID.test(value) && !MACRO.test(value);
}

/** What the app sends with reg and the server reads: one click, the page it landed on, the channel it came with. */
export interface LandingClick {
  platform: AdPlatform;
  /** The name of the landing parameter it came in (gdt_vid or qz_gdt for Tencent). */
  param: string;
  clickId: string;
  /** The landing URL cut to origin, path and the click parameter (Baidu's logidUrl); null when it was unusable. */
  landingUrl: string | null;
}

/** The landing URL reduced to what a platform needs: origin, path and the click parameter alone (no other query). */
export function trimmedLandingUrl(href: string, param: string, clickId: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const trimmed = `${url.origin}${url.pathname}?${param}=${encodeURIComponent(clickId)}`;
  return trimmed.length <= MAX_LANDING_URL ? trimmed : null;
}

/**
 * Kuaishou's `callback` as it came: in monitor-link set-ups the macro arrives as a whole
 * `http://…/track/activate?callback=X` address, whose own `callback` is the value to send back.
 */
function clickValue(platform: AdPlatform, value: string): string {
  if (platform !== 'kuaishou' || !/^https?:\/\//i.test(value)) return value;
  try {
    return new URL(value).searchParams.get('callback') ?? value;
  } catch {
    return value;
  }
}

/**
 * The first platform's usable click id in a query string, or null. A parameter may come more than once:
 * Ocean Engine appends its own `clickid` after the link's `clickid=__CLICKID__`, so unfilled macros are
 * skipped and the last real value is the click.
 */
export function clickOfParams(params: URLSearchParams, href: string | null): LandingClick | null {
  for (const platform of AD_PLATFORMS) {
    for (const param of CLICK_PARAMS[platform]) {
      const values = params
        .getAll(param)
        .map((each) => clickValue(platform, each))
        .filter(isClickId);
      const value = values[values.length - 1]; // no .at(): older in-app browsers run this too
      if (value === undefined) continue;
      return { platform, param, clickId: value, landingUrl: href === null ? null : trimmedLandingUrl(href, param, value) };
    }
  }
  return null;
}

/** The click of a landing page's address, or null. */
export function clickOfLanding(href: string): LandingClick | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return clickOfParams(url.searchParams, href);
}

/** The X-Ad-Clicks header's value: the click parameter, the trimmed landing URL, and the channel of the landing. */
export function adClicksHeader(click: LandingClick, channel: string): string {
  const pairs = new URLSearchParams({ [click.param]: click.clickId });
  if (click.landingUrl !== null) pairs.set('url', click.landingUrl);
  pairs.set('c', channel);
  return pairs.toString();
}
