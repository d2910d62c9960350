// The difficulty engine, the store's side of the levels: the signals counted, each entity's level moved by its
// pressure through the hysteresis, the site's floor read; the rule that turns that evidence into a level is
// rules/level-decision.ts. One store round trip for a calm visitor (count and read at once); a hot entity's state
// is written back as well. Its state: the addresses' and networks' levels live in the store; this instance's
// copies of the site's and the carriers' floors live in the object createDifficulty returns, read again from the
// store every SITE_READ_EVERY_MS (the rules it calls keep none).
import type { GatewayEvents } from '../rules/events';
import { isCarrierNat, type JudgedNetwork, type NetworkKind } from '../rules/networks/network-kind';
import { CARRIER_CAMPAIGN_PRESSURE, CARRIER_PRESSURE, carrierNatPressure } from '../rules/policy';
import { campaignCap, countsForNetwork, decideLevel, type LevelVerdict, type OperatorSwitches } from '../rules/level-decision';
import { freshState, isForgettable, nextState, type LevelState } from '../rules/hysteresis';
import { CARRIER_SURGE, HYSTERESIS, PRESSURE, SITE_FLOOR, type Level } from '../rules/policy';
import { pressureOf } from '../rules/pressure';
import { carrierPressure, nextBaseline, nextCarrierBaseline, sitePressure } from '../rules/site-floor';
import type { EntityReading, SignalEntity, SignalEvent } from '../rules/signals';
import type { SignalStore } from '../ports';

export interface DifficultyOptions {
  signals: SignalStore;
  switches: () => OperatorSwitches;
  /** Share of level-0 challenges given the guarded picture (HOLDOUT_LIMITS). */
  holdout: number;
  /** For the holdout's draw: [0, 1). */
  random: () => number;
  /** A level pinned for everyone (no quota, no holdout; the signals are still counted), or null: from the evidence. */
  pinned: Level | null;
  events: GatewayEvents;
  /** A failed write of a state or of the site's reading (the level still answers from what was read). */
  onError: (error: unknown) => void;
}

/**
 * Where an entity's pressure starts: a carrier's network, and a carrier's IPv4 address (a NAT), where its people
 * do not push them, on a usual day or in a campaign the operator announced (CARRIER_PRESSURE,
 * CARRIER_CAMPAIGN_PRESSURE); the rest as PRESSURE says.
 */
const CARRIER_NAT = { usual: carrierNatPressure(CARRIER_PRESSURE), campaign: carrierNatPressure(CARRIER_CAMPAIGN_PRESSURE) };
const thresholdsOf = (entity: SignalEntity, kind: NetworkKind, subject: string, campaign: boolean) => {
  if (kind !== 'carrier' || (entity === 'address' && subject.includes(':'))) return PRESSURE[entity];
  if (entity === 'network') return campaign ? CARRIER_CAMPAIGN_PRESSURE : CARRIER_PRESSURE;
  return campaign ? CARRIER_NAT.campaign : CARRIER_NAT.usual;
};

/** The site's reading is taken again at most this often (on the gateway's clock), by whichever challenge comes first. */
export const SITE_READ_EVERY_MS = 10_000;
/** A hot entity's state is written back when something but its last reading changed, or when that is this old. */
const RESTATE_AFTER_MS = 10_000;

const sameBut = (a: LevelState, b: LevelState) => JSON.stringify({ ...a, lastAt: 0 }) === JSON.stringify({ ...b, lastAt: 0 });

export function createDifficulty({ signals, switches, holdout, random, pinned, events, onError }: DifficultyOptions) {
  let siteLevel: Level = 0;
  let carriersLevel: Level = 0;
  let siteReadAt = -Infinity;
  /** Whether the operator's campaign switch is on: a carrier's marks and pass allowance are a campaign's. */
  const campaignOn = (at: number) => campaignCap(switches(), at) !== null;

  /** Moves one entity's level by what its counts say, and keeps (or forgets) the new state. */
  const advance = (entity: SignalEntity, subject: string, kind: NetworkKind, { counts, state }: EntityReading, at: number): Level => {
    const before = state ?? freshState(at);
    const after = nextState(before, pressureOf(entity, counts, thresholdsOf(entity, kind, subject, campaignOn(at))), at);
    if (after.level !== before.level) events.levelChanged(entity, before.level, after.level, kind, subject);
    const keep = !isForgettable(after, at);
    const write = keep ? state === null || !sameBut(before, after) || at - before.lastAt >= RESTATE_AFTER_MS : state !== null;
    if (write) signals.saveState(entity, subject, keep ? after : null, HYSTERESIS.ttlMs).catch(onError);
    return after.level;
  };

  /** The site's floor, read again from the shared counts at most every SITE_READ_EVERY_MS, off the request's path. */
  const readSite = async (at: number) => {
    const reading = await signals.site(at);
    const minute = {
      answersPerMinute: reading.challenges,
      baselinePerMinute: reading.baseline?.perMinute ?? null,
      topNetworksShare: reading.topNetworksShare,
    };
    // A minute is taken into the baseline once, by the first instance to read it.
    const fresh = reading.baseline === null || reading.baseline.minute < reading.minute;
    const perMinute = fresh ? nextBaseline(reading.baseline?.perMinute ?? null, minute) : null;
    const before = reading.state ?? freshState(at);
    // The site's own level never goes above the floor it puts under everyone: the networks' levels hold attackers.
    const after = nextState(before, sitePressure(minute), at, SITE_FLOOR.maxFloor);
    if (after.level !== siteLevel) events.levelChanged('site', siteLevel, after.level, null);
    siteLevel = after.level;
    await signals.saveSite(
      isForgettable(after, at) ? null : after,
      perMinute === null ? null : { perMinute, minute: reading.minute },
      HYSTERESIS.ttlMs,
    );
  };

  /**
   * The carriers' floor, read with the site's: their passes across the site against their own baseline. While the
   * operator's campaign switch is on, a surge is expected: the floor rises no higher than the switch allows (at
   * 0 its minutes are calm), and every campaign minute teaches the baseline, surge or not.
   */
  const readCarriers = async (at: number) => {
    const reading = await signals.carriers(at);
    const campaign = campaignCap(switches(), at);
    const minute = { passesPerMinute: reading.passes, baselinePerMinute: reading.baseline?.perMinute ?? null };
    const fresh = reading.baseline === null || reading.baseline.minute < reading.minute;
    const perMinute = fresh ? nextCarrierBaseline(reading.baseline?.perMinute ?? null, minute, campaign !== null) : null;
    const before = reading.state ?? freshState(at);
    // Raised by a rate alone (no failures): it steps down in HYSTERESIS.rateCalmMs of calm, not calmMs.
    const after = nextState(
      before,
      campaign === 0 ? 'calm' : carrierPressure(minute),
      at,
      Math.min(CARRIER_SURGE.maxFloor, campaign ?? CARRIER_SURGE.maxFloor) as Level,
      HYSTERESIS.rateCalmMs,
    );
    if (after.level !== carriersLevel) events.levelChanged('carriers', carriersLevel, after.level, 'carrier');
    carriersLevel = after.level;
    await signals.saveCarriers(
      isForgettable(after, at) ? null : after,
      perMinute === null ? null : { perMinute, minute: reading.minute },
      HYSTERESIS.ttlMs,
    );
  };

  /**
   * Counts an event for an address and its network (null: the address alone) and moves their levels. A
   * carrier's answers are left out of the site's minute: a campaign arrives through a few carrier /24s.
   */
  const observe = async (event: SignalEvent, address: string, network: string | null, kind: NetworkKind, at: number) => {
    const reading = await signals.record(event, address, network, at, kind !== 'carrier');
    return {
      reading,
      address: advance('address', address, kind, reading.address, at),
      network: network === null ? 0 : advance('network', network, kind, reading.network, at),
    };
  };

  return {
    /**
     * The level a challenge is issued at (sealed into it by the caller), and its network's answered challenges in
     * the last minute (what its allowance is checked against: admission.ts). The fetch counts for its address alone.
     */
    async challenge(
      address: string,
      { network, kind }: Pick<JudgedNetwork, 'network' | 'kind'>,
      at: number,
    ): Promise<{ verdict: LevelVerdict; networkAnswered: number }> {
      if (at - siteReadAt >= SITE_READ_EVERY_MS) {
        siteReadAt = at;
        readSite(at).catch(onError);
        readCarriers(at).catch(onError);
      }
      const { reading, ...levels } = await observe('challenge', address, network, kind, at);
      const nat = isCarrierNat(kind, address);
      const verdict = decideLevel({
        kind,
        nat,
        ...levels,
        site: siteLevel,
        carriers: carriersLevel,
        addressCounts: reading.address.counts,
        switches: switches(),
        pinned,
        holdout,
        draw: random(),
        now: at,
      });
      return { verdict, networkAnswered: reading.network.counts.minuteCount };
    },
    /**
     * An answer whose work was done, judged: counted for the address and network that fetched its puzzle, whose
     * levels move with it (hard evidence at once); an answer to no live puzzle, for the sender's address alone
     * (network null). What it counts as is level-decision.ts's answerEvidence. A carrier NAT address's failure is
     * counted for the address first, then for its network only within the NAT's share (countsForNetwork): a second
     * round trip, for those failures alone.
     */
    async answered(
      address: string,
      network: string | null,
      kind: NetworkKind,
      evidence: 'pass' | 'fail' | 'accessiblePass',
      at: number,
    ): Promise<void> {
      if (network === null || evidence !== 'fail' || !isCarrierNat(kind, address)) {
        await observe(evidence, address, network, kind, at);
        return;
      }
      const own = await observe('fail', address, null, kind, at);
      if (!countsForNetwork(true, 'fail', own.reading.address.counts.failures10m)) return;
      const reading = await signals.record('networkFail', address, network, at, false);
      advance('network', network, kind, reading.network, at);
    },
    siteLevel: () => siteLevel,
    /** The operator's switches in service (for a pass's facts: rules/pass-facts.ts). */
    switches,
    /** The floor under every carrier visitor (a solver spread over many carrier networks). */
    carriersLevel: () => carriersLevel,
    /** The level pinned for everyone, or null: its passes are then bounded by their network's kind alone (admission.ts). */
    pinned,
  };
}

export type Difficulty = ReturnType<typeof createDifficulty>;
