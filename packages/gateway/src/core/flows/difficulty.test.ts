import Database from 'libsql';
import { eventsWith } from '../rules/events';
import { ensureCaptchaTables } from '../../stores/libsql-schema';
import { createLibsqlStore } from '../../stores/libsql-store';
import { networkOf } from '../rules/networks/address-blocks';
import type { NetworkKind } from '../rules/networks/network-kind';
import type { OperatorSwitches } from '../rules/level-decision';
import { createDifficulty } from './difficulty';
import type { LevelVerdict } from '../rules/level-decision';
import type { Level } from '../rules/policy';
import { CARRIER_NAT_FAILURE_SHARE, PASS_ALLOWANCE, SITE_FLOOR, SITE_SHARE_PER_NETWORK } from '../rules/policy';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NO_SWITCHES: OperatorSwitches = { underAttack: null, peopleFirst: null };
/** The operator's campaign switch, on for the whole of every test (the clock starts at 2026-11-25 08:00 UTC). */
const CAMPAIGN: OperatorSwitches = { ...NO_SWITCHES, campaign: { cap: 0, until: Date.UTC(2026, 10, 26) } };

/** A difficulty over a fresh embedded store, on a clock the test moves; its level changes recorded. */
function setUp({
  holdout = 0,
  random = () => 0.5,
  switches = NO_SWITCHES,
  pinned = null,
}: { holdout?: number; random?: () => number; switches?: OperatorSwitches; pinned?: Level | null } = {}) {
  const db = new Database(':memory:');
  ensureCaptchaTables(db);
  const clock = { at: Date.UTC(2026, 10, 25, 8) };
  const store = createLibsqlStore(db, 'k'.repeat(32), () => clock.at);
  const changes: { entity: string; from: Level; to: Level; at: number }[] = [];
  const current = { switches };
  const difficulty = createDifficulty({
    signals: store.signals,
    switches: () => current.switches,
    holdout,
    random,
    pinned,
    events: eventsWith({ levelChanged: (entity, from, to) => changes.push({ entity, from, to, at: clock.at }) }),
    onError: (error) => {
      throw error;
    },
  });
  /** A challenge from `ip` (its network of `kind`) now, answered (passed or not) when `answer` says. */
  const visit = async (
    ip: string,
    answer?: 'pass' | 'fail',
    kind: NetworkKind = 'unknown',
    network = networkOf(ip),
  ): Promise<LevelVerdict> => {
    const verdict = (await difficulty.challenge(ip, { network, kind }, clock.at)).verdict;
    if (answer) await difficulty.answered(ip, network, kind, answer, clock.at);
    return verdict;
  };
  /** Lets the site's reading (started off the request's path) finish. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { db, clock, difficulty, changes, visit, settle, current };
}

const levelOf = (verdict: LevelVerdict) => verdict.level;

describe("a visitor's level", () => {
  it('is 0 with the plain picture for a person, and nothing is kept about them', async () => {
    const { db, visit } = setUp();
    const verdict = await visit('198.51.100.7', 'pass');
    expect(verdict).toMatchObject({ level: 0, picture: 'plain', holdout: false, policy: { workFactor: 1 } });
    expect(db.prepare("SELECT count(*) AS n FROM captcha_levels WHERE key LIKE 'level:%'").get()).toMatchObject({ n: 0 });
  });

  it('rises to 2 within 60 s for a /24 whose rotating addresses pass a puzzle every second', async () => {
    const { clock, visit, changes } = setUp();
    const start = clock.at;
    let verdict: LevelVerdict | null = null;
    for (let i = 0; i < 80; i += 1) {
      verdict = await visit(`198.51.100.${(i % 250) + 1}`, i % 3 === 0 ? 'fail' : 'pass');
      if (verdict.level >= 2) break;
      clock.at += SECOND;
    }
    expect(verdict!.level).toBe(2);
    expect(clock.at - start).toBeLessThanOrEqual(60 * SECOND);
    expect(changes.filter(({ entity }) => entity === 'network').map(({ to }) => to)).toEqual([1, 2]);
  });

  it('goes to 2 at once on hard evidence: a network failing most of many answers', async () => {
    const { clock, visit } = setUp();
    for (let i = 0; i < 25; i += 1) {
      await visit(`203.0.113.${i + 1}`, 'fail');
      clock.at += 20 * SECOND; // slow: no rate is hot, only the failures
    }
    expect(await visit('203.0.113.200')).toMatchObject({ level: 2, picture: 'guarded', policy: { workFactor: 10 } });
  });

  it('keeps a carrier /24 and its NAT address at 0 through a campaign the operator announced: 60 people a minute, most passing', async () => {
    const { clock, visit, changes } = setUp({ switches: CAMPAIGN });
    for (let i = 0; i < 600; i += 1) {
      // Half of them behind one NAT address; one in six fails once.
      const ip = i % 2 === 0 ? '36.128.5.1' : `36.128.5.${(i % 250) + 2}`;
      expect(levelOf(await visit(ip, i % 6 === 0 ? 'fail' : 'pass', 'carrier'))).toBe(0);
      clock.at += SECOND;
    }
    expect(changes).toEqual([]);
  });

  it('keeps a carrier /24 at 0 through a usual day: 20 people a minute; at 40, its level rises (the guarded picture, no refusal)', async () => {
    const usual = async (perMinute: number) => {
      const { clock, visit, changes } = setUp();
      const verdicts: LevelVerdict[] = [];
      for (let i = 0; i < 10 * perMinute; i += 1) {
        verdicts.push(await visit(`36.128.5.${(i % 250) + 1}`, i % 6 === 0 ? 'fail' : 'pass', 'carrier'));
        clock.at += MINUTE / perMinute;
      }
      return { changes, verdicts };
    };
    expect((await usual(20)).changes).toEqual([]);
    const busy = await usual(40);
    expect(busy.changes.filter(({ entity }) => entity === 'network').map(({ to }) => to)).toEqual([1, 2]);
    expect(busy.verdicts.every((verdict) => verdict.allowance.burst === PASS_ALLOWANCE.carrier.burst)).toBe(true);
  });

  /** Seconds until a carrier /24 whose rotating addresses pass `perMinute` puzzles a minute, every one right, reaches its level 2 (null: not within `minutes`). */
  const carrierRun = async (perMinute: number, minutes: number, switches: OperatorSwitches = CAMPAIGN) => {
    const { clock, visit, changes } = setUp({ switches });
    const start = clock.at;
    const networkAt = (to: Level) => changes.find((change) => change.entity === 'network' && change.to === to)?.at ?? null;
    for (let i = 0; i < perMinute * minutes && networkAt(2) === null; i += 1) {
      await visit(`36.128.7.${(i % 250) + 1}`, 'pass', 'carrier');
      clock.at += MINUTE / perMinute;
    }
    // Its own level (the carriers' floor across the site may rise too, on so many carrier passes: tested below).
    return {
      seconds: networkAt(2) === null ? null : (networkAt(2)! - start) / SECOND,
      steps: changes.filter(({ entity }) => entity === 'network').map(({ to }) => to),
    };
  };

  it("raises a carrier /24 whose answers run past a campaign's minute: 150 a minute, every one right, is guarded within a minute", async () => {
    const { seconds, steps } = await carrierRun(150, 10);
    expect(seconds).toBeLessThan(70); // 90 in its minute (36 s), then one step each 15 s
    expect(seconds).toBeGreaterThan(60);
    expect(steps).toEqual([1, 2]);
  });

  it("puts one at three times a campaign's minute on the guarded picture at once: 300 a minute reach 180 in 36 s", async () => {
    const { seconds, steps } = await carrierRun(300, 10);
    expect(seconds).toBeLessThan(40); // hot from 18 s would take two steps of 15 s: 48 s
    expect(steps).toEqual([1, 2]);
  });

  it("puts a solver at a usual day's hard mark on the guarded picture within 20 s, with no campaign announced: 240 a minute", async () => {
    const { seconds, steps } = await carrierRun(240, 2, NO_SWITCHES);
    expect(seconds).toBeLessThan(20); // 60 in its minute: 15 s, before the hot run's first step (30 in 7.5 s, then 15 s)
    expect(steps).toEqual([2]);
  });

  it('raises one that keeps under 90 a minute but past a campaign over ten minutes: 80 a minute reaches 720 passes', async () => {
    const { seconds } = await carrierRun(80, 12);
    expect(seconds! / 60).toBeGreaterThan(8.5); // 720 passes first: what no campaign brings one /24 in ten minutes
    expect(seconds! / 60).toBeLessThan(10);
  });

  it('raises a carrier /24 on failures alone: most of many answers failed', async () => {
    const { clock, visit } = setUp();
    for (let i = 0; i < 40; i += 1) {
      await visit(`36.128.6.${i + 1}`, 'fail', 'carrier');
      clock.at += 5 * SECOND;
    }
    expect(levelOf(await visit('36.128.6.200', undefined, 'carrier'))).toBeGreaterThanOrEqual(2);
  });

  it("raises one NAT address on its own failures, never its carrier /24 alone: the /24's other people stay at 0", async () => {
    const { clock, visit } = setUp();
    // 60 wrong answers a minute from one NAT for two minutes: hard evidence many times over, had the /24 counted it all.
    for (let i = 0; i < 120; i += 1) {
      await visit('36.128.9.1', 'fail', 'carrier');
      clock.at += SECOND;
    }
    expect(levelOf(await visit('36.128.9.1', undefined, 'carrier'))).toBeGreaterThanOrEqual(2);
    expect(levelOf(await visit('36.128.9.200', undefined, 'carrier'))).toBe(0);
    // Its people's passes count for the /24 as ever: a NAT answering past a usual day's minute still raises it.
    for (let i = 0; i < 70; i += 1) {
      await visit('36.128.9.1', 'pass', 'carrier');
      clock.at += SECOND / 2;
    }
    expect(levelOf(await visit('36.128.9.201', undefined, 'carrier'))).toBeGreaterThanOrEqual(1);
  });

  it(`counts up to ${CARRIER_NAT_FAILURE_SHARE} failures a NAT address in ten minutes for its /24: three NATs raise it`, async () => {
    const { clock, visit } = setUp();
    for (let i = 0; i < 3 * CARRIER_NAT_FAILURE_SHARE; i += 1) {
      await visit(`36.128.10.${1 + Math.floor(i / CARRIER_NAT_FAILURE_SHARE)}`, 'fail', 'carrier');
      clock.at += SECOND;
    }
    expect(levelOf(await visit('36.128.10.200', undefined, 'carrier'))).toBe(2);
    // Two NATs' failures, however many, stay under the /24's marks; a third NAT's first few then raise it.
    const two = setUp();
    for (let i = 0; i < 80; i += 1) {
      await two.visit(`36.128.11.${1 + (i % 2)}`, 'fail', 'carrier');
      two.clock.at += SECOND;
    }
    expect(levelOf(await two.visit('36.128.11.200', undefined, 'carrier'))).toBe(0);
    for (let i = 0; i < CARRIER_NAT_FAILURE_SHARE; i += 1) await two.visit('36.128.11.3', 'fail', 'carrier');
    expect(levelOf(await two.visit('36.128.11.201', undefined, 'carrier'))).toBe(2);
  });

  it.each([250, 20, 1])(
    'holds the patient solver on a carrier /24 where it was, from %i of its addresses in turn: guarded within 30 s, then 2 or 3 throughout',
    async (addresses) => {
      // bench:attack's patient-24 (2026-11-29: 441 attempts in 2 minutes, 3.7 a second) from 250 addresses of the /24,
      // under 10 failures each in ten minutes; it reads the plain picture, and one guarded picture in eight. From
      // fewer addresses its /24 counts 10 failures of each, and each address's own level holds the rest.
      const { clock, difficulty } = setUp();
      const start = clock.at;
      const seen: { at: number; level: Level }[] = [];
      for (let i = 0; clock.at - start < 10 * MINUTE; i += 1) {
        const ip = `36.128.50.${1 + (i % addresses)}`;
        const { level } = (await difficulty.challenge(ip, { network: networkOf(ip), kind: 'carrier' }, clock.at)).verdict;
        await difficulty.answered(ip, networkOf(ip), 'carrier', level < 2 || i % 8 === 0 ? 'pass' : 'fail', clock.at);
        seen.push({ at: clock.at - start, level });
        clock.at += 270;
      }
      const guardedAt = seen.find(({ level }) => level >= 2)!.at;
      const person = (await difficulty.challenge('36.128.50.252', { network: '36.128.50.0/24', kind: 'carrier' }, clock.at)).verdict;
      console.log(
        `patient solver from ${addresses} (a person on its /24 then: level ${person.level}): guarded after ${guardedAt / 1000} s, level 3 after ${seen.find(({ level }) => level === 3)!.at / 1000} s; ${seen.length} attempts at levels 0/1/2/3: ${[0, 1, 2, 3].map((l) => seen.filter(({ level }) => level === l).length).join('/')}`,
      );
      expect(guardedAt).toBeLessThan(30 * SECOND);
      expect(seen.filter(({ at }) => at >= guardedAt).every(({ level }) => level >= 2)).toBe(true);
      expect(seen.some(({ level }) => level === 3)).toBe(true);
    },
    120_000,
  );

  it('starts a hosting network escalated: the guarded picture and more work from its first challenge', async () => {
    const { visit } = setUp();
    expect(await visit('8.130.1.2', undefined, 'hosting', 'as:37963')).toMatchObject({
      level: 2,
      picture: 'guarded',
      policy: { workFactor: 10 },
    });
  });

  it("counts an answer to no live puzzle against the sender's address alone: its network's neighbours stay at 0", async () => {
    const { clock, difficulty, visit } = setUp();
    for (let i = 0; i < 21; i += 1) {
      // 21 answers to ids never issued, from 21 /64s of one /48.
      await difficulty.answered(`2001:db8:5:${i}::/64`, null, 'unknown', 'fail', clock.at);
      clock.at += SECOND;
    }
    expect(levelOf(await visit('2001:db8:5:99::/64', undefined, 'unknown', '2001:db8:5::/48'))).toBe(0);
  });

  it('steps down 15 minutes after the attack ends, and again 15 later, even when the attacker is silent', async () => {
    const { clock, visit } = setUp();
    for (let i = 0; i < 20; i += 1) {
      await visit(`198.51.100.${i + 1}`, 'fail');
      clock.at += 2 * SECOND;
    }
    expect(levelOf(await visit('198.51.100.77'))).toBe(2); // hard evidence: 20 answers, all failed
    clock.at += 16 * MINUTE;
    expect(levelOf(await visit('198.51.100.78'))).toBe(1);
    clock.at += 16 * MINUTE;
    expect(levelOf(await visit('198.51.100.79'))).toBe(0);
  });
});

describe('the site floor', () => {
  it('stays at 0 through an ad burst of 400 visitors from 400 networks within seconds', async () => {
    const { clock, visit, settle, difficulty } = setUp();
    const verdicts: LevelVerdict[] = [];
    for (let i = 0; i < 400; i += 1) {
      verdicts.push(await visit(`10.${Math.floor(i / 200)}.${i % 200}.1`, 'pass'));
      clock.at += 25; // 400 in 10 s
    }
    for (let t = 0; t < 3 * MINUTE; t += 10 * SECOND) {
      clock.at += 10 * SECOND;
      verdicts.push(await visit(`172.16.${t / 10_000}.1`));
      await settle();
    }
    expect(verdicts.every((verdict) => verdict.level === 0)).toBe(true);
    expect(difficulty.siteLevel()).toBe(0);
  });

  /** Three minutes of 300 challenges a minute from `networks` /24s, answered with work (`answer`) or left bare. */
  const surge = async ({ clock, visit, settle }: ReturnType<typeof setUp>, networks: number, answer?: 'pass' | 'fail') => {
    for (let minute = 0; minute < 3; minute += 1) {
      for (let i = 0; i < 300; i += 1) {
        await visit(`100.${64 + (i % networks)}.0.${(i % 200) + 1}`, answer);
        clock.at += 200;
        await settle();
      }
    }
  };

  it('rises to 1, never more, for everyone when the site surges from forty networks answering with work, and a person then gets level 1', async () => {
    const run = setUp();
    await surge(run, 40, 'fail');
    expect(run.difficulty.siteLevel()).toBe(1);
    expect(levelOf(await run.visit('198.51.100.5'))).toBe(1);
  });

  it("stays at 0 through bare fetches from forty networks: a fetch costs nothing, and moves nobody's floor", async () => {
    const run = setUp();
    await surge(run, 40);
    expect(run.difficulty.siteLevel()).toBe(0);
  });

  it('stays at 0 through a campaign from a dozen carrier /24s: their challenges are people', async () => {
    const run = setUp();
    for (let minute = 0; minute < 3; minute += 1) {
      for (let i = 0; i < 300; i += 1) {
        await run.visit(`36.128.${i % 12}.${(i % 200) + 1}`, 'pass', 'carrier');
        run.clock.at += 200;
        await run.settle();
      }
    }
    expect(run.difficulty.siteLevel()).toBe(0);
  });

  it(`stays at 0 when fewer than ${SITE_FLOOR.minPerMinute / SITE_SHARE_PER_NETWORK} networks flood it with answers: each counts up to its share`, async () => {
    const run = setUp();
    await surge(run, SITE_FLOOR.minPerMinute / SITE_SHARE_PER_NETWORK - 1, 'fail');
    expect(run.difficulty.siteLevel()).toBe(0);
    expect(levelOf(await run.visit('198.51.100.5'))).toBe(0);
  });
});

describe("the carriers' floor", () => {
  /** `minutes` of passes from 50 carrier /24s, `perMinute` across them, each /24 far under its own marks. */
  const pool = async ({ clock, visit, settle }: ReturnType<typeof setUp>, minutes: number, perMinute: number) => {
    const verdicts: LevelVerdict[] = [];
    for (let i = 0; i < minutes * perMinute; i += 1) {
      verdicts.push(await visit(`36.128.${i % 50}.${(i % 200) + 1}`, 'pass', 'carrier'));
      clock.at += MINUTE / perMinute;
      await settle();
    }
    return verdicts;
  };

  it("rises to 2 within 3 minutes when carrier passes across the site run far past their baseline, under every /24's marks", async () => {
    const run = setUp();
    const start = run.clock.at;
    await pool(run, 1, 15); // a calm minute: the baseline
    const verdicts = await pool(run, 3, 250); // 5 a minute on each of 50 /24s
    expect(verdicts.at(-1)!.level).toBe(2);
    expect(
      run.changes.filter(({ entity }) => entity === 'carriers').map(({ to, at }) => ({ to, within3: at - start <= 4 * MINUTE })),
    ).toEqual([
      { to: 1, within3: true },
      { to: 2, within3: true },
    ]);
    expect(run.changes.filter(({ entity }) => entity === 'network')).toEqual([]); // no /24 rose on its own
    expect(levelOf(await run.visit('198.51.100.5'))).toBe(0); // the floor is carriers' alone
  });

  it("stays at 0 through the same surge while the campaign switch is on, and through a campaign's own pace", async () => {
    const campaign = setUp({ switches: { underAttack: null, peopleFirst: null, campaign: { cap: 0, until: Date.UTC(2026, 10, 26) } } });
    await pool(campaign, 1, 15);
    await pool(campaign, 3, 250);
    expect(campaign.difficulty.carriersLevel()).toBe(0);
    const steady = setUp();
    await pool(steady, 4, 40); // 40 a minute, steadily: a busy day, not a surge
    expect(steady.difficulty.carriersLevel()).toBe(0);
  });

  it("rises no higher than the campaign switch allows, and learns the campaign's pace as its baseline", async () => {
    const run = setUp({ switches: { underAttack: null, peopleFirst: null, campaign: { cap: 1, until: Date.UTC(2026, 10, 25, 8, 40) } } });
    await pool(run, 1, 15);
    const during = await pool(run, 30, 150); // 3 a minute on each of 50 /24s, for the campaign's half hour
    expect(Math.max(...during.map(levelOf))).toBe(1);
    expect(run.changes.filter(({ entity }) => entity === 'carriers').map(({ to }) => to)).toEqual([1, 0]); // and down again as its baseline learns the pace
    // The campaign ended ten minutes ago; its pace goes on: the site's carrier traffic is what it is.
    const after = await pool(run, 20, 150);
    expect(after.slice(-150).every((verdict) => verdict.level === 0)).toBe(true);
  }, 30_000);
});

describe("the operator's switches and the holdout", () => {
  it('puts "under attack" under everyone not known good until its end, and caps everyone with "people first"', async () => {
    const { clock, visit, current } = setUp();
    await visit('198.51.100.1', 'pass'); // known good: passed, failed nothing since
    current.switches = { underAttack: { floor: 2, until: clock.at + 10 * MINUTE }, peopleFirst: null };
    expect(levelOf(await visit('203.0.113.1'))).toBe(2);
    expect(levelOf(await visit('198.51.100.1'))).toBe(0);
    clock.at += 10 * MINUTE;
    expect(levelOf(await visit('203.0.113.2'))).toBe(0);
    current.switches = { underAttack: { floor: 3, until: clock.at + MINUTE }, peopleFirst: { cap: 1, until: clock.at + MINUTE } };
    expect(levelOf(await visit('203.0.113.3'))).toBe(1);
  });

  it("gives the holdout's share of level-0 challenges the guarded picture, and marks them", async () => {
    const draws = [0.01, 0.5, 0.019, 0.9];
    const { visit } = setUp({ holdout: 0.02, random: () => draws.shift() ?? 0.5 });
    const pictures = [];
    for (let i = 0; i < 4; i += 1) pictures.push(await visit(`198.51.${i}.1`));
    expect(pictures.map((verdict) => [verdict.picture, verdict.holdout])).toEqual([
      ['guarded', true],
      ['plain', false],
      ['guarded', true],
      ['plain', false],
    ]);
  });

  // That a pinned level applies no quota of its level (the passes are bounded where they are made) is pinned in policy-table.test.ts.
  it('pins one level for everyone when told to: no holdout, whatever the evidence', async () => {
    const pinnedAt0 = setUp({ pinned: 0, holdout: 0.5, random: () => 0 });
    for (let i = 0; i < 60; i += 1) {
      expect(await pinnedAt0.visit(`192.0.2.${(i % 250) + 1}`, 'pass')).toMatchObject({ level: 0, picture: 'plain', holdout: false });
      pinnedAt0.clock.at += 500;
    }
    const pinnedAt2 = setUp({ pinned: 2 });
    expect(await pinnedAt2.visit('198.51.100.7')).toMatchObject({ level: 2, picture: 'guarded', policy: { workFactor: 10 } });
  });
});
