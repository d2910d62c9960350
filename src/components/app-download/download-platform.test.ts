import { config } from '@/config/env';
import { downloadUrl, inAppAdvice, platformsFor } from './download-platform';
import { UA } from './test-devices';

describe('downloadUrl', () => {
  it('points Android at the package and iOS at the profile from the config', () => {
    expect(downloadUrl('android')).toBe(config.apkUrl);
    expect(downloadUrl('ios')).toBe(config.iosProfileUrl);
  });
});

describe('platformsFor', () => {
  it.each([
    ['an iPhone', { userAgent: UA.iphone }, ['ios', 'android']],
    ['an iPad that reports a Mac', { userAgent: UA.ipadAsMac, maxTouchPoints: 5 }, ['ios', 'android']],
    ['a Mac without touch', { userAgent: UA.ipadAsMac, maxTouchPoints: 0 }, ['android', 'ios']],
    ['an Android phone', { userAgent: UA.android }, ['android', 'ios']],
    ['a desktop PC', { userAgent: UA.desktop }, ['android', 'ios']],
  ])('puts the own platform first on %s', (_name, device, expected) => {
    expect(platformsFor(device)).toEqual(expected);
  });
});

describe('inAppAdvice', () => {
  it('names WeChat and Safari on an iPhone', () => {
    expect(inAppAdvice({ userAgent: UA.wechatIphone })).toEqual({ host: '微信', menuItem: '在Safari中打开' });
  });

  it('names QQ and the system browser on Android', () => {
    expect(inAppAdvice({ userAgent: UA.qqAndroid })).toEqual({ host: 'QQ', menuItem: '在浏览器打开' });
  });
});
