// Every number of strict mode's policy, once: the lock, the limits, the escalation of the work, the TTLs,
// the bounds of the operator's settings and the difficulty levels (docs/decisions.md: "Bots pay, people don't").
// The routes, the stores and the options schema read them here.

/**
 * An address is locked at its fifth failure, and again at each one after, until FAILURE_WINDOW_MS pass
 * without one. (Networks are never locked: a shared one, a carrier's NAT, holds people too. Their failures
 * make the work dearer instead.)
 */
export const FAILURES_BEFORE_LOCK = 5;
/** How long an address's failures are remembered after its latest; a network's window from its first. */
export const FAILURE_WINDOW_MS = 10 * 60_000;
/** How long an address (or a network) waits at its lock threshold and after every failure past it. */
export const LOCK_MS = 60_000;

export const CHALLENGE_TTL_MS = 2 * 60_000;
/**
 * Sooner than this from a puzzle leaving the gateway to its answer coming back, no hand has seen the picture and
 * dragged (a person's fastest slide is about a second; the phone's round trips come on top): such a right answer
 * still passes, but counts as a failure for the levels (difficulty/level-decision.ts).
 */
export const HAND_MIN_MS = 600;
/**
 * The least a person takes to see the picture and start to drag, on top of the drag itself: a right answer whose
 * drag trail lasted T came back no sooner than T + REACTION_MS after the puzzle left, or no hand made it
 * (difficulty/level-decision.ts, answerFits). A person's visual reaction alone is about 200-250 ms, and the
 * picture's download and the answer's upload come on top.
 */
export const REACTION_MS = 200;
/**
 * 无障碍验证's solution shows how many tries it took: no browser makes more than this many tries a millisecond
 * (a desktop Chromium makes 16-40, a phone fewer: `npm run bench:work`), so a solution of counter c that came back
 * sooner than c / this many ms was not solved in a visitor's browser, and counts as a failure for the levels.
 */
export const BROWSER_TRIES_PER_MS = 100;
export const TOKEN_TTL_MS = 2 * 60_000;
/** How often the routes ask the store to drop what has expired (a no-op on Redis). */
export const SWEEP_EVERY_MS = 60_000;
/** Every draw thread busy and the queue full: the client may ask again after this many seconds. */
export const BUSY_RETRY_AFTER_S = 1;
/** After a refill draw failed for another reason than a full queue, the stock waits this long to try again. */
export const STOCK_RETRY_AFTER_FAILURE_MS = 1000;

/** 无障碍验证 (the path without the picture): its own limit per address, tighter than the puzzle's. */
export const ACCESSIBLE_LIMIT = { max: 6, windowMs: 10 * 60_000 } as const;

/**
 * Challenges (both paths) one network (a /24, an IPv6 /48, a hosting AS) may have
 * answered with work per minute, from however many addresses: a bot that rotates addresses inside its network
 * is counted as one. Bare fetches are not counted here (they cost nothing, so they may not close a network to
 * its people): each address pays for its own (ADDRESS_FETCHES). Room for a busy carrier-grade NAT. `max` is the
 * default of the `networkChallenges` option.
 */
export const NETWORK_CHALLENGE_LIMIT = { max: 300, windowMs: 60_000 } as const;

/**
 * What one address (an IPv6 /64) may fetch per minute before it pays: `share` is what the people at one address
 * produce (a person fetches a few puzzles a minute, a household a few more; a carrier NAT address counts
 * CARRIER_NAT_VISITORS times). Past its share, each further share doubles the address's work once more (up to
 * WORK_ESCALATION.maxSteps); past `refuseAt` shares, an address that is not a carrier NAT is refused (429, for
 * itself alone). A carrier NAT address is never refused for its fetches: its people would be.
 */
export const ADDRESS_FETCHES = { share: 12, refuseAt: 4, windowMs: 60_000 } as const;

/**
 * The work grows with recent failures: it doubles for each failure of the address and for each
 * `networkFailuresPerStep` of its network, up to 2^maxSteps times the configured cost. A person who
 * passes first time pays the configured cost; a script that keeps missing pays more per attempt. An answer
 * must carry work doubled at least once per failure its address had when it answered: a batch of cheap
 * challenges fetched before the failures is worth nothing after them.
 */
export const WORK_ESCALATION = { networkFailuresPerStep: 10, maxSteps: 5, accessibleMaxSteps: 1 } as const;

/**
 * Default costs, as the highest counter the server may draw (the expected work is half of it). The puzzle's
 * task runs in the background while the visitor drags; the accessible path's task replaces the picture, so
 * it is dearer. `npm run bench` (bench/work.ts) measures what each costs a browser and a script farm.
 */
export const WORK_DEFAULTS = { puzzle: 10_000, accessible: 80_000 } as const;
/** Bounds for the operator's settings: below, the work is no hurdle; above, a phone could not finish it. */
export const WORK_LIMITS = { min: 1_000, max: 5_000_000 } as const;

/** The shortest HMAC secret accepted (e.g. openssl rand -hex 32). */
export const SECRET_MIN_LENGTH = 32;
/** Puzzles ready per pixel ratio: a burst of a few hundred visitors on one kind of phone (README: its memory). */
export const STOCK_DEFAULT = 300;
export const STOCK_MAX = 10_000;
/** Guarded puzzles ready per pixel ratio, as a share of the plain ones: only levels 2-3 and the holdout show them. */
export const GUARDED_STOCK_SHARE = 0.25;
/** Draw threads and the draws that may wait for one: the defaults and the bounds of the `draw` option. */
export const DRAW_DEFAULTS = { threads: 1, queue: 64 } as const;
export const DRAW_LIMITS = { maxThreads: 64, maxQueue: 100_000 } as const;

/** The holdout: this share of level-0 challenges gets the guarded picture, so its cost to people is measured. */
export const HOLDOUT_LIMITS = { default: 0.02, max: 0.5 } as const;

// The difficulty levels (difficulty/): what each level sets, how evidence moves a level, where pressure starts.
// The shapes of these tables live here with their numbers; difficulty/ imports them, and nothing here imports
// difficulty/ (no circle: docs/decisions.md, "Layout").

/**
 * The difficulty levels of strict mode (docs/decisions.md, "Bots pay, people don't"). A visitor's level is the
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
}

/** Where pressure on an address or a network starts (hot) and ends (calm). */
export interface Thresholds {
  hot: { challengesPerMinute: number; failures10m: number; successes10m: number };
  calm: { challengesPerMinute: number; failures10m: number; successes10m: number };
  /** Failures are hot only when they are at least this share of the answers (a busy carrier's people fail too). */
  hotFailureShare?: number;
  /** A minute's challenges this many or more are hard evidence: the level goes to 2 at once. */
  hardChallengesPerMinute?: number;
}


export const LEVEL_POLICY: Readonly<Record<Level, LevelPolicy>> = {
  0: { picture: 'plain', workFactor: 1, accessibleWorkFactor: 1, networkSuccessesPerHour: null },
  1: { picture: 'plain', workFactor: 4, accessibleWorkFactor: 1, networkSuccessesPerHour: 10 },
  2: { picture: 'guarded', workFactor: 10, accessibleWorkFactor: 2, networkSuccessesPerHour: 5 },
  3: { picture: 'guarded', workFactor: 10, accessibleWorkFactor: 2, networkSuccessesPerHour: 2 },
};

/** How evidence moves a level: sustained before a step up, calm before a step down, never more than twice in 10 minutes. */
export const HYSTERESIS = {
  /** Pressure held this long raises the level one step. */
  sustainMs: 15_000,
  /** Calm held this long lowers it one step. */
  calmMs: 15 * 60_000,
  /** The least time at a level before it steps down. */
  minDwellMs: 5 * 60_000,
  /** At most this many changes in flapWindowMs; hard evidence may still raise the level to 2. */
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
    hot: { challengesPerMinute: 8, failures10m: 3, successes10m: 3 },
    calm: { challengesPerMinute: 3, failures10m: 1, successes10m: 1 },
    hardFailureShare: 0.8,
    hardMinAnswers: 6,
  },
  network: {
    hot: { challengesPerMinute: 20, failures10m: 10, successes10m: 4 },
    calm: { challengesPerMinute: 8, failures10m: 4, successes10m: 2 },
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

// Networks by kind (networks/): what an address's origin AS says of the people behind it (docs/decisions.md,
// "Networks as they are"). `npm run derive:networks` keeps the prefixes of these ASes (and of any an operator
// names in the site settings) from @ip-location-db/asn in networks/origin-as.json.

/** Access networks and clouds by origin AS: the reviewed lists, one AS a line with its organisation's name. */
export { CARRIER_ASNS, HOSTING_ASNS } from './networks/asn-lists';

/**
 * Each kind's pass allowance, a token bucket per counted network (carrier and unknown: its /24 or /48;
 * hosting: its whole AS): `burst` passes at once, then `perMinute`. Checked when a
 * pass is made, against the network that fetched the puzzle. A campaign brings a busy carrier /24 tens of
 * people a minute, announced or not: a carrier's level rises for more than its usual day brings
 * (CARRIER_PRESSURE), but its bucket, a refusal, is a campaign's always; a fast bot from an unknown /24 gets its
 * burst; a cloud farm a handful per AS.
 */
export const PASS_ALLOWANCE: Readonly<Record<'carrier' | 'hosting' | 'unknown', { burst: number; perMinute: number }>> = {
  carrier: { burst: 120, perMinute: 120 },
  unknown: { burst: 8, perMinute: 2 },
  hosting: { burst: 4, perMinute: 0.2 },
};

/** The least level of each kind: a cloud starts escalated (the guarded picture, more work). */
export const KIND_FLOOR: Readonly<Record<'carrier' | 'hosting' | 'unknown', 0 | 1 | 2>> = { carrier: 0, unknown: 0, hosting: 2 };

/**
 * A carrier network's level rises only on evidence people do not produce: failures, and answers past what its
 * people bring. On a usual day a province's carrier traffic leaves through a few hundred /24s, a handful of
 * visitors a minute each at the most: 30 answers with work in a minute from one /24 (or IPv6 /48), 60 of them
 * (hard: the guarded picture at once) or 240 passes in ten minutes are a solver. During a campaign the operator
 * announces (the campaign switch), CARRIER_CAMPAIGN_PRESSURE's marks hold instead.
 */
export const CARRIER_PRESSURE: Thresholds & { hardFailureShare: number; hardMinAnswers: number } = {
  hot: { challengesPerMinute: 30, failures10m: 40, successes10m: 240 },
  calm: { challengesPerMinute: 15, failures10m: 15, successes10m: 100 },
  hotFailureShare: 0.4,
  hardChallengesPerMinute: 60,
  hardFailureShare: 0.6,
  hardMinAnswers: 30,
};

/**
 * The same during a campaign: it brings one /24 (or IPv6 /48) tens of people a minute, 60 a minute for ten
 * minutes at the most we plan for (difficulty/engine.test.ts plays it): half as much again is a pool of solvers,
 * not people, both over the network's minute (90 answers with work; 180, three times a campaign's, is hard
 * evidence) and over ten minutes (720 passes, 1.2 times a campaign's: one that keeps under 90 a minute for long).
 */
export const CARRIER_CAMPAIGN_PRESSURE: typeof CARRIER_PRESSURE = {
  ...CARRIER_PRESSURE,
  hot: { challengesPerMinute: 90, failures10m: 40, successes10m: 720 },
  calm: { challengesPerMinute: 45, failures10m: 15, successes10m: 300 },
  hardChallengesPerMinute: 180,
};

/**
 * A carrier IPv4 address, a NAT of many people, moves as its network does (on a usual day or in a campaign) but
 * for its challenges a minute: an address's are its fetches, which cost nothing (ADDRESS_FETCHES makes it pay
 * for them in work).
 */
export const carrierNatPressure = (network: typeof CARRIER_PRESSURE): typeof CARRIER_PRESSURE => ({
  ...network,
  hot: { ...network.hot, challengesPerMinute: Infinity },
  calm: { ...network.calm, challengesPerMinute: Infinity },
  hardChallengesPerMinute: Infinity,
});

/**
 * 无障碍验证's share of a network's passes in 10 minutes, past which the network is hot: the people who need the
 * path without the picture are a few in a hundred of a site's passes (the holdout's and the funnel's figures:
 * docs/decisions.md), so a network where over a quarter of at least `min` passes come that way is a script
 * that reads no picture, and its level rises as on any other evidence.
 */
export const ACCESSIBLE_SHARE = { share: 0.25, min: 6 } as const;

/**
 * 无障碍验证's passes per network, a token bucket of its own beside the puzzle's (PASS_ALLOWANCE): the people who
 * need the path without the picture are a few in a hundred, so a network gets a tenth of its kind's puzzle
 * passes there, at most; above level 1 (where the puzzle's picture is guarded), the level's hourly quota applies
 * to every kind, a carrier's too: a script that reads no picture would otherwise take this path instead.
 */
export const ACCESSIBLE_ALLOWANCE: Readonly<Record<'carrier' | 'hosting' | 'unknown', { burst: number; perMinute: number }>> = {
  carrier: { burst: 12, perMinute: 6 },
  unknown: { burst: 2, perMinute: 0.5 },
  hosting: { burst: 1, perMinute: 0.1 },
};

/**
 * The carriers' floor (site-floor.ts): a solver spread over many carrier /24s passes a few times on each, under
 * every network's marks, but the carriers' passes across the site run far above their own calm baseline. Past
 * `surgeFactor` times it (and at least `minPerMinute`), unless the operator's campaign switch says a surge is
 * expected, every carrier visitor's level rises to at least 1, then 2, by the hysteresis; it steps down as any
 * level does. The baseline is a moving average of the minutes that were not a surge (SITE_FLOOR.baselineWeight:
 * about ten minutes) and of every minute of a campaign; until it has one, the mark is `minPerMinute`.
 */
export const CARRIER_SURGE = { surgeFactor: 3, minPerMinute: 60, maxFloor: 2 } as const;

/** A carrier NAT address stands for this many visitors in the host's per-address rate limits (server/api/steps/). */
export const CARRIER_NAT_VISITORS = 10;

/**
 * A network's share of the site's minute is counted up to this many answered challenges: with
 * SITE_FLOOR.minPerMinute (60), the floor needs at least 30 networks that are not carriers (a hosting AS counts as
 * one), each answering with work (docs/decisions.md, "Nothing free moves anyone").
 */
export const SITE_SHARE_PER_NETWORK = 2;
