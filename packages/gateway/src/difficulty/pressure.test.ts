import { pressureOf } from './pressure';
import { sitePressure, nextBaseline } from './site-floor';

const quiet = { challengesPerMinute: 1, answers10m: 1, failures10m: 0, successes10m: 1, successes1h: 1 };

describe('pressure from the counts', () => {
  it('reads a person as calm, a vision bot from one /24 as hot, a network failing most of many answers as hard', () => {
    expect(pressureOf('address', quiet)).toBe('calm');
    expect(pressureOf('network', { challengesPerMinute: 15, answers10m: 150, failures10m: 20, successes10m: 53, successes1h: 53 })).toBe('hot');
    expect(pressureOf('network', { challengesPerMinute: 30, answers10m: 40, failures10m: 30, successes10m: 2, successes1h: 2 })).toBe('hard');
    expect(pressureOf('address', { ...quiet, challengesPerMinute: 5 })).toBe('warm');
    // An hour's passes alone move nothing (they are the quota's): the last 10 minutes' do.
    expect(pressureOf('network', { ...quiet, successes1h: 60 })).toBe('calm');
  });
});

describe('the site floor', () => {
  it('stays calm through an ad burst: 400 visitors from 400 networks in a minute', () => {
    expect(sitePressure({ challengesPerMinute: 400, baselinePerMinute: 10, topNetworksShare: 10 / 400 })).toBe('calm');
  });

  it('rises only when the site is far above its baseline and concentrated in few networks', () => {
    expect(sitePressure({ challengesPerMinute: 300, baselinePerMinute: 20, topNetworksShare: 0.8 })).toBe('hot');
    expect(sitePressure({ challengesPerMinute: 40, baselinePerMinute: 20, topNetworksShare: 0.8 })).toBe('warm');
    expect(sitePressure({ challengesPerMinute: 25, baselinePerMinute: 20, topNetworksShare: 0.8 })).toBe('calm');
  });

  it('learns its baseline from calm minutes only', () => {
    expect(nextBaseline(null, { challengesPerMinute: 30, baselinePerMinute: null, topNetworksShare: 0.1 })).toBe(30);
    expect(nextBaseline(30, { challengesPerMinute: 40, baselinePerMinute: 30, topNetworksShare: 0.1 })).toBe(31);
    expect(nextBaseline(30, { challengesPerMinute: 900, baselinePerMinute: 30, topNetworksShare: 0.9 })).toBe(30);
  });
});
