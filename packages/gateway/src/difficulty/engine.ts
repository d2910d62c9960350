// The level of each challenge: the signals counted, each entity's level moved by its pressure through the
// hysteresis, the site's floor, the operator's switches and the quota of the level. One store round trip for
// a calm visitor (count and read at once); a hot entity's state is written back as well.
import type { GatewayEvents, PictureKind } from '../events';
import { HOLDOUT_LIMITS } from '../policy';
import { effectiveLevel, type OperatorSwitches } from './effective-level';
import { freshState, isForgettable, nextState, type LevelState } from './hysteresis';
import { HYSTERESIS, LEVEL_POLICY, type Level, type LevelPolicy } from './levels';
import { pressureOf } from './pressure';
import { nextBaseline, SITE_FLOOR, sitePressure } from './site-floor';
import { SIGNAL_WINDOWS, type EntityReading, type SignalEntity, type SignalEvent, type SignalStore } from './signals';

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

/** A challenge's level and what it sets, or a refusal: its network had as many passes this hour as the level allows. */
export type LevelVerdict =
  | { admitted: true; level: Level; picture: PictureKind; holdout: boolean; policy: LevelPolicy }
  | { admitted: false; level: Level; retryAfterMs: number };

/** The site's reading is taken again at most this often (on the gateway's clock), by whichever challenge comes first. */
export const SITE_READ_EVERY_MS = 10_000;
/** A hot entity's state is written back when something but its last reading changed, or when that is this old. */
const RESTATE_AFTER_MS = 10_000;

const sameBut = (a: LevelState, b: LevelState) => JSON.stringify({ ...a, lastAt: 0 }) === JSON.stringify({ ...b, lastAt: 0 });

export function createDifficulty({ signals, switches, holdout, random, pinned, events, onError }: DifficultyOptions) {
  let siteLevel: Level = 0;
  let siteReadAt = -Infinity;

  /** Moves one entity's level by what its counts say, and keeps (or forgets) the new state. */
  const advance = (entity: SignalEntity, subject: string, { counts, state }: EntityReading, at: number): Level => {
    const before = state ?? freshState(at);
    const after = nextState(before, pressureOf(entity, counts), at);
    if (after.level !== before.level) events.levelChanged(entity, before.level, after.level);
    const keep = !isForgettable(after, at);
    const write = keep ? state === null || !sameBut(before, after) || at - before.lastAt >= RESTATE_AFTER_MS : state !== null;
    if (write) signals.saveState(entity, subject, keep ? after : null, HYSTERESIS.ttlMs).catch(onError);
    return after.level;
  };

  /** The site's floor, read again from the shared counts at most every SITE_READ_EVERY_MS, off the request's path. */
  const readSite = async (at: number) => {
    const reading = await signals.site(at);
    const minute = { challengesPerMinute: reading.challenges, baselinePerMinute: reading.baseline?.perMinute ?? null, topNetworksShare: reading.topNetworksShare };
    // A minute is taken into the baseline once, by the first instance to read it.
    const fresh = reading.baseline === null || reading.baseline.minute < reading.minute;
    const perMinute = fresh ? nextBaseline(reading.baseline?.perMinute ?? null, minute) : null;
    const before = reading.state ?? freshState(at);
    // The site's own level never goes above the floor it puts under everyone: the networks' levels hold attackers.
    const after = nextState(before, sitePressure(minute), at, SITE_FLOOR.maxFloor);
    if (after.level !== siteLevel) events.levelChanged('site', siteLevel, after.level);
    siteLevel = after.level;
    await signals.saveSite(isForgettable(after, at) ? null : after, perMinute === null ? null : { perMinute, minute: reading.minute }, HYSTERESIS.ttlMs);
  };

  const observe = async (event: SignalEvent, address: string, network: string, at: number) => {
    const reading = await signals.record(event, address, network, at);
    return { reading, address: advance('address', address, reading.address, at), network: advance('network', network, reading.network, at) };
  };

  return {
    /** The level a challenge is issued at (sealed into it by the caller), or the quota's refusal. */
    async challenge(address: string, network: string, at: number): Promise<LevelVerdict> {
      if (at - siteReadAt >= SITE_READ_EVERY_MS) {
        siteReadAt = at;
        readSite(at).catch(onError);
      }
      const { reading, ...levels } = await observe('challenge', address, network, at);
      if (pinned !== null) return { admitted: true, level: pinned, picture: LEVEL_POLICY[pinned].picture, holdout: false, policy: LEVEL_POLICY[pinned] };
      // Known good: its address passed within the hour and failed nothing since (sliding counts, hence the halves).
      const knownGood = reading.address.counts.successes1h >= 0.5 && reading.address.counts.failures10m < 0.5;
      const level = effectiveLevel({ ...levels, site: siteLevel, knownGood, switches: switches(), now: at });
      const policy = LEVEL_POLICY[level];
      const quota = policy.networkSuccessesPerHour;
      if (quota !== null && reading.network.counts.successes1h >= quota) {
        // Until the hour's newest bucket turns over (the sliding count then starts to fall), at least a minute.
        const window = SIGNAL_WINDOWS.passesHour.windowMs / SIGNAL_WINDOWS.passesHour.buckets;
        return { admitted: false, level, retryAfterMs: Math.max(60_000, window - (at % window)) };
      }
      const isHoldout = level === 0 && holdout > 0 && random() < Math.min(holdout, HOLDOUT_LIMITS.max);
      return { admitted: true, level, picture: isHoldout ? 'guarded' : policy.picture, holdout: isHoldout, policy };
    },
    /** An answer judged: counted for its address and network, whose levels move with it (hard evidence at once). */
    async answered(address: string, network: string, passed: boolean, at: number): Promise<void> {
      await observe(passed ? 'pass' : 'fail', address, network, at);
    },
    siteLevel: () => siteLevel,
  };
}

export type Difficulty = ReturnType<typeof createDifficulty>;
