/** The one place that reads build-time settings (Vite env). Every value has a working default. */
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

function channelSettings(fallback: string): AppConfig['channel'] {
  const allowed = list('VITE_CHANNELS');
  return { default: fallback, allowed: allowed.length > 0 ? allowed : [fallback], param: text('VITE_CHANNEL_PARAM', 'c') };
}

export interface AppConfig {
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
  apiBase: '/api';
  isDev: boolean;
}

export const config: AppConfig = {
  gameUrlMobile: text('VITE_GAME_URL_MOBILE', 'https://m.game.example.com/'),
  gameUrlPc: text('VITE_GAME_URL_PC', 'https://www.game.example.com/'),
  apkUrl: text('VITE_APK_URL', '/downloads/app.apk'),
  iosProfileUrl: text('VITE_IOS_PROFILE_URL', '/downloads/app.mobileconfig'),
  channel: channelSettings(text('VITE_CHANNEL_CODE', 'H5REG')),
  contact: {
    phone: text('VITE_CONTACT_PHONE', '400-800-1234'),
    wechat: text('VITE_CONTACT_WECHAT', 'game_kefu'),
    qq: text('VITE_CONTACT_QQ', '800012345'),
    telegram: text('VITE_CONTACT_TELEGRAM', ''),
  },
  contactQr: {
    wechat: text('VITE_CONTACT_WECHAT_QR', ''),
    telegram: text('VITE_CONTACT_TELEGRAM_QR', ''),
  },
  captchaImages: list('VITE_CAPTCHA_IMAGES'),
  captchaMode: text('VITE_CAPTCHA_MODE', 'client') === 'server' ? 'server' : 'client',
  apiBase: '/api',
  isDev: raw.DEV === true,
};
