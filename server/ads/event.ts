import { createHash } from 'node:crypto';
import type { AdsSettings } from '@game-register/site-settings';
import type { AdPlatform, LandingClick } from '@game-register/site-settings/ad-clicks';
import { tencentAccountFor } from '../site/site-ads';
import type { ConversionEvent } from './adapters/adapter';

export type { ConversionEvent };

/** A registration's click as the server read it (api/reading/ad-clicks.ts): the click, the channel of its landing, the consent. */
export interface AdClicks extends LandingClick {
  /** The channel code the landing link named, as sent (the caller keeps it only when it is listed). */
  landingChannel: string | null;
  /** The visitor ticked the consent box (X-Ad-Consent: 1). */
  consent: boolean;
}

/**
 * A registration the backend accepted, as the ads read it: handed to the outbox by the /api wing, which reads
 * the request (api/records/registration-records.ts); the ads know nothing of requests.
 */
export interface Conversion {
  /** The channel code the visit sent (X-Channel), as sent: the ads label it against the channels listed. */
  channel: string | null;
  /** The click it carried, or null when it carried none. */
  clicks: AdClicks | null;
  /** The host the registration was sent to: the site's own when the settings list no landing hosts. */
  host: string;
}

/**
 * Platforms whose dedupe key is confirmed: an unanswered report may be sent again without counting twice.
 * Baidu's outerEventId may need `outerEventType: "custom_dedup"` (one SDK sends it, Baidu's page does not
 * say): until that is confirmed, its unanswered reports are bounded like those of the platforms without one.
 */
export const DEDUPES: Readonly<Record<AdPlatform, boolean>> = { tencent: true, oceanengine: false, baidu: false, kuaishou: false };

/** One event per platform and click: a click registering twice, or a reg sent twice, is reported once. */
export function conversionId(platform: AdPlatform, clickId: string): string {
  return createHash('sha256').update(`${platform}\n${clickId}`).digest('hex').slice(0, 32);
}

export type NotReported = 'platform_off' | 'no_consent' | 'no_landing_url' | 'foreign_landing';

/** The site's own hosts: the settings' `landingHosts`, or, where none are listed, the host the registration was sent to. */
export const siteHostsOf = (ads: AdsSettings, requestHostname: string): readonly string[] =>
  ads.landingHosts.length > 0 ? ads.landingHosts : [requestHostname.toLowerCase()];

/**
 * The event a successful registration with this click makes, or why it makes none. The landing URL comes
 * from the browser: one on a host that is not the site's own (`siteHosts`) is no landing of this site.
 */
export function conversionOf(
  clicks: AdClicks,
  ads: AdsSettings,
  channel: string,
  now: number,
  siteHosts: readonly string[],
): ConversionEvent | NotReported {
  if (!ads[clicks.platform].enabled) return 'platform_off';
  if (ads.consent.required && !clicks.consent) return 'no_consent';
  if (clicks.landingUrl !== null && !siteHosts.includes(new URL(clicks.landingUrl).hostname)) return 'foreign_landing';
  // Baidu's logidUrl is its click; Tencent refuses a Web action without its page (`url`, "web 类必填").
  if ((clicks.platform === 'baidu' || clicks.platform === 'tencent') && clicks.landingUrl === null) return 'no_landing_url';
  const event: ConversionEvent = {
    id: conversionId(clicks.platform, clicks.clickId),
    platform: clicks.platform,
    channel,
    clickId: clicks.clickId,
    landingUrl: clicks.landingUrl,
    registeredAt: now,
  };
  if (clicks.platform === 'tencent') event.tencent = tencentAccountFor(ads, channel);
  if (clicks.platform === 'baidu') event.baiduType = ads.baidu.registerType;
  return event;
}

/** For logs: the event id and the click id's first characters only. */
export const logged = (event: Pick<ConversionEvent, 'id' | 'platform' | 'clickId'>) => ({
  event: event.id,
  platform: event.platform,
  click: `${event.clickId.slice(0, 6)}…`,
});
