// Networks by kind (networks/): what an address's origin AS says of the people behind it, and what each kind
// may pass (docs/decisions/networks-as-they-are.md). `npm run derive:networks` keeps the prefixes of these ASes
// (and of any an operator names in the site settings) from @ip-location-db/asn in networks/origin-as.json.
// Re-exported by policy.ts.
import type { Thresholds } from './level-policy';

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
/** A token bucket's size and refill: a network's allowance of passes. */
export interface Allowance {
  burst: number;
  perMinute: number;
}

export const PASS_ALLOWANCE: Readonly<Record<'carrier' | 'hosting' | 'unknown', Allowance>> = {
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
  hot: { minuteCount: 30, failures10m: 40, successes10m: 240 },
  calm: { minuteCount: 15, failures10m: 15, successes10m: 100 },
  hotFailureShare: 0.4,
  hardAnswersPerMinute: 60,
  hardFailureShare: 0.6,
  hardMinAnswers: 30,
};

/**
 * The same during a campaign: it brings one /24 (or IPv6 /48) tens of people a minute, 60 a minute for ten
 * minutes at the most we plan for (flows/difficulty.test.ts plays it): half as much again is a pool of solvers,
 * not people, both over the network's minute (90 answers with work; 180, three times a campaign's, is hard
 * evidence) and over ten minutes (720 passes, 1.2 times a campaign's: one that keeps under 90 a minute for long).
 */
export const CARRIER_CAMPAIGN_PRESSURE: typeof CARRIER_PRESSURE = {
  ...CARRIER_PRESSURE,
  hot: { minuteCount: 90, failures10m: 40, successes10m: 720 },
  calm: { minuteCount: 45, failures10m: 15, successes10m: 300 },
  hardAnswersPerMinute: 180,
};

/**
 * A carrier IPv4 address, a NAT of many people, moves as its network does (on a usual day or in a campaign) but
 * for its challenges a minute: an address's are its fetches, which cost nothing (ADDRESS_FETCHES makes it pay
 * for them in work).
 */
export const carrierNatPressure = (network: typeof CARRIER_PRESSURE): typeof CARRIER_PRESSURE => ({
  ...network,
  hot: { ...network.hot, minuteCount: Infinity },
  calm: { ...network.calm, minuteCount: Infinity },
  hardAnswersPerMinute: Infinity,
});

/**
 * A carrier NAT address's failures count toward its network's evidence (its /24's failures, answers and answers a
 * minute) up to this many in ten minutes; past them, for the address alone, whose own level they still raise as
 * any address's do. Raising a carrier /24 on failures (hard: 30 answers, most failed) then takes at least three of
 * its addresses, which a phone on one connection does not have at will; one NAT stays under the /24's calm mark
 * (15), so it never holds the /24 up alone either. A patient solver on a /24 answers from many of its addresses, a
 * few failures each (bench:attack's patient-24: 250 of them, about 8 each in ten minutes): all counted, as before.
 * Passes always count: they are the evidence of a fast solver on the plain picture.
 */
export const CARRIER_NAT_FAILURE_SHARE = 10;

/**
 * 无障碍验证's share of a network's passes in 10 minutes, past which the network is hot: the people who need the
 * path without the picture are a few in a hundred of a site's passes (the holdout's and the funnel's figures:
 * docs/decisions/carriers-campaign-switch-and-carriers-floor.md), so a network where over a quarter of at least `min` passes come that way
 * is a script that reads no picture, and its level rises as on any other evidence.
 */
export const ACCESSIBLE_SHARE = { share: 0.25, min: 6 } as const;

/**
 * 无障碍验证's passes per network, a token bucket of its own beside the puzzle's (PASS_ALLOWANCE): the people who
 * need the path without the picture are a few in a hundred, so a network gets a tenth of its kind's puzzle
 * passes there, at most; above level 1 (where the puzzle's picture is guarded), the level's hourly quota applies
 * to every kind, a carrier's too: a script that reads no picture would otherwise take this path instead.
 */
export const ACCESSIBLE_ALLOWANCE: Readonly<Record<'carrier' | 'hosting' | 'unknown', Allowance>> = {
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
