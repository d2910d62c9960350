import type { AdsSettings, TencentAccount } from '@game-register/site-settings';

type AdsInput = { [K in Exclude<keyof AdsSettings, 'landingHosts'>]?: Partial<AdsSettings[K]> } & { landingHosts?: string[] };

/** The file's `ads` over the defaults, field by field within each platform (a file naming one field keeps the rest). */
export function mergeAdsSettings(file: unknown, defaults: AdsSettings): AdsSettings {
  const input = (file ?? {}) as AdsInput;
  return {
    consent: { ...defaults.consent, ...input.consent },
    landingHosts: input.landingHosts ?? defaults.landingHosts ?? [], // a build's defaults from before the field have none
    tencent: { ...defaults.tencent, ...input.tencent },
    oceanengine: { ...defaults.oceanengine, ...input.oceanengine },
    baidu: { ...defaults.baidu, ...input.baidu },
    kuaishou: { ...defaults.kuaishou, ...input.kuaishou },
  };
}

/** What the schema cannot say: a Tencent report needs its account, a required consent needs its text. */
export function adsSettingsProblems(ads: AdsSettings, listedChannels: readonly string[]): string[] {
  const problems: string[] = [];
  if (ads.consent.required && ads.consent.text.trim() === '')
    problems.push('ads.consent.text must be the text shown beside the box when ads.consent.required is true');
  if (ads.tencent.enabled && (ads.tencent.accountId === 0 || ads.tencent.userActionSetId === 0)) {
    problems.push('ads.tencent.accountId and ads.tencent.userActionSetId must be set when ads.tencent.enabled is true');
  }
  for (const code of Object.keys(ads.tencent.channels)) {
    if (!listedChannels.includes(code)) problems.push(`ads.tencent.channels.${code}: ${code} is not a listed channel (channel.allowed)`);
  }
  return problems;
}

/** The Tencent account a registration from `channel` reports to: the channel's own, else the default. */
export function tencentAccountFor(ads: AdsSettings, channel: string): TencentAccount {
  const own = Object.hasOwn(ads.tencent.channels, channel) ? ads.tencent.channels[channel] : undefined;
  return own ?? { accountId: ads.tencent.accountId, userActionSetId: ads.tencent.userActionSetId };
}

/** What a page carries of `ads`: whether to ask for consent and with what text; no account ids, no landing hosts. */
export function adsForPage(ads: AdsSettings): AdsSettings {
  return { ...ads, landingHosts: [], tencent: { enabled: ads.tencent.enabled, accountId: 0, userActionSetId: 0, channels: {} } };
}
