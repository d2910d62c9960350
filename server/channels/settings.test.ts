import { ChannelSettingsError, channelSettingsFromEnv } from './settings';

describe('channelSettingsFromEnv', () => {
  it('defaults to the seed: H5REG alone, parameter c', () => {
    expect(channelSettingsFromEnv({})).toEqual({ default: 'H5REG', allowed: ['H5REG'], param: 'c' });
  });

  it('takes the default from SITE_CHANNEL_DEFAULT, else the build setting VITE_CHANNEL_CODE, and always lists it', () => {
    expect(channelSettingsFromEnv({ VITE_CHANNEL_CODE: 'OLD' })).toEqual({ default: 'OLD', allowed: ['OLD'], param: 'c' });
    expect(channelSettingsFromEnv({ SITE_CHANNEL_DEFAULT: 'MAIN', VITE_CHANNEL_CODE: 'OLD', SITE_CHANNEL_ALLOWED: ' CH7, CH8 ,CH7', SITE_CHANNEL_PARAM: 'from' })).toEqual({
      default: 'MAIN',
      allowed: ['MAIN', 'CH7', 'CH8'],
      param: 'from',
    });
  });

  it('refuses an empty list entry, a code with other characters, the reserved name other and a bad parameter, naming each', () => {
    const problems = (env: Record<string, string>) => {
      try {
        channelSettingsFromEnv(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ChannelSettingsError);
        return (error as ChannelSettingsError).problems;
      }
    };
    expect(problems({ SITE_CHANNEL_ALLOWED: 'CH7,,CH8' })).toEqual(['SITE_CHANNEL_ALLOWED: an entry is empty']);
    expect(problems({ SITE_CHANNEL_ALLOWED: 'CH 7' })).toEqual(['SITE_CHANNEL_ALLOWED: "CH 7" is not 1-32 letters, digits, _ or -']);
    expect(problems({ SITE_CHANNEL_DEFAULT: 'other' })).toEqual(['channel "other" is reserved for the metrics\' unlisted channels']);
    expect(problems({ SITE_CHANNEL_PARAM: 'c&x' })).toEqual(['SITE_CHANNEL_PARAM: "c&x" is not 1-32 letters, digits, _ or -']);
  });
});
