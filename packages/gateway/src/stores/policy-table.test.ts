// The numbers of the policy table pinned by behaviour (issue 38): each kind's pass allowance, each level's hourly
// pass quota, picture and work, and what a pinned level sets. Every expected number is written out here, never
// read from policy.ts, so that a change of a number there fails a test here.
import Database from 'libsql';
import { admission } from '../core/flows/admission';
import { eventsWith } from '../core/rules/events';
import { ensureCaptchaTables } from './libsql-schema';
import { createLibsqlStore } from './libsql-store';
import { networkOf } from '../core/rules/networks/address-blocks';
import type { NetworkKind } from '../core/rules/networks/network-kind';
import type { OperatorSwitches } from '../core/rules/level-decision';
import { createDifficulty } from '../core/flows/difficulty';
import type { Level } from '../core/rules/policy';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NO_SWITCHES: OperatorSwitches = { underAttack: null, peopleFirst: null };

/** The difficulty and the admission of passes over a fresh embedded store, on a clock the test moves. */
function setUp({ pinned = null, switches = NO_SWITCHES }: { pinned?: Level | null; switches?: OperatorSwitches } = {}) {
  const db = new Database(':memory:');
  ensureCaptchaTables(db);
  const clock = { at: Date.UTC(2026, 10, 26, 8) };
  const now = () => clock.at;
  const store = createLibsqlStore(db, 'k'.repeat(32), now);
  const refusals: { level: Level; kind: NetworkKind }[] = [];
  const events = eventsWith({ quotaRefused: (level, kind) => refusals.push({ level, kind }) });
  const onError = (error: unknown) => {
    throw error;
  };
  const difficulty = createDifficulty({
    signals: store.signals,
    switches: () => switches,
    holdout: 0,
    random: () => 0.5,
    pinned,
    events,
    onError,
  });
  const judge = (ip: string) => ({ network: networkOf(ip), kind: 'unknown' as const, asn: null });
  const { passRefusal } = admission({ store, events, now, networkAnswers: 1_000_000, difficulty, judge });
  /** A right answer's pass for a puzzle fetched from `network` (of `kind`) at `level`: granted, or refused for its quota. */
  const pass = async (network: string, kind: NetworkKind, level: Level) => {
    const refusal = await passRefusal({ address: network, network, kind }, level);
    if (refusal !== null) expect(refusal.refusal).toBe('pass_quota');
    return refusal === null;
  };
  /** Passes tried at once until one is refused: how many were granted. */
  const burst = async (network: string, kind: NetworkKind, level: Level) => {
    let granted = 0;
    while (await pass(network, kind, level)) granted += 1;
    return granted;
  };
  /**
   * A pass tried every `stepMs` (1 ms after each step, off the exact refill instants) for `spanMs` after its
   * burst is spent: when each was granted, in steps.
   */
  const grantedSteps = async (network: string, kind: NetworkKind, level: Level, stepMs: number, spanMs: number) => {
    const start = clock.at;
    const steps: number[] = [];
    for (let step = 1; step * stepMs <= spanMs; step += 1) {
      clock.at = start + step * stepMs + 1;
      if (await pass(network, kind, level)) steps.push(step);
    }
    return steps;
  };
  return { clock, difficulty, pass, burst, grantedSteps, refusals };
}

/** 1, 2, ..., n, each times `every`. */
const multiples = (every: number, n: number) => Array.from({ length: n }, (_, i) => (i + 1) * every);

describe("each kind's pass allowance (at level 0, where no level sets a quota)", () => {
  it('grants a carrier /24 120 passes at once, then one more every 500 ms: 120 a minute', async () => {
    const { burst, grantedSteps } = setUp();
    expect(await burst('36.128.5.0/24', 'carrier', 0)).toBe(120);
    // Tried every 100 ms for a minute: granted at every fifth try, and at no other.
    expect(await grantedSteps('36.128.5.0/24', 'carrier', 0, 100, MINUTE)).toEqual(multiples(5, 120));
  });

  it('grants an unknown /24 8 passes at once, then one more every 30 s', async () => {
    const { burst, grantedSteps } = setUp();
    expect(await burst('198.51.100.0/24', 'unknown', 0)).toBe(8);
    // Tried every 5 s for 3 minutes: granted at 30 s, 60 s, ... 180 s.
    expect(await grantedSteps('198.51.100.0/24', 'unknown', 0, 5 * SECOND, 3 * MINUTE)).toEqual(multiples(6, 6));
  });

  it('grants a hosting AS 4 passes at once, then one more every 5 minutes', async () => {
    const { burst, grantedSteps } = setUp();
    expect(await burst('as:37963', 'hosting', 0)).toBe(4);
    // Tried every 30 s for 30 minutes: granted at 5, 10, ... 30 minutes.
    expect(await grantedSteps('as:37963', 'hosting', 0, 30 * SECOND, 30 * MINUTE)).toEqual(multiples(10, 6));
  });

  it('keeps each network its own bucket, and a spent one waits for its next pass (Retry-After)', async () => {
    const { burst, pass, refusals } = setUp();
    expect(await burst('198.51.100.0/24', 'unknown', 0)).toBe(8);
    expect(await burst('198.51.101.0/24', 'unknown', 0)).toBe(8);
    expect(refusals).toEqual([
      { level: 0, kind: 'unknown' },
      { level: 0, kind: 'unknown' },
    ]);
    expect(await pass('198.51.100.0/24', 'unknown', 0)).toBe(false);
  });
});

describe("each level's hourly pass quota", () => {
  it("has none at level 0: an unknown /24 gets its kind's 120 passes in the hour after its burst", async () => {
    const { burst, grantedSteps } = setUp();
    expect(await burst('198.51.100.0/24', 'unknown', 0)).toBe(8);
    expect(await grantedSteps('198.51.100.0/24', 'unknown', 0, 10 * SECOND, 60 * MINUTE)).toHaveLength(120);
  });

  // level, the passes at once (the kind's 8 or the level's fewer), the minutes between further passes (60 / quota), the quota
  const quotas: [Level, number, number, number][] = [
    [1, 8, 6, 10],
    [2, 5, 12, 5],
    [3, 2, 30, 2],
  ];
  it.each(quotas)(
    'grants an unknown /24 at level %i %i passes at once, then one every %i minutes: %i in the hour, the next refused',
    async (level, atOnce, minutes, quota) => {
      const { burst, grantedSteps, refusals } = setUp();
      expect(await burst('198.51.100.0/24', 'unknown', level)).toBe(atOnce);
      // Tried every minute for the hour that follows: granted at the quota's pace, and at no other minute.
      const granted = await grantedSteps('198.51.100.0/24', 'unknown', level, MINUTE, 60 * MINUTE);
      expect(granted).toEqual(multiples(minutes, quota));
      expect(refusals.length).toBe(1 + 60 - quota);
      expect(refusals.every((refusal) => refusal.level === level)).toBe(true);
    },
  );

  it('grants a hosting AS at level 2 (its floor) 4 passes at once, then 5 in the hour: one every 12 minutes', async () => {
    const { burst, grantedSteps } = setUp();
    expect(await burst('as:37963', 'hosting', 2)).toBe(4);
    expect(await grantedSteps('as:37963', 'hosting', 2, MINUTE, 60 * MINUTE)).toEqual(multiples(12, 5));
  });

  it.each([1, 2, 3] as Level[])('does not apply on a carrier: a carrier /24 at level %i gets its 120 passes at once', async (level) => {
    const { burst, grantedSteps } = setUp();
    expect(await burst('36.128.5.0/24', 'carrier', level)).toBe(120);
    expect(await grantedSteps('36.128.5.0/24', 'carrier', level, 500, 5 * SECOND)).toEqual(multiples(1, 10));
  });
});

describe("each level's picture and work, as a visitor at that level meets them", () => {
  // The operator's "under attack" floor puts a new visitor at each level through the evidence's path.
  const table: [Level, 'plain' | 'guarded', number, number, number | null][] = [
    [0, 'plain', 1, 1, null],
    [1, 'plain', 4, 1, 10],
    [2, 'guarded', 10, 2, 5],
    [3, 'guarded', 10, 2, 2],
  ];
  it.each(table)(
    "at level %i: the %s picture, %i times the puzzle's work and %i times the accessible path's (quota %s)",
    async (level, picture, workFactor, accessibleWorkFactor, networkSuccessesPerHour) => {
      const until = Date.UTC(2026, 10, 26, 9);
      const { difficulty, clock } = setUp({ switches: { underAttack: level === 0 ? null : { floor: level, until }, peopleFirst: null } });
      const verdict = (await difficulty.challenge('198.51.100.7', { network: '198.51.100.0/24', kind: 'unknown' }, clock.at)).verdict;
      expect(verdict).toMatchObject({ level, picture, holdout: false });
      expect(verdict.policy).toMatchObject({ picture, workFactor, accessibleWorkFactor, networkSuccessesPerHour });
    },
  );
});

describe('a level the operator pinned', () => {
  it.each([
    [2, 'guarded', 10, 2],
    [3, 'guarded', 10, 2],
    [1, 'plain', 4, 1],
  ] as [Level, 'plain' | 'guarded', number, number][])(
    'at %i sets its %s picture and its work (%i, %i) for every visitor, whatever the evidence',
    async (level, picture, workFactor, accessibleWorkFactor) => {
      const { difficulty, clock } = setUp({ pinned: level });
      for (const ip of ['198.51.100.7', '203.0.113.9']) {
        const verdict = (await difficulty.challenge(ip, { network: networkOf(ip), kind: 'unknown' }, clock.at)).verdict;
        expect(verdict).toMatchObject({ level, picture, holdout: false, policy: { picture, workFactor, accessibleWorkFactor } });
        await difficulty.answered(ip, networkOf(ip), 'unknown', 'pass', clock.at);
      }
    },
  );

  it.each([2, 3] as Level[])(
    "at %i applies no quota of its level: a network gets its kind's 8 passes at once, then one every 30 s",
    async (level) => {
      const { burst, grantedSteps, difficulty, clock } = setUp({ pinned: level });
      // Puzzles fetched at the pinned level (sealed into them), then answered right.
      expect((await difficulty.challenge('198.51.100.7', { network: '198.51.100.0/24', kind: 'unknown' }, clock.at)).verdict.level).toBe(
        level,
      );
      expect(await burst('198.51.100.0/24', 'unknown', level)).toBe(8);
      expect(await grantedSteps('198.51.100.0/24', 'unknown', level, 10 * SECOND, 2 * MINUTE)).toEqual(multiples(3, 4));
    },
  );
});
