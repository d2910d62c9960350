import type { Pressure } from './hysteresis';
import { CARRIER_SURGE, SITE_FLOOR } from './policy';

/** The site's traffic in the last minute, against its own past. */
export interface SiteCounts {
  /** Answers with work in the last minute, across the site but a carrier's (a bare fetch is not counted). */
  answersPerMinute: number;
  /** A moving average of calm minutes' answers (null until there is one). */
  baselinePerMinute: number | null;
  /** Share of the last minute's answers from its ten busiest networks (0 to 1). */
  topNetworksShare: number;
}

/**
 * Hot only when the site is both far above its baseline and concentrated in few networks: an ad burst from
 * many networks is the traffic this product serves, and must not raise anyone's level.
 */
export function sitePressure({ answersPerMinute, baselinePerMinute, topNetworksShare }: SiteCounts): Pressure {
  const baseline = Math.max(baselinePerMinute ?? 0, SITE_FLOOR.minPerMinute / SITE_FLOOR.surgeFactor);
  const surging = answersPerMinute >= baseline * SITE_FLOOR.surgeFactor;
  if (surging && topNetworksShare > SITE_FLOOR.concentratedShare) return 'hot';
  return answersPerMinute <= baseline * 1.5 || topNetworksShare <= SITE_FLOOR.concentratedShare / 2 ? 'calm' : 'warm';
}

/** The carriers' passes across the site in the last minute, against their own past (null: no baseline yet). */
export interface CarrierCounts {
  passesPerMinute: number;
  baselinePerMinute: number | null;
}

/** Hot when the carriers' passes are CARRIER_SURGE.surgeFactor times their baseline (and at least its minimum), calm under 1.5 times it. */
export function carrierPressure({ passesPerMinute, baselinePerMinute }: CarrierCounts): Pressure {
  const baseline = Math.max(baselinePerMinute ?? 0, CARRIER_SURGE.minPerMinute / CARRIER_SURGE.surgeFactor);
  if (passesPerMinute >= baseline * CARRIER_SURGE.surgeFactor) return 'hot';
  return passesPerMinute <= baseline * 1.5 ? 'calm' : 'warm';
}

/**
 * The carriers' baseline after a minute: a minute that is not hot moves it, a surge leaves it where it was, but
 * in a campaign the operator announced (`campaign`) every minute moves it: the site's carrier traffic is what it is.
 */
export function nextCarrierBaseline(baseline: number | null, minute: CarrierCounts, campaign = false): number | null {
  if (!campaign && carrierPressure(minute) === 'hot') return baseline;
  if (baseline === null) return minute.passesPerMinute;
  return baseline + (minute.passesPerMinute - baseline) * SITE_FLOOR.baselineWeight;
}

/** The baseline after a minute: calm minutes move it, a surge leaves it where it was. */
export function nextBaseline(baseline: number | null, minute: SiteCounts): number | null {
  if (sitePressure(minute) === 'hot') return baseline;
  if (baseline === null) return minute.answersPerMinute;
  return baseline + (minute.answersPerMinute - baseline) * SITE_FLOOR.baselineWeight;
}
