import type { Pressure } from './hysteresis';
import { ACCESSIBLE_SHARE, PRESSURE, type Thresholds } from './policy';

/** What the store counts for an address (IPv6: its /64) or a network (/24, IPv6 /48). */
export interface EntityCounts {
  /** The minute's count: an address's puzzles fetched; a network's answers with work (signals.ts, COUNTED). */
  minuteCount: number;
  /** Answers judged, and of them failed, in the last 10 minutes. */
  answers10m: number;
  failures10m: number;
  /** Puzzles passed in the last 10 minutes (what moves a level), and in the last hour (the quota). */
  successes10m: number;
  successes1h: number;
  /** Of the passes in the last 10 minutes, those on 无障碍验证 (counted for a network only). */
  accessible10m: number;
}

/**
 * Hard when most of many answers fail, or a network's minute of answers is past the hard mark; hot when any count is past its
 * mark; calm when all are low.
 */
export function pressureOf(
  kind: 'address' | 'network',
  counts: EntityCounts,
  thresholds: (typeof PRESSURE)[keyof typeof PRESSURE] = PRESSURE[kind],
): Pressure {
  const { hot, calm, hardFailureShare, hardMinAnswers } = thresholds;
  if (counts.answers10m >= hardMinAnswers && counts.failures10m / counts.answers10m > hardFailureShare) return 'hard';
  if (counts.minuteCount >= (thresholds.hardAnswersPerMinute ?? Infinity)) return 'hard';
  const failing = counts.failures10m / Math.max(1, counts.answers10m) >= (thresholds.hotFailureShare ?? 0);
  const past = (marks: Thresholds['hot']) =>
    counts.minuteCount >= marks.minuteCount ||
    (counts.failures10m >= marks.failures10m && failing) ||
    counts.successes10m >= marks.successes10m;
  // 无障碍验证's passes far past their usual share of a network's (ACCESSIBLE_SHARE): a script that reads no picture.
  const accessibleShare =
    counts.accessible10m >= ACCESSIBLE_SHARE.min && counts.accessible10m > ACCESSIBLE_SHARE.share * counts.successes10m;
  if (past(hot) || accessibleShare) return 'hot';
  const within =
    counts.minuteCount <= calm.minuteCount && counts.failures10m <= calm.failures10m && counts.successes10m <= calm.successes10m;
  return within ? 'calm' : 'warm';
}
