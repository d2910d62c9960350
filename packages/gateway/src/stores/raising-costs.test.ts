// What it costs a sender to raise other people's level, and how long they stay raised (issue 50, item 6): each way
// played against the real engine and admission on a clock the test moves, the cheapest way the policy allows,
// then a person of the harmed kind visiting once a minute until back at level 0. The figures are the table in
// docs/strict-mode.md ("What it costs to raise others' level"), checked here so the table cannot drift from the policy.
import { readFileSync } from 'node:fs';
import Database from 'libsql';
import { admission, isRefusal } from '../core/flows/admission';
import { eventsWith } from '../core/rules/events';
import { ensureCaptchaTables } from './libsql-schema';
import { createLibsqlStore } from './libsql-store';
import { networkOf } from '../core/rules/networks/address-blocks';
import type { NetworkKind } from '../core/rules/networks/network-kind';
import { CARRIER_NAT_FAILURE_SHARE, WORK_DEFAULTS, WORK_ESCALATION } from '../core/rules/policy';
import { escalatedWorkCost, workDoublings } from '../core/rules/work-escalation';
import { createDifficulty } from '../core/flows/difficulty';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Node's native SHA-256 on one core of the development machine (2 SHA-256 a try: docs/strict-mode.md), per second. */
const SHA256_PER_CPU_SECOND = 770_000;

/** 36.128.0.0/10 is China Mobile's: a carrier, its IPv4 addresses NATs. */
const kindOf = (ip: string): NetworkKind => (ip.startsWith('36.') ? 'carrier' : 'unknown');

function setUp() {
  const db = new Database(':memory:');
  ensureCaptchaTables(db);
  const clock = { at: Date.UTC(2026, 10, 29, 8) };
  const now = () => clock.at;
  const store = createLibsqlStore(db, 'k'.repeat(32), now);
  const events = eventsWith({});
  const difficulty = createDifficulty({
    signals: store.signals,
    switches: () => ({ underAttack: null, peopleFirst: null }),
    holdout: 0,
    random: () => 0.5,
    pinned: null,
    events,
    onError: (error) => {
      throw error;
    },
  });
  const judge = (ip: string) => ({ network: networkOf(ip), kind: kindOf(ip), asn: null });
  const gate = admission({ store, events, now, networkAnswers: 1_000_000, difficulty, judge });
  const spent = { answers: 0, passes: 0, sha256: 0, addresses: new Set<string>() };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  /** The sender fetches from `ip` and answers with the work done (rightly or not): what its work cost, counted. */
  const answer = async (ip: string, passed: boolean) => {
    const admitted = await gate.admitted(ip, 'challenge', clock.at);
    if (isRefusal(admitted)) throw new Error(`${ip} refused: ${admitted.refusal}`);
    // A task drawn below its max counter: half of it on average, 2 SHA-256 a try.
    spent.sha256 += escalatedWorkCost(WORK_DEFAULTS.puzzle * admitted.verdict.policy.workFactor, workDoublings(admitted.standing));
    const counted = await gate.countAnswer(ip, clock.at, WORK_ESCALATION.maxSteps);
    if (isRefusal(counted)) throw new Error(`${ip} locked`);
    await counted.settle(passed, admitted.fetchedBy);
    spent.answers += 1;
    if (passed) spent.passes += 1;
    spent.addresses.add(ip);
    await settle();
  };
  /** The level a person on `ip`'s network meets now: a fetch from an address of it not seen before (IPv4: the last byte). */
  let people = 0;
  const personLevel = async (ip: string) => {
    people += 1;
    const address = ip.replace(/\.\d+$/, `.${(people % 50) + 200}`);
    const { verdict } = await difficulty.challenge(address, { network: networkOf(address), kind: kindOf(address) }, clock.at);
    await settle();
    return verdict.level;
  };
  /** From the sender's stop, a person visiting once a minute: minutes until below level 2, and until level 0. */
  const stay = async (ip: string) => {
    const stopped = clock.at;
    let guardedUntil: number | null = null;
    for (let minutes = 0; minutes <= 180; minutes += 1) {
      clock.at = stopped + minutes * MINUTE;
      const level = await personLevel(ip);
      if (level < 2 && guardedUntil === null) guardedUntil = minutes;
      if (level === 0) return { guardedMinutes: guardedUntil ?? minutes, raisedMinutes: minutes };
    }
    throw new Error('still raised after 3 hours');
  };
  return { clock, answer, personLevel, stay, spent };
}

type Outcome = {
  way: string;
  level: number;
  answers: number;
  passes: number;
  addresses: number;
  cpuSeconds: number;
  guardedMinutes: number;
  raisedMinutes: number;
};
const outcomes: Outcome[] = [];

/** Plays `attack` until the person at `victim` is at `goal`, then how long the person stays off level 0. */
async function play(way: string, goal: number, victim: string, attack: (step: number, env: ReturnType<typeof setUp>) => Promise<void>) {
  const env = setUp();
  let level = 0;
  for (let step = 0; step < 2000 && level < goal; step += 1) {
    await attack(step, env);
    level = await env.personLevel(victim);
  }
  expect(level).toBe(goal);
  const { guardedMinutes, raisedMinutes } = await env.stay(victim);
  const outcome = {
    way,
    level,
    answers: env.spent.answers,
    passes: env.spent.passes,
    addresses: env.spent.addresses.size,
    cpuSeconds: env.spent.sha256 / SHA256_PER_CPU_SECOND,
    guardedMinutes,
    raisedMinutes,
  };
  outcomes.push(outcome);
  return outcome;
}

describe("what it costs to raise other people's level", () => {
  it('its own /24: wrong answers with the work done from a new address each, one every 3 s (hard evidence: most of 20 failed)', async () => {
    const outcome = await play('own network', 2, '198.51.100.250', async (step, { clock, answer }) => {
      clock.at += 3 * SECOND;
      await answer(`198.51.100.${step + 1}`, false);
    });
    expect(outcome).toMatchObject({ answers: 20, passes: 0, addresses: 20 });
  });

  it(`a carrier /24: wrong answers with the work done, one a second, from a NAT address per ${CARRIER_NAT_FAILURE_SHARE} (hard evidence: most of 30 failed)`, async () => {
    const outcome = await play('carrier /24', 2, '36.128.8.77', async (step, { clock, answer }) => {
      clock.at += SECOND;
      await answer(`36.128.8.${1 + Math.floor(step / CARRIER_NAT_FAILURE_SHARE)}`, false);
    });
    // One NAT's failures count for its /24 up to its share: three addresses of the /24, where one used to do.
    expect(outcome).toMatchObject({ answers: 30, passes: 0, addresses: 3 });
    // Failures are a patient solver's evidence too: a network raised on them keeps the usual calm period (15 min a step).
    expect(outcome).toMatchObject({ guardedMinutes: 25, raisedMinutes: 40 });
  });

  it("a carrier /24 from one NAT address: its share of failures, then plain-picture passes, four a second (past a usual day's hard mark: 60 answers in a minute)", async () => {
    const outcome = await play('carrier /24, one NAT address', 2, '36.128.9.77', async (step, { clock, answer }) => {
      clock.at += SECOND / 4;
      await answer('36.128.9.1', step >= CARRIER_NAT_FAILURE_SHARE);
    });
    // Its failures past its share raise its own address only: its /24's marks need answers, most of them passes read off a picture.
    expect(outcome).toMatchObject({ answers: 60, passes: 50, addresses: 1 });
  });

  it("the carriers' floor: passes from a new carrier /24 each, one a second (a rate alone: 5 minutes of calm a step)", async () => {
    const outcome = await play("carriers' floor", 2, '36.190.1.7', async (step, { clock, answer }) => {
      clock.at += SECOND;
      await answer(`36.${129 + (step >> 8)}.${step & 255}.1`, true);
    });
    // Under the usual calm period: 16 and 31. The flap window holds the first step down until 10 minutes after the rise.
    expect(outcome).toMatchObject({ guardedMinutes: 10, raisedMinutes: 15 });
  });

  it('the site floor: answers with the work done from 30 networks, two a minute each', async () => {
    await play('site floor', 1, '203.0.113.7', async (step, { clock, answer }) => {
      clock.at += SECOND;
      await answer(`192.0.${2 + (step % 30)}.${1 + Math.floor(step / 30)}`, false);
    });
  });

  afterAll(() => {
    const rows = outcomes.map(
      ({ way, level, answers, passes, addresses, cpuSeconds, guardedMinutes, raisedMinutes }) =>
        `| ${way} | ${level} | ${answers} | ${passes} | ${addresses} | ${cpuSeconds.toFixed(2)} | ${level >= 2 ? guardedMinutes : 0} | ${raisedMinutes} |`,
    );
    const table = rows.join('\n');
    console.log(table);
    // The table in the docs is this one.
    const docs = readFileSync(new URL('../../../../docs/strict-mode.md', import.meta.url), 'utf8');
    if (outcomes.length === 5) expect(docs).toContain(table);
  });
});
