/** User-agent facts the product acts on. Pure functions of the UA (and touch points) so tables test them. */
export interface DeviceHints {
  userAgent: string;
  maxTouchPoints?: number;
}

export function isIOS({ userAgent, maxTouchPoints = 0 }: DeviceHints): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  // iPadOS 13+ Safari reports a Mac; only the touch screen gives it away.
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

export function isAndroid({ userAgent }: DeviceHints): boolean {
  return /Android/i.test(userAgent);
}

export function isHarmonyOS({ userAgent }: DeviceHints): boolean {
  return /OpenHarmony|HarmonyOS|ArkWeb/i.test(userAgent);
}

export function isMobileUserAgent(hints: DeviceHints): boolean {
  return isIOS(hints) || isAndroid(hints) || isHarmonyOS(hints) || /Mobile/i.test(hints.userAgent);
}

export function isWeChat({ userAgent }: DeviceHints): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** Mobile QQ's in-app browser (`QQ/x.y`), not the standalone QQ Browser (`MQQBrowser` alone). */
export function isQQInApp({ userAgent }: DeviceHints): boolean {
  return /\sQQ\//i.test(userAgent);
}

/** In-app browsers that block APK and profile downloads: the visitor must open the system browser. */
export function isDownloadBlockingInApp(hints: DeviceHints): boolean {
  return isWeChat(hints) || isQQInApp(hints);
}

export function currentDevice(): DeviceHints {
  if (typeof navigator === 'undefined') return { userAgent: '' };
  return { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints };
}
