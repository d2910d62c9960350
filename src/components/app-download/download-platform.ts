import { config } from '@/config/env';
import { isIOS, isQQInApp, isWeChat, type DeviceHints } from '@/lib/device';

export type DownloadPlatform = 'android' | 'ios';

export const DOWNLOAD_LABELS: Record<DownloadPlatform, string> = {
  android: '安卓下载',
  ios: '苹果下载',
};

/** The file each platform downloads: the Android package or the iOS profile. */
export function downloadUrl(platform: DownloadPlatform): string {
  return platform === 'ios' ? config.iosProfileUrl : config.apkUrl;
}

/** The visitor's own platform first: iOS on iPhone/iPad/iPod, Android everywhere else. */
export function platformsFor(device: DeviceHints): DownloadPlatform[] {
  return isIOS(device) ? ['ios', 'android'] : ['android', 'ios'];
}

/** What the open-in-browser overlay tells a visitor stuck in an in-app browser. */
export interface InAppAdvice {
  host: string;
  menuItem: string;
}

export function inAppAdvice(device: DeviceHints): InAppAdvice {
  const host = isWeChat(device) ? '微信' : isQQInApp(device) ? 'QQ' : '当前应用';
  return { host, menuItem: isIOS(device) ? '在Safari中打开' : '在浏览器打开' };
}
