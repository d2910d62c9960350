import { ACCESSIBLE_SHARE, CARRIER_PRESSURE } from './policy';
import { PRESSURE, SITE_FLOOR } from './policy';
import { pressureOf } from './pressure';
import { sitePressure, nextBaseline } from './site-floor';

const quiet = { minuteCount: 1, answers10m: 1, failures10m: 0, successes10m: 1, successes1h: 1, accessible10m: 0 };

describe('pressure from the counts', () => {
  it('reads a person as calm, a vision bot from one /24 as hot, a network failing most of many answers as hard', () => {
    expect(pressureOf('address', quiet)).toBe('calm');
    expect(
      pressureOf('network', {
        minuteCount: 15,
        answers10m: 150,
        failures10m: 20,
        successes10m: 53,
        successes1h: 53,
        accessible10m: 0,
      }),
    ).toBe('hot');
    expect(
      pressureOf('network', {
        minuteCount: 30,
        answers10m: 40,
        failures10m: 30,
        successes10m: 2,
        successes1h: 2,
        accessible10m: 0,
      }),
    ).toBe('hard');
    expect(pressureOf('address', { ...quiet, minuteCount: 5 })).toBe('warm');
    // An hour's passes alone move nothing (they are the quota's): the last 10 minutes' do.
    expect(pressureOf('network', { ...quiet, successes1h: 60 })).toBe('calm');
  });
});

describe("无障碍验证's share of a network's passes", () => {
  it('is hot past its usual share with enough passes, whatever the kind of network; under either mark it is not', () => {
    const passes = 40;
    const past = { ...quiet, answers10m: passes, successes10m: passes, accessible10m: Math.floor(passes * ACCESSIBLE_SHARE.share) + 1 };
    expect(pressureOf('network', past, CARRIER_PRESSURE)).toBe('hot');
    expect(pressureOf('network', past)).toBe('hot');
    // At the share exactly, or past it with fewer than its least passes: a few people who need the path.
    expect(pressureOf('network', { ...past, accessible10m: passes * ACCESSIBLE_SHARE.share }, CARRIER_PRESSURE)).not.toBe('hot');
    const few = {
      ...quiet,
      answers10m: ACCESSIBLE_SHARE.min - 1,
      successes10m: ACCESSIBLE_SHARE.min - 1,
      accessible10m: ACCESSIBLE_SHARE.min - 1,
    };
    expect(pressureOf('network', few, CARRIER_PRESSURE)).not.toBe('hot');
    expect(
      pressureOf(
        'network',
        { ...few, answers10m: ACCESSIBLE_SHARE.min, successes10m: ACCESSIBLE_SHARE.min, accessible10m: ACCESSIBLE_SHARE.min },
        CARRIER_PRESSURE,
      ),
    ).toBe('hot');
  });
});

describe('pressure at its thresholds', () => {
  const address = PRESSURE.address;
  const { hot, calm } = address;

  it('is hard only when the failing share is above the hard share, not at it', () => {
    const answers = 10 * address.hardMinAnswers;
    const atShare = { ...quiet, answers10m: answers, failures10m: answers * address.hardFailureShare };
    expect(atShare.failures10m / atShare.answers10m).toBe(address.hardFailureShare);
    expect(pressureOf('address', atShare)).toBe('hot');
    expect(pressureOf('address', { ...atShare, failures10m: atShare.failures10m + 1 })).toBe('hard');
  });

  it('is hot at each mark exactly, each on its own', () => {
    expect(pressureOf('address', { ...quiet, minuteCount: hot.minuteCount })).toBe('hot');
    expect(pressureOf('address', { ...quiet, answers10m: hot.failures10m, failures10m: hot.failures10m })).toBe('hot');
    expect(pressureOf('address', { ...quiet, successes10m: hot.successes10m })).toBe('hot');
    expect(pressureOf('address', { ...quiet, minuteCount: hot.minuteCount - 1 })).toBe('warm');
    expect(pressureOf('address', { ...quiet, answers10m: hot.failures10m, failures10m: hot.failures10m - 1 })).toBe('warm');
    expect(pressureOf('address', { ...quiet, successes10m: hot.successes10m - 1 })).toBe('warm');
  });

  it('counts failures as hot for a carrier only when their share reaches the hot failure share', () => {
    const failures = CARRIER_PRESSURE.hot.failures10m;
    const answers = failures / CARRIER_PRESSURE.hotFailureShare!;
    expect(failures / answers).toBe(CARRIER_PRESSURE.hotFailureShare);
    const counts = { ...quiet, answers10m: answers, failures10m: failures };
    expect(pressureOf('network', counts, CARRIER_PRESSURE)).toBe('hot');
    expect(pressureOf('network', { ...counts, answers10m: answers + 1 }, CARRIER_PRESSURE)).toBe('warm');
  });

  it('is calm at each calm mark exactly, and warm just above any one of them', () => {
    const atCalm = { ...quiet, answers10m: hot.failures10m, ...calm };
    expect(pressureOf('address', atCalm)).toBe('calm');
    expect(pressureOf('address', { ...atCalm, minuteCount: calm.minuteCount + 1 })).toBe('warm');
    expect(pressureOf('address', { ...atCalm, failures10m: calm.failures10m + 1 })).toBe('warm');
    expect(pressureOf('address', { ...atCalm, successes10m: calm.successes10m + 1 })).toBe('warm');
  });
});

describe('the site floor', () => {
  it('stays calm through an ad burst: 400 visitors from 400 networks in a minute', () => {
    expect(sitePressure({ answersPerMinute: 400, baselinePerMinute: 10, topNetworksShare: 10 / 400 })).toBe('calm');
  });

  it('rises only when the site is far above its baseline and concentrated in few networks', () => {
    expect(sitePressure({ answersPerMinute: 300, baselinePerMinute: 20, topNetworksShare: 0.8 })).toBe('hot');
    expect(sitePressure({ answersPerMinute: 40, baselinePerMinute: 20, topNetworksShare: 0.8 })).toBe('warm');
    expect(sitePressure({ answersPerMinute: 25, baselinePerMinute: 20, topNetworksShare: 0.8 })).toBe('calm');
  });

  it('learns its baseline from calm minutes only', () => {
    expect(nextBaseline(null, { answersPerMinute: 30, baselinePerMinute: null, topNetworksShare: 0.1 })).toBe(30);
    expect(nextBaseline(30, { answersPerMinute: 40, baselinePerMinute: 30, topNetworksShare: 0.1 })).toBe(31);
    expect(nextBaseline(30, { answersPerMinute: 900, baselinePerMinute: 30, topNetworksShare: 0.9 })).toBe(30);
  });

  describe('at its thresholds', () => {
    const { surgeFactor, minPerMinute, concentratedShare } = SITE_FLOOR;
    const baselinePerMinute = minPerMinute / surgeFactor;

    it('surges at exactly the surge factor times the baseline', () => {
      expect(sitePressure({ answersPerMinute: minPerMinute, baselinePerMinute, topNetworksShare: 0.8 })).toBe('hot');
      expect(sitePressure({ answersPerMinute: minPerMinute - 1, baselinePerMinute, topNetworksShare: 0.8 })).toBe('warm');
    });

    it('is concentrated only above the concentrated share, not at it', () => {
      const surge = { answersPerMinute: 10 * minPerMinute, baselinePerMinute };
      expect(sitePressure({ ...surge, topNetworksShare: concentratedShare })).toBe('warm');
      expect(sitePressure({ ...surge, topNetworksShare: concentratedShare + 0.01 })).toBe('hot');
    });

    it('is calm at one and a half times the baseline, or at half the concentrated share', () => {
      expect(sitePressure({ answersPerMinute: 1.5 * baselinePerMinute, baselinePerMinute, topNetworksShare: 0.8 })).toBe('calm');
      expect(sitePressure({ answersPerMinute: 1.5 * baselinePerMinute + 1, baselinePerMinute, topNetworksShare: 0.8 })).toBe('warm');
      const busy = { answersPerMinute: 2 * baselinePerMinute, baselinePerMinute };
      expect(sitePressure({ ...busy, topNetworksShare: concentratedShare / 2 })).toBe('calm');
      expect(sitePressure({ ...busy, topNetworksShare: concentratedShare / 2 + 0.01 })).toBe('warm');
      expect(sitePressure({ ...busy, topNetworksShare: concentratedShare })).toBe('warm');
    });
  });
});
