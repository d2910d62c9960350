// The difficulty levels' numbers: what each level sets, how evidence moves a level, where pressure starts, and
// the site's floor. The shapes of these tables live here with their numbers; the level rules beside this file
// (levels.ts, hysteresis.ts, level-decision.ts, pressure.ts, site-floor.ts) read them. Re-exported by policy.ts.

/**
 * The difficulty levels of strict mode (docs/decisions/bots-pay-people-dont.md). A visitor's level is the
 * highest of its address's, its network's and the site's floor, capped by the operator's "people first";
 * each level sets the picture, the work and how many successes one network may have in an hour. Above the
 * last level a network is refused for a while (Retry-After).
 */
export type Level = 0 | 1 | 2 | 3;

export interface LevelPolicy {
  picture: 'plain' | 'guarded';
  /** The work's cost, as a multiple of CAPTCHA_WORK_COST: pacing, never price (a bot's SHA-256 is 100-1000x a phone's). */
  workFactor: number;
  /** The same for the path without the picture, whose task is already dear (CAPTCHA_ACCESSIBLE_WORK_COST). */
  accessibleWorkFactor: number;
  /** Passed puzzles one /24 (IPv6 /48) may have in an hour at this level; null: no quota. */
  networkSuccessesPerHour: number | null;
  /** Whether 无障碍验证's passes are held to that quota too at this level (below it: to their kind's allowance alone). */
  accessibleQuota: boolean;
  /**
   * Hard evidence (most of many answers failing, a minute's answers past the hard mark) raises an address or a
   * network at once to the lowest level marked so, past the hysteresis's wait and its limit of changes.
   */
  hardEvidence: boolean;
}

/**
 * Where pressure on an address or a network starts (hot) and ends (calm). `minuteCount` is the minute's
 * count as signals.ts keeps it: an address's puzzles fetched, a network's answers with work (a bare fetch moves
 * no network).
 */
export interface Thresholds {
  hot: { minuteCount: number; failures10m: number; successes10m: number };
  calm: { minuteCount: number; failures10m: number; successes10m: number };
  /** Failures are hot only when they are at least this share of the answers (a busy carrier's people fail too). */
  hotFailureShare?: number;
  /** A network's answers with work in a minute, this many or more: hard evidence (the level goes at once to LEVEL_POLICY's). */
  hardAnswersPerMinute?: number;
}

export const LEVEL_POLICY: Readonly<Record<Level, LevelPolicy>> = {
  0: {
    picture: 'plain',
    workFactor: 1,
    accessibleWorkFactor: 1,
    networkSuccessesPerHour: null,
    accessibleQuota: false,
    hardEvidence: false,
  },
  1: { picture: 'plain', workFactor: 4, accessibleWorkFactor: 1, networkSuccessesPerHour: 10, accessibleQuota: false, hardEvidence: false },
  2: { picture: 'guarded', workFactor: 10, accessibleWorkFactor: 2, networkSuccessesPerHour: 5, accessibleQuota: true, hardEvidence: true },
  3: {
    picture: 'guarded',
    workFactor: 10,
    accessibleWorkFactor: 2,
    networkSuccessesPerHour: 2,
    accessibleQuota: true,
    hardEvidence: false,
  },
};

/** How evidence moves a level: sustained before a step up, calm before a step down, never more than twice in 10 minutes. */
export const HYSTERESIS = {
  /** Pressure held this long raises the level one step. */
  sustainMs: 15_000,
  /** Calm held this long lowers it one step. */
  calmMs: 15 * 60_000,
  /**
   * The calm period of the carriers' floor, raised by carrier passes a minute alone, never by failures: once that
   * rate is calm again nothing of the surge is left to read, and a surge that comes back raises it again in 15 s
   * steps. A network's level, raised on failures (a patient solver on the guarded picture fails most answers),
   * keeps calmMs.
   */
  rateCalmMs: 5 * 60_000,
  /** The least time at a level before it steps down. */
  minDwellMs: 5 * 60_000,
  /** At most this many changes in flapWindowMs; hard evidence may still raise the level to its own (LEVEL_POLICY). */
  maxChanges: 2,
  flapWindowMs: 10 * 60_000,
  /** An entity's state is forgotten this long after its last change (and at once when it is calm at level 0). */
  ttlMs: 24 * 60 * 60_000,
} as const;

/**
 * Where the pressure starts, per kind of entity. A person fetches a few puzzles and passes once; a household
 * or an office behind one address a few more; a /24 of a mobile carrier many people, few at a time.
 */
export const PRESSURE: Readonly<Record<'address' | 'network', Thresholds & { hardFailureShare: number; hardMinAnswers: number }>> = {
  address: {
    hot: { minuteCount: 8, failures10m: 3, successes10m: 3 },
    calm: { minuteCount: 3, failures10m: 1, successes10m: 1 },
    hardFailureShare: 0.8,
    hardMinAnswers: 6,
  },
  network: {
    hot: { minuteCount: 20, failures10m: 10, successes10m: 4 },
    calm: { minuteCount: 8, failures10m: 4, successes10m: 2 },
    hardFailureShare: 0.6,
    hardMinAnswers: 20,
  },
};

/** When the site's own level rises (site-floor.ts). */
export const SITE_FLOOR = {
  /** Far above the baseline: this many times it, and at least `minPerMinute`. */
  surgeFactor: 3,
  minPerMinute: 60,
  /**
   * Concentrated: the ten busiest networks bring more than this share (each counted up to SITE_SHARE_PER_NETWORK):
   * at full share, fewer than 10 / 0.15 = 66 networks. With minPerMinute, the floor answers 30 to 66 networks
   * answering with work at once; fewer are held by their own levels, more are a burst of people.
   */
  concentratedShare: 0.15,
  /** The floor never goes above this: the networks' own levels hold attackers, the floor only paces the rest. */
  maxFloor: 1,
  /** Weight of a calm minute in the moving baseline. */
  baselineWeight: 0.1,
} as const;

/**
 * A network's share of the site's minute is counted up to this many answered challenges: with
 * SITE_FLOOR.minPerMinute (60), the floor needs at least 30 networks that are not carriers (a hosting AS counts as
 * one), each answering with work (docs/decisions/nothing-free-moves-anyone.md).
 */
export const SITE_SHARE_PER_NETWORK = 2;
