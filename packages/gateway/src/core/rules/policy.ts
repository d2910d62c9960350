// Every number of strict mode's policy, once: the lock, the limits, the escalation of the work, the TTLs and
// the bounds of the operator's settings here; the difficulty levels' in level-policy.ts, the kinds of network's
// in network-policy.ts, both re-exported (docs/decisions/bots-pay-people-dont.md). The routes, the stores
// and the options schema read them all from here.

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
 * still passes, but counts as a failure for the levels (rules/level-decision.ts).
 */
export const HAND_MIN_MS = 600;
/**
 * The least a person takes to see the picture and start to drag, on top of the drag itself: a right answer whose
 * drag trail lasted T came back no sooner than T + REACTION_MS after the puzzle left, or no hand made it
 * (rules/level-decision.ts, answerFits). A person's visual reaction alone is about 200-250 ms, and the
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

/**
 * 无障碍验证 (the path without the picture): its own limit per address, tighter than the puzzle's. The host's to
 * apply with its other limits by address (the gateway counts networks, never this).
 */
export const HOST_ACCESSIBLE_LIMIT = { max: 6, windowMs: 10 * 60_000 } as const;

/**
 * Challenges (both paths) one network (a /24, an IPv6 /48, a hosting AS) may have
 * answered with work per minute, from however many addresses: a bot that rotates addresses inside its network
 * is counted as one. Bare fetches are not counted here (they cost nothing, so they may not close a network to
 * its people): each address pays for its own (ADDRESS_FETCHES). Room for a busy carrier-grade NAT. `max` is the
 * default of the `networkChallenges` option.
 */
export const NETWORK_ANSWER_LIMIT = { max: 300, windowMs: 60_000 } as const;

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
 * it is dearer. `npm run bench` (bench/widget/work.ts) measures what each costs a browser and a script farm.
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

export * from './level-policy';
export * from './network-policy';

/**
 * Drawing shared fairly (drawing/draw-share.ts): while an instance's drawing runs short (a stock shelf of the
 * asked ratio below `lowWater` of its size, or visitors' draws waiting for a thread), a network that has had the
 * most puzzles of late waits (503, Retry-After) until another has had as many, while another wants drawing too (has
 * had `othersActive` of late: one within two half-lives); a network that had fewer than `freeTakes` of late is
 * served at once. "Of late": a count that halves every `halfLifeMs`, kept in `slots`
 * counters per row of two rows (a network is counted in one slot of each; its count is the smaller), so the
 * memory is fixed whatever the number of networks seen.
 */
export const DRAW_SHARE = { lowWater: 0.5, freeTakes: 2, othersActive: 0.25, halfLifeMs: 2_000, slots: 1024 } as const;
