// The difficulty rule in one place: what a visitor's challenge is issued at, what that level lets its network
// pass, and what an answer is evidence of, from the evidence the engine has read (flows/difficulty.ts keeps the store's
// round trips). Pure: no store, no clock, no random source of its own; every number comes from the policy.
import type { PictureKind } from './events';
import type { NetworkKind } from './networks/network-kind';
import {
  ACCESSIBLE_ALLOWANCE,
  BROWSER_TRIES_PER_MS,
  CARRIER_NAT_FAILURE_SHARE,
  CARRIER_SURGE,
  HAND_MIN_MS,
  HOLDOUT_LIMITS,
  KIND_FLOOR,
  LEVEL_POLICY,
  PASS_ALLOWANCE,
  REACTION_MS,
  SITE_FLOOR,
  type Allowance,
  type Level,
  type LevelPolicy,
} from './policy';
import type { LevelTable } from './levels';

/** The operator's switches (site settings, re-read on SIGHUP), each with its own end. */
export interface OperatorSwitches {
  /** "Under attack": a floor under everyone not known good, until a time at most 24 h after it was set. */
  underAttack: { floor: Level; until: number } | null;
  /** "People first": a cap over everyone for a campaign launch, until a time. */
  peopleFirst: { cap: Level; until: number } | null;
  /**
   * "Campaign": the operator expects a surge of carrier visitors (an ad campaign) until a time: the carriers'
   * floor goes no higher than `cap` (0: not at all), and the campaign's minutes teach the floor's baseline nothing.
   * The networks' own levels still hold their solvers.
   */
  campaign?: { cap: Level; until: number } | null;
}

/** Whether the operator's campaign switch is on at `now`, and the highest carriers' floor it allows. */
export const campaignCap = (switches: OperatorSwitches, now: number): Level | null =>
  switches.campaign && now < switches.campaign.until ? switches.campaign.cap : null;

/** What is known of a visitor when its challenge is issued. */
export interface LevelEvidence {
  /** Its network's kind (rules/networks/network-kind.ts). */
  kind: NetworkKind;
  /** Its address is a carrier's IPv4 address: a NAT of many people, never known good as one person is. */
  nat: boolean;
  /** The levels its address and its network are at (hysteresis.ts), the site's own and the carriers' (site-floor.ts). */
  address: Level;
  network: Level;
  site: Level;
  /** The carriers' floor: under every carrier visitor (a solver spread over many carrier networks). */
  carriers: Level;
  /** Its address's puzzle passes in the last hour and failures in the last ten minutes (sliding counts: fractions). */
  addressCounts: { successes1h: number; failures10m: number };
  switches: OperatorSwitches;
  /** A level the operator pinned for everyone (CAPTCHA_LEVEL), or null: from the evidence. */
  pinned: Level | null;
  /** The share of level-0 challenges given the guarded picture (capped by HOLDOUT_LIMITS.max). */
  holdout: number;
  /** One draw in [0, 1) for the holdout. */
  draw: number;
  now: number;
}

/** A challenge's level and what it sets: its picture, whether it is in the holdout, its work and its network's passes. */
export interface LevelVerdict {
  level: Level;
  picture: PictureKind;
  holdout: boolean;
  policy: LevelPolicy;
  /** What the fetching network may pass at this level (checked when a pass is made: admission.ts). */
  allowance: Allowance;
}

/**
 * A network's pass allowance at a level: its kind's bucket (PASS_ALLOWANCE); above level 0, no more than the
 * level's passes an hour (LEVEL_POLICY) but on a carrier, whose level rises on failures and whose passes are
 * people's, and at a level the operator pinned ("without quotas": the kind's bucket alone).
 */
export function passAllowance(kind: NetworkKind, level: Level, pinned: boolean): Allowance {
  const { burst, perMinute } = PASS_ALLOWANCE[kind];
  const hourly = kind === 'carrier' || pinned ? null : LEVEL_POLICY[level].networkSuccessesPerHour;
  return hourly === null ? { burst, perMinute } : { burst: Math.min(burst, hourly), perMinute: Math.min(perMinute, hourly / 60) };
}

/**
 * A network's allowance of 无障碍验证 passes at a level: its kind's (ACCESSIBLE_ALLOWANCE), and at a level whose row
 * says `accessibleQuota` no more than the level's passes an hour, whatever its kind (a carrier's too); a pinned
 * level: the kind's alone. `table`: the levels' (LEVEL_POLICY).
 */
export function accessibleAllowance(kind: NetworkKind, level: Level, pinned: boolean, table: LevelTable = LEVEL_POLICY): Allowance {
  const { burst, perMinute } = ACCESSIBLE_ALLOWANCE[kind];
  const hourly = pinned || !table[level].accessibleQuota ? null : table[level].networkSuccessesPerHour;
  return hourly === null ? { burst, perMinute } : { burst: Math.min(burst, hourly), perMinute: Math.min(perMinute, hourly / 60) };
}

/**
 * A visitor's level. Pinned: that level, no holdout. Otherwise the highest of its address's, its network's,
 * its kind's floor (KIND_FLOOR: a cloud starts escalated), the site's floor (up to SITE_FLOOR.maxFloor) and, for
 * a carrier visitor, the carriers' floor (up to CARRIER_SURGE.maxFloor);
 * then the operator's "under attack" floor unless it is known good (passed a puzzle within the hour, failed
 * nothing since; never a carrier NAT address, whose pass is one person's of many), then the "people first" cap, each
 * until its end. A level-0 challenge is in the holdout by the draw.
 */
export function decideLevel(evidence: LevelEvidence): LevelVerdict {
  const { kind, switches, pinned, now } = evidence;
  if (pinned !== null)
    return {
      level: pinned,
      picture: LEVEL_POLICY[pinned].picture,
      holdout: false,
      policy: LEVEL_POLICY[pinned],
      allowance: passAllowance(kind, pinned, true),
    };
  const campaign = campaignCap(switches, now);
  const carriers = kind === 'carrier' ? Math.min(evidence.carriers, CARRIER_SURGE.maxFloor, campaign ?? CARRIER_SURGE.maxFloor) : 0;
  let level = Math.max(
    evidence.address,
    evidence.network,
    KIND_FLOOR[kind],
    Math.min(evidence.site, SITE_FLOOR.maxFloor),
    carriers,
  ) as Level;
  // Sliding counts, hence the halves.
  const knownGood = !evidence.nat && evidence.addressCounts.successes1h >= 0.5 && evidence.addressCounts.failures10m < 0.5;
  const { underAttack, peopleFirst } = switches;
  if (underAttack !== null && now < underAttack.until && !knownGood) level = Math.max(level, underAttack.floor) as Level;
  if (peopleFirst !== null && now < peopleFirst.until) level = Math.min(level, peopleFirst.cap) as Level;
  const policy = LEVEL_POLICY[level];
  const holdout = level === 0 && evidence.holdout > 0 && evidence.draw < Math.min(evidence.holdout, HOLDOUT_LIMITS.max);
  return { level, picture: holdout ? 'guarded' : policy.picture, holdout, policy, allowance: passAllowance(kind, level, false) };
}

/** How long an answer took, from its task leaving the gateway, against the least a person could have taken. */
export interface AnswerTiming {
  answeredInMs: number;
  fitsMs: number;
}

/**
 * The least time a puzzle's answer can take from a person: its drag trail's own length and a person's reaction
 * (REACTION_MS), and never less than HAND_MIN_MS (an answer without a drag: the keyboard, a tap).
 */
export const puzzleFitsMs = (trail: readonly { t: number }[], isDrag: boolean) =>
  isDrag && trail.length > 1 ? Math.max(HAND_MIN_MS, trail[trail.length - 1]!.t - trail[0]!.t + REACTION_MS) : HAND_MIN_MS;

/** The least time 无障碍验证's solution of `counter` can take in a browser (BROWSER_TRIES_PER_MS). */
export const accessibleFitsMs = (counter: number) => Math.max(0, counter) / BROWSER_TRIES_PER_MS;

/**
 * What a judged answer counts as for the levels: a failure, or a pass; a right answer that came back sooner
 * than its task fits (a drag's trail and a person's reaction; 无障碍验证's tries at a browser's best speed) counts
 * as a failure: people do not produce it, so even a carrier's level, which rises on failures alone, rises on it.
 * The pass itself stands. No timing (null): a pass.
 */
export const answerEvidence = (passed: boolean, timing: AnswerTiming | null): 'pass' | 'fail' =>
  passed && (timing === null || timing.answeredInMs >= timing.fitsMs) ? 'pass' : 'fail';

/**
 * Whether a judged answer counts for the network that fetched its puzzle as well as for its address: always, but
 * a carrier NAT address's failure past its share (CARRIER_NAT_FAILURE_SHARE in ten minutes; `addressFailures10m`
 * counts this one), which counts for the address alone. One NAT's failures then raise its own level, never its
 * /24's alone, for the people on the /24's other addresses.
 */
export const countsForNetwork = (nat: boolean, evidence: 'pass' | 'fail' | 'accessiblePass', addressFailures10m: number) =>
  !nat || evidence !== 'fail' || addressFailures10m <= CARRIER_NAT_FAILURE_SHARE;
