import type { Pressure } from './hysteresis';
import { SITE_FLOOR } from '../policy';

export { SITE_FLOOR };

/** The site's traffic in the last minute, against its own past. */
export interface SiteCounts {
  challengesPerMinute: number;
  /** A moving average of calm minutes' challenges (null until there is one). */
  baselinePerMinute: number | null;
  /** Share of the last minute's challenges from its ten busiest networks (0 to 1). */
  topNetworksShare: number;
}


/**
 * Hot only when the site is both far above its baseline and concentrated in few networks: an ad burst from
 * many networks is the traffic this product serves, and must not raise anyone's level.
 */
export function sitePressure({ challengesPerMinute, baselinePerMinute, topNetworksShare }: SiteCounts): Pressure {
  const baseline = Math.max(baselinePerMinute ?? 0, SITE_FLOOR.minPerMinute / SITE_FLOOR.surgeFactor);
  const surging = challengesPerMinute >= baseline * SITE_FLOOR.surgeFactor;
  if (surging && topNetworksShare > SITE_FLOOR.concentratedShare) return 'hot';
  return challengesPerMinute <= baseline * 1.5 || topNetworksShare <= SITE_FLOOR.concentratedShare / 2 ? 'calm' : 'warm';
}

/** The baseline after a minute: calm minutes move it, a surge leaves it where it was. */
export function nextBaseline(baseline: number | null, minute: SiteCounts): number | null {
  if (sitePressure(minute) === 'hot') return baseline;
  if (baseline === null) return minute.challengesPerMinute;
  return baseline + (minute.challengesPerMinute - baseline) * SITE_FLOOR.baselineWeight;
}
