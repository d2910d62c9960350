import { channelOfPageLoad, isListedChannel, type ChannelSettings } from './channel';

const SITE: ChannelSettings = { default: 'H5REG', allowed: ['CH7', 'CH8'], param: 'c' };

describe('isListedChannel', () => {
  it('lists the default whatever the list says, and nothing but exact codes', () => {
    expect(isListedChannel('H5REG', { ...SITE, allowed: [] })).toBe(true);
    expect(['CH7', 'CH8'].every((code) => isListedChannel(code, SITE))).toBe(true);
    expect(['ch7', 'CH7 ', 'CH9', ''].some((code) => isListedChannel(code, SITE))).toBe(false);
  });
});

describe('channelOfPageLoad', () => {
  it('takes a listed channel from the link, and the default for any other value', () => {
    expect(channelOfPageLoad('?c=CH7', null, SITE)).toBe('CH7');
    expect(channelOfPageLoad('?utm=x&c=CH8', null, SITE)).toBe('CH8');
    expect(channelOfPageLoad('?c=%43H7', null, SITE)).toBe('CH7');
    for (const search of ['?c=CH9', '?c=ch7', '?c=', '?c']) expect(channelOfPageLoad(search, null, SITE)).toBe('H5REG');
  });

  it('lets a new link replace the channel of the visit, even with an unlisted value', () => {
    expect(channelOfPageLoad('?c=CH8', 'CH7', SITE)).toBe('CH8');
    expect(channelOfPageLoad('?c=CH9', 'CH7', SITE)).toBe('H5REG');
  });

  it("keeps the visit's channel on a page load without a link channel, while it is listed", () => {
    expect(channelOfPageLoad('', 'CH7', SITE)).toBe('CH7');
    expect(channelOfPageLoad('?other=1', 'CH7', SITE)).toBe('CH7');
    expect(channelOfPageLoad('', 'CH7', { ...SITE, allowed: ['CH8'] })).toBe('H5REG');
    expect(channelOfPageLoad('', null, SITE)).toBe('H5REG');
  });

  it('reads the parameter the site names', () => {
    const site = { ...SITE, param: 'from' };
    expect(channelOfPageLoad('?from=CH7', null, site)).toBe('CH7');
    expect(channelOfPageLoad('?c=CH7', null, site)).toBe('H5REG');
  });
});
