import { createHash } from 'node:crypto';
import type { AdsSettings, TencentAccount } from '@game-register/site-settings';
import type { AdPlatform } from '@game-register/site-settings/ad-clicks';
import type { AdClicks } from '../api/reading/ad-clicks';
import { tencentAccountFor } from './site-ads';

/**
 * One registration to report: what the platform needs and nothing else (no name, phone, password,
 * address or user agent). Written to the outbox before the visitor gets the answer.
 */
export interface ConversionEvent {
  /** Stable for a platform's click: the outbox key, and Tencent's outer_action_id, Baidu's outerEventId. */
  id: string;
  platform: AdPlatform;
  /** The channel label (a listed code or `other`): metrics and the Tencent account. */
  channel: string;
  clickId: string;
  /** Origin, path and the click parameter of the landing page; null when the app sent none usable. */
  landingUrl: string | null;
  /** When the backend answered `y`, in ms. */
  registeredAt: number;
  /** Tencent: the account and action set, as the settings named them at registration. */
  tencent?: TencentAccount;
  /** Baidu: the newType of 注册. */
  baiduType?: number;
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
