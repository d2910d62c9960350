/**
 * The one place that reads build-time settings (Vite env). Every value has a working default. A page the
 * server rendered carries its deployment's settings (@game-register/site-settings), which take their place.
 */
import { DEFAULT_SITE_SETTINGS as DEFAULTS, readPageSettings, type PageSettings } from '@game-register/site-settings';

type Env = Record<string, string | boolean | undefined>;

const raw: Env = import.meta.env;

function text(name: string, fallback: string): string {
  const value = raw[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

function list(name: string): string[] {
  return text(name, '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const channelCode = text('VITE_CHANNEL_CODE', DEFAULTS.channel.default);
const channelList = list('VITE_CHANNELS');

/** The build's own values: a statically hosted dist/ runs on them, and the server starts from them. */
export const buildTimeSettings: PageSettings = {
  brand: { ...DEFAULTS.brand },
  game: { mobileUrl: text('VITE_GAME_URL_MOBILE', DEFAULTS.game.mobileUrl), pcUrl: text('VITE_GAME_URL_PC', DEFAULTS.game.pcUrl) },
  downloads: { android: text('VITE_APK_URL', DEFAULTS.downloads.android), ios: text('VITE_IOS_PROFILE_URL', DEFAULTS.downloads.ios) },
  contact: {
    phone: text('VITE_CONTACT_PHONE', DEFAULTS.contact.phone),
    wechat: text('VITE_CONTACT_WECHAT', DEFAULTS.contact.wechat),
    qq: text('VITE_CONTACT_QQ', DEFAULTS.contact.qq),
    telegram: text('VITE_CONTACT_TELEGRAM', DEFAULTS.contact.telegram),
    wechatQr: text('VITE_CONTACT_WECHAT_QR', DEFAULTS.contact.wechatQr),
    telegramQr: text('VITE_CONTACT_TELEGRAM_QR', DEFAULTS.contact.telegramQr),
  },
  captcha: { images: list('VITE_CAPTCHA_IMAGES') },
  channel: {
    default: channelCode,
    allowed: [...new Set([channelCode, ...channelList])],
    param: text('VITE_CHANNEL_PARAM', DEFAULTS.channel.param),
  },
  ads: DEFAULTS.ads,
  captchaMode: text('VITE_CAPTCHA_MODE', 'client') === 'server' ? 'server' : 'client',
};

export interface AppConfig {
  brand: { name: string; logo: string };
  gameUrlMobile: string;
  gameUrlPc: string;
  apkUrl: string;
  iosProfileUrl: string;
  /** The registration's `code`: the default, the codes an ad link may name (`?<param>=<code>`), the link's parameter. */
  channel: { default: string; allowed: string[]; param: string };
  contact: { phone: string; wechat: string; qq: string; telegram: string };
  contactQr: { wechat: string; telegram: string };
  captchaImages: string[];
  captchaMode: 'client' | 'server';
  /** The consent box on the register screen (docs/ad-platforms.md): shown only when required. */
  adsConsent: { required: boolean; text: string };
  apiBase: '/api';
  isDev: boolean;
}

function appConfigOf(settings: PageSettings): AppConfig {
  const { brand, game, downloads, contact, captcha, channel, captchaMode, ads } = settings;
  return {
    brand: { name: brand.name, logo: brand.logo },
    gameUrlMobile: game.mobileUrl,
    gameUrlPc: game.pcUrl,
    apkUrl: downloads.android,
    iosProfileUrl: downloads.ios,
    channel: { default: channel.default, allowed: [...channel.allowed], param: channel.param },
    contact: { phone: contact.phone, wechat: contact.wechat, qq: contact.qq, telegram: contact.telegram },
    contactQr: { wechat: contact.wechatQr, telegram: contact.telegramQr },
    captchaImages: [...captcha.images],
    captchaMode,
    adsConsent: { required: ads?.consent.required === true, text: ads?.consent.text ?? '' },
    apiBase: '/api',
    isDev: raw.DEV === true,
  };
}

export const config: AppConfig = appConfigOf(readPageSettings(globalThis.document) ?? buildTimeSettings);

/**
 * Prerendering only (src/entry-server.tsx): renders the next page with these settings. The server renders
 * its pages one at a time (server/site/render-pages.ts), so no render sees another's settings.
 */
export function applySettingsForPrerender(settings: PageSettings) {
  Object.assign(config, appConfigOf(settings));
}
