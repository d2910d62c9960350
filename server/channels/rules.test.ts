import { channelLabel, listedChannels, queryValue } from './rules';
import type { ChannelSettings } from './site-channels';

const SITE: ChannelSettings = { default: 'H5REG', allowed: ['CH7', 'CH8'], param: 'c' };

describe('channelLabel', () => {
  it('labels no channel as the default, a listed one as itself, anything else as other', () => {
    expect([undefined, null, ''].map((named) => channelLabel(named, SITE))).toEqual(['H5REG', 'H5REG', 'H5REG']);
    expect(['CH7', 'H5REG'].map((named) => channelLabel(named, SITE))).toEqual(['CH7', 'H5REG']);
    expect(['ch7', 'CH9', 'CH7,CH8', 'x'.repeat(500)].map((named) => channelLabel(named, SITE))).toEqual([
      'other',
      'other',
      'other',
      'other',
    ]);
  });

  it('lists the default first, once, even when the list leaves it out', () => {
    expect(listedChannels(SITE)).toEqual(['H5REG', 'CH7', 'CH8']);
    expect(listedChannels({ ...SITE, allowed: ['CH7', 'H5REG'] })).toEqual(['H5REG', 'CH7']);
  });
});

describe('queryValue', () => {
  it('reads the first value of a parameter as the browser does, or null', () => {
    expect(queryValue('/register?c=CH7&c=CH8', 'c')).toBe('CH7');
    expect(queryValue('/register?x=1&c=%43H7', 'c')).toBe('CH7');
    expect(queryValue('/register', 'c')).toBeNull();
    expect(queryValue('/register?ch=CH7', 'c')).toBeNull();
  });
});
