import { isDownloadBlockingInApp, isIOS, isMobileUserAgent, isQQInApp, isWeChat } from './device';

const UA = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPadOS: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iPadLegacy:
    'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  harmonyNext:
    'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2218A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatWindows:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/9129',
  qqAndroid:
    'Mozilla/5.0 (Linux; Android 12; M2012K11AC Build/SKQ1.220303.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/98.0.4758.102 MQQBrowser/6.2 TBS/046317 Mobile Safari/537.36 V1_AND_SQ_8.9.58_4108_YYB_D QQ/8.9.58.11050 NetType/WIFI WebP/0.3.0 AppId/537155547',
  qqBrowser:
    'Mozilla/5.0 (Linux; U; Android 12; zh-cn; PDEM30 Build/SKQ1.211019.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.4 Mobile Safari/537.36',
  desktopChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
} as const;

describe('isMobileUserAgent', () => {
  it.each([
    ['iPhone Safari', UA.iPhoneSafari, 5, true],
    ['iPadOS reporting a Mac with touch', UA.iPadOS, 5, true],
    ['a legacy iPad', UA.iPadLegacy, 5, true],
    ['an iPod touch', UA.iPod, 5, true],
    ['Android Chrome', UA.androidChrome, 5, true],
    ['an Android tablet without "Mobile"', UA.androidTablet, 10, true],
    ['HarmonyOS NEXT without "Android"', UA.harmonyNext, 10, true],
    ['WeChat on Android', UA.wechatAndroid, 5, true],
    ['desktop Chrome on Windows', UA.desktopChrome, 0, false],
    ['Safari on a Mac without touch', UA.macSafari, 0, false],
    ['Firefox on Linux', UA.linuxFirefox, 0, false],
    ['WeChat on Windows', UA.wechatWindows, 0, false],
  ])('treats %s as mobile: %s', (_name, userAgent, maxTouchPoints, expected) => {
    expect(isMobileUserAgent({ userAgent, maxTouchPoints })).toBe(expected);
  });
});

describe('isIOS', () => {
  it('tells an iPad in desktop mode from a Mac by its touch points', () => {
    expect(isIOS({ userAgent: UA.iPadOS, maxTouchPoints: 5 })).toBe(true);
    expect(isIOS({ userAgent: UA.macSafari, maxTouchPoints: 0 })).toBe(false);
  });
});

describe('in-app browsers', () => {
  it.each([
    ['WeChat on Android', UA.wechatAndroid, true, false],
    ['WeChat on iOS', UA.wechatIOS, true, false],
    ['mobile QQ', UA.qqAndroid, false, true],
    ['the standalone QQ Browser', UA.qqBrowser, false, false],
    ['Android Chrome', UA.androidChrome, false, false],
  ])('%s: WeChat %s, QQ %s', (_name, userAgent, wechat, qq) => {
    expect(isWeChat({ userAgent })).toBe(wechat);
    expect(isQQInApp({ userAgent })).toBe(qq);
    expect(isDownloadBlockingInApp({ userAgent })).toBe(wechat || qq);
  });
});
