/**
 * The settings a deployment differs by, in the shape of the site settings file (docs/site-settings.md).
 * The server checks them, renders the pages with them and puts them into each page as JSON, which the
 * app reads before it renders (the app's src/config/env.ts): the prerendered HTML and the hydrated app agree.
 * App, server and build import this one module; nothing of it depends on either.
 */
export interface SiteSettings {
  /** name: in the page title and the register heading ('' keeps the generic texts); logo: a data URL ('' is the built-in mark). */
  brand: { name: string; logo: string; themeColor: string };
  game: { mobileUrl: string; pcUrl: string };
  downloads: { android: string; ios: string };
  /** An empty phone, wechat or qq hides its row; telegram is shown in its QR dialog only. */
  contact: { phone: string; wechat: string; qq: string; telegram: string; wechatQr: string; telegramQr: string };
  /** images: the puzzle's pictures. The switches are strict mode's and the server's alone: a page never carries them. */
  captcha: {
    images: string[];
    underAttack?: OperatorSwitchSetting;
    peopleFirst?: OperatorSwitchSetting;
    campaign?: OperatorSwitchSetting;
    networks?: NetworkSettings;
  };
  channel: ChannelSettings;
  /** Registrations reported to the ad platforms (server/ads/; docs/ad-platforms.md); the page carries only `consent`'s use. */
  ads: AdsSettings;
}

/**
 * One of the operator's strict-mode switches as the settings file writes it: a difficulty level (under attack:
 * the least, 1-3; people first: the most, 0-2; campaign: the most the carriers' floor may rise, 0-2) and when it ends
 * by itself, an ISO date-time with its offset
 * (docs/strict-mode.md).
 */
export interface OperatorSwitchSetting {
  level: number;
  until: string;
}

/** The ASes and CIDRs an operator adds to a kind of network (docs/strict-mode.md, "Networks as they are"): strict mode's alone. */
export interface NetworkSettings {
  carrier?: { asns?: number[]; cidrs?: string[] };
  hosting?: { asns?: number[]; cidrs?: string[] };
}

/** A Tencent ad account's ids: the account and the user action set (数据源) its conversions are reported to. */
export interface TencentAccount {
  accountId: number;
  userActionSetId: number;
}

export interface AdsSettings {
  /** required: an unticked box with `text` on the register screen, and a report only when it was ticked. */
  consent: { required: boolean; text: string };
  /** The site's own host names: a landing URL on any other is not reported (none listed: the host reg was sent to). */
  landingHosts: string[];
  /** The default account, and the account of each channel code whose ads run on another (0: unset). */
  tencent: { enabled: boolean; channels: Record<string, TencentAccount> } & TencentAccount;
  oceanengine: { enabled: boolean };
  /** registerType: the newType of 注册 in the account's 转化追踪 (25, or 11 in some consoles). */
  baidu: { enabled: boolean; registerType: number };
  kuaishou: { enabled: boolean };
}

/** The channel `code` sent with reg: default, the others a link may name, and the link's query parameter. */
export interface ChannelSettings {
  default: string;
  allowed: readonly string[];
  param: string;
}

/** The default is always listed, whatever the list says. */
export function isListedChannel(code: string, settings: ChannelSettings): boolean {
  return code === settings.default || settings.allowed.includes(code);
}

/** What a page carries: the site settings and the server's captcha mode, which the page follows. */
export interface PageSettings extends SiteSettings {
  captchaMode: 'client' | 'server';
}

/**
 * Today's values, the product's defaults: the build's VITE_* settings fall back on them (src/config/env.ts),
 * and the server starts from them when dist/ has no renderer to tell it the build's own.
 */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  brand: { name: '', logo: '', themeColor: '#e8452c' },
  game: { mobileUrl: 'https://m.game.example.com/', pcUrl: 'https://www.game.example.com/' },
  downloads: { android: '/downloads/app.apk', ios: '/downloads/app.mobileconfig' },
  contact: { phone: '400-800-1234', wechat: 'game_kefu', qq: '800012345', telegram: '', wechatQr: '', telegramQr: '' },
  captcha: { images: [] },
  channel: { default: 'H5REG', allowed: ['H5REG'], param: 'c' },
  ads: {
    consent: { required: false, text: '' },
    landingHosts: [],
    tencent: { enabled: false, accountId: 0, userActionSetId: 0, channels: {} },
    oceanengine: { enabled: false },
    baidu: { enabled: false, registerType: 25 },
    kuaishou: { enabled: false },
  },
};

/** The id of the `<script type="application/json">` element holding a page's PageSettings. */
export const PAGE_SETTINGS_ID = 'site-settings';

/** The page's own settings, or null where it carries none (a bare build, a test). */
export function readPageSettings(
  doc: { getElementById(id: string): { textContent: string | null } | null } | undefined,
): PageSettings | null {
  const text = doc?.getElementById(PAGE_SETTINGS_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageSettings;
  } catch {
    return null;
  }
}

/** The document title: the brand's name when it has one, else the generic one. */
export const documentTitle = (brandName: string) => (brandName ? `${brandName} - 游戏账号注册` : '游戏账号注册');
