// The difficulty rule as a pure function: each input of the evidence moves the verdict the way the policy says,
// and nothing else does. The numbers themselves are pinned through the engine in policy-table.test.ts.
import { BROWSER_TRIES_PER_MS, CARRIER_NAT_FAILURE_SHARE, HAND_MIN_MS, LEVEL_POLICY, PASS_ALLOWANCE, REACTION_MS } from './policy';
import {
  accessibleFitsMs,
  answerEvidence,
  countsForNetwork,
  decideLevel,
  passAllowance,
  puzzleFitsMs,
  type LevelEvidence,
} from './level-decision';

const none = { underAttack: null, peopleFirst: null };
const calm: LevelEvidence = {
  kind: 'unknown',
  nat: false,
  address: 0,
  network: 0,
  site: 0,
  carriers: 0,
  addressCounts: { successes1h: 0, failures10m: 0 },
  switches: none,
  pinned: null,
  holdout: 0,
  draw: 0.5,
  now: 0,
};
const levelOf = (change: Partial<LevelEvidence>) => decideLevel({ ...calm, ...change }).level;

describe("a visitor's level", () => {
  it("is the highest of its address, its network, its kind's floor and the site floor (which counts up to 1)", () => {
    expect(levelOf({})).toBe(0);
    expect(levelOf({ network: 2 })).toBe(2);
    expect(levelOf({ address: 3, network: 1 })).toBe(3);
    expect(levelOf({ site: 3 })).toBe(1);
    expect(levelOf({ kind: 'hosting' })).toBe(2);
    expect(levelOf({ kind: 'carrier' })).toBe(0);
    expect(levelOf({ kind: 'hosting', address: 3 })).toBe(3);
    // The carriers' floor is a carrier visitor's alone, up to 2.
    expect(levelOf({ kind: 'carrier', carriers: 2 })).toBe(2);
    expect(levelOf({ kind: 'carrier', carriers: 3 })).toBe(2);
    expect(levelOf({ kind: 'unknown', carriers: 2 })).toBe(0);
    expect(levelOf({ kind: 'carrier', carriers: 2, switches: { ...none, peopleFirst: { cap: 0, until: 100 } }, now: 50 })).toBe(0);
  });

  it("takes the operator's floor unless known good, and the cap, each until its end", () => {
    const underAttack = { floor: 2 as const, until: 100 };
    expect(levelOf({ switches: { ...none, underAttack }, now: 50 })).toBe(2);
    expect(levelOf({ switches: { ...none, underAttack }, now: 100 })).toBe(0);
    // Known good: a pass within the hour (a sliding count: half a pass is enough) and no failure since.
    expect(levelOf({ switches: { ...none, underAttack }, now: 50, addressCounts: { successes1h: 0.5, failures10m: 0 } })).toBe(0);
    expect(levelOf({ switches: { ...none, underAttack }, now: 50, addressCounts: { successes1h: 0.4, failures10m: 0 } })).toBe(2);
    expect(levelOf({ switches: { ...none, underAttack }, now: 50, addressCounts: { successes1h: 3, failures10m: 0.5 } })).toBe(2);
    // Never a carrier NAT address: one person's pass there would exempt everyone behind it, bots too.
    expect(
      levelOf({
        kind: 'carrier',
        nat: true,
        switches: { ...none, underAttack },
        now: 50,
        addressCounts: { successes1h: 3, failures10m: 0 },
      }),
    ).toBe(2);
    expect(
      levelOf({
        kind: 'carrier',
        nat: false,
        switches: { ...none, underAttack },
        now: 50,
        addressCounts: { successes1h: 3, failures10m: 0 },
      }),
    ).toBe(0);
    const peopleFirst = { cap: 1 as const, until: 100 };
    expect(levelOf({ address: 3, network: 3, switches: { ...none, peopleFirst }, now: 50 })).toBe(1);
    expect(levelOf({ address: 3, switches: { ...none, peopleFirst }, now: 100 })).toBe(3);
    expect(levelOf({ kind: 'hosting', switches: { underAttack: { floor: 3, until: 100 }, peopleFirst }, now: 50 })).toBe(1);
  });

  it('sets the picture and the work of its level, and draws the holdout at level 0 only, up to its cap', () => {
    expect(decideLevel({ ...calm, network: 2 })).toMatchObject({ level: 2, picture: 'guarded', holdout: false, policy: LEVEL_POLICY[2] });
    expect(decideLevel({ ...calm, holdout: 0.02, draw: 0.019 })).toMatchObject({
      level: 0,
      picture: 'guarded',
      holdout: true,
      policy: LEVEL_POLICY[0],
    });
    expect(decideLevel({ ...calm, holdout: 0.02, draw: 0.02 })).toMatchObject({ picture: 'plain', holdout: false });
    expect(decideLevel({ ...calm, holdout: 0.9, draw: 0.6 })).toMatchObject({ picture: 'plain', holdout: false }); // capped at 0.5
    expect(decideLevel({ ...calm, network: 1, holdout: 0.5, draw: 0 })).toMatchObject({ level: 1, holdout: false });
  });

  it('is the pinned level whatever the evidence, without holdout or hourly quota', () => {
    const pinned = decideLevel({ ...calm, kind: 'hosting', address: 3, pinned: 1, holdout: 0.5, draw: 0 });
    expect(pinned).toMatchObject({ level: 1, picture: LEVEL_POLICY[1].picture, holdout: false, allowance: PASS_ALLOWANCE.hosting });
    expect(decideLevel({ ...calm, pinned: 2 }).allowance).toEqual(PASS_ALLOWANCE.unknown);
  });
});

describe("a network's pass allowance", () => {
  it("is its kind's bucket, within its level's hourly quota but on a carrier or a pinned level", () => {
    expect(passAllowance('unknown', 0, false)).toEqual(PASS_ALLOWANCE.unknown);
    const hourly = LEVEL_POLICY[3].networkSuccessesPerHour!;
    expect(passAllowance('unknown', 3, false)).toEqual({
      burst: Math.min(PASS_ALLOWANCE.unknown.burst, hourly),
      perMinute: Math.min(PASS_ALLOWANCE.unknown.perMinute, hourly / 60),
    });
    expect(passAllowance('carrier', 3, false)).toEqual(PASS_ALLOWANCE.carrier);
    expect(passAllowance('unknown', 3, true)).toEqual(PASS_ALLOWANCE.unknown);
    expect(decideLevel({ ...calm, network: 3 }).allowance).toEqual(passAllowance('unknown', 3, false));
  });
});

describe('what an answer counts as for the levels', () => {
  it('is a failure when wrong, or when right sooner than its task fits', () => {
    expect(answerEvidence(false, { answeredInMs: 5000, fitsMs: 600 })).toBe('fail');
    expect(answerEvidence(true, { answeredInMs: 1200, fitsMs: 1200 })).toBe('pass');
    expect(answerEvidence(true, { answeredInMs: 1199, fitsMs: 1200 })).toBe('fail');
    expect(answerEvidence(true, null)).toBe('pass');
    expect(answerEvidence(false, null)).toBe('fail');
  });

  it("fits a drag to its own trail and a reaction, never under a hand's least; anything else to the least", () => {
    const trail = (ms: number) => [{ t: 0 }, { t: ms / 2 }, { t: ms }];
    expect(puzzleFitsMs(trail(900), true)).toBe(900 + REACTION_MS);
    expect(puzzleFitsMs(trail(100), true)).toBe(HAND_MIN_MS);
    expect(puzzleFitsMs(trail(HAND_MIN_MS - REACTION_MS + 1), true)).toBe(HAND_MIN_MS + 1);
    expect(puzzleFitsMs(trail(5000), false)).toBe(HAND_MIN_MS); // too few samples to be a drag: the keyboard, a tap
    expect(puzzleFitsMs([], true)).toBe(HAND_MIN_MS);
    expect(puzzleFitsMs([{ t: 40 }, { t: 1040 }], true)).toBe(1000 + REACTION_MS); // from its first sample
  });

  it("fits 无障碍验证's solution to the tries its counter shows, at a browser's best speed", () => {
    expect(accessibleFitsMs(40_000)).toBe(40_000 / BROWSER_TRIES_PER_MS);
    expect(accessibleFitsMs(0)).toBe(0);
    expect(accessibleFitsMs(-5)).toBe(0);
  });
});

describe("what counts for the network that fetched an answer's puzzle", () => {
  it("is every answer, but a carrier NAT address's failures past its share in ten minutes (this one counted)", () => {
    const share = CARRIER_NAT_FAILURE_SHARE;
    expect(countsForNetwork(false, 'fail', 500)).toBe(true);
    expect(countsForNetwork(true, 'fail', 1)).toBe(true);
    expect(countsForNetwork(true, 'fail', share)).toBe(true);
    expect(countsForNetwork(true, 'fail', share + 0.5)).toBe(false);
    expect(countsForNetwork(true, 'fail', 500)).toBe(false);
    // A NAT's passes are its people's, and the evidence of a solver on the plain picture: always counted.
    expect(countsForNetwork(true, 'pass', 500)).toBe(true);
    expect(countsForNetwork(true, 'accessiblePass', 500)).toBe(true);
  });
});
