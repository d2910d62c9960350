// reg's ad click, as the request's one reading reads it (reading.ts): the ads' records take it from there.
import type { IncomingHttpHeaders } from 'node:http';
import { receivedName, WIRE_HEADERS } from '@game-register/api-wire';
import { clickOfParams, MAX_AD_CLICKS_HEADER, trimmedLandingUrl } from '@game-register/site-settings/ad-clicks';
import type { AdClicks } from '../../ads/event';

export type { AdClicks };

/** The headers the app sends with reg only (src/api/register-account.ts); never passed on to the backend. */
export const AD_CLICKS_HEADER = receivedName(WIRE_HEADERS.adClicks);
export const AD_CONSENT_HEADER = receivedName(WIRE_HEADERS.adConsent);

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

/**
 * Pure: the click a reg request carries in X-Ad-Clicks (one form-encoded string), or null when it carries
 * none, or only macros, malformed or over-long values. The landing URL is kept only as origin, path and
 * the click parameter, so nothing else the address held travels on.
 */
export function readAdClicks(headers: IncomingHttpHeaders): AdClicks | null {
  const raw = one(headers[AD_CLICKS_HEADER]);
  if (raw === undefined || raw.length === 0 || raw.length > MAX_AD_CLICKS_HEADER) return null;
  const params = new URLSearchParams(raw);
  const click = clickOfParams(params, null);
  if (click === null) return null;
  const landing = params.get('url');
  const landingUrl = landing === null ? null : trimmedLandingUrl(landing, click.param, click.clickId);
  const channel = params.get('c');
  return {
    ...click,
    landingUrl,
    landingChannel: channel !== null && /^[A-Za-z0-9_-]{1,32}$/.test(channel) ? channel : null,
    consent: one(headers[AD_CONSENT_HEADER]) === '1',
  };
}
