// The admission of a challenge and the count of an answer (admission.ts) without a server: a real embedded
// store and a real difficulty on a clock the test moves. What a caller meets: who is admitted and at what
// standing, or refused and why; the network's challenge limit, the pass allowance, the lock, the sweep.
import Database from 'libsql';
import { admission, isRefusal, type Refusal } from './admission';
import { createDifficulty } from './difficulty';
import { passAllowance, type OperatorSwitches } from '../rules/level-decision';
import type { Level } from '../rules/policy';
import { eventsWith } from '../rules/events';
import { ensureCaptchaTables } from '../../stores/libsql-schema';
import { createLibsqlStore } from '../../stores/libsql-store';
import { networkOf } from '../rules/networks/address-blocks';
import type { JudgedNetwork, NetworkKind } from '../rules/networks/network-kind';
import {
  ADDRESS_FETCHES,
  CARRIER_NAT_VISITORS,
  FAILURES_BEFORE_LOCK,
  HAND_MIN_MS,
  KIND_FLOOR,
  LEVEL_POLICY,
  LOCK_MS,
  SWEEP_EVERY_MS,
} from '../rules/policy';
import type { CaptchaStore } from '../ports';

// Equivalent mutants (the mutation score leaves them out; scripts/mutation-scores.ts reads these lines):
// Equivalent mutant (packages/gateway/src/core/flows/admission.ts, ConditionalExpression): `standing.lockedUntil > at` -> `false`: both stores answer a null hit whenever the standing they read has a lock (lockedUntil not 0), so beside a counted hit lockedUntil is 0, and `0 > at` is false on any clock

const SECOND = 1000;
const START = Date.UTC(2026, 10, 25, 8);
const NO_SWITCHES: OperatorSwitches = { underAttack: null, peopleFirst: null };
const HOSTING_NETWORK = 'as:37963';

/** The judge of these tests: 36.112.x.x and 2409:8a00::/32 a carrier's, 47.x.x.x a cloud's (its whole AS one network), the rest unknown. */
const judge = (ip: string): JudgedNetwork => {
  if (ip.startsWith('36.112.')) return { kind: 'carrier', asn: 9808, network: networkOf(ip) };
  if (ip.startsWith('2409:8a00:')) return { kind: 'carrier', asn: 9808, network: networkOf(ip) };
  if (ip.startsWith('47.')) return { kind: 'hosting', asn: 37963, network: HOSTING_NETWORK };
  return { kind: 'unknown', asn: null, network: networkOf(ip) };
};

/** A refusal of this reason with this Retry-After (seconds). */
const tooMany = (refusal: Refusal['refusal'], retryAfterS: number): Refusal => ({ refusal, retryAfterS });

function setUp({
  networkAnswers = 3,
  pinned = null,
  start = START,
  wrap = (store) => store,
}: { networkAnswers?: number; pinned?: Level | null; start?: number; wrap?: (store: CaptchaStore) => CaptchaStore } = {}) {
  const db = new Database(':memory:');
  ensureCaptchaTables(db);
  const clock = { at: start };
  const raw = createLibsqlStore(db, 'k'.repeat(32), () => clock.at);
  const store = wrap(raw);
  const rateLimited: [string, NetworkKind][] = [];
  const quotaRefused: [Level, NetworkKind][] = [];
  const events = eventsWith({
    rateLimited: (route, kind) => rateLimited.push([route, kind]),
    quotaRefused: (level, kind) => quotaRefused.push([level, kind]),
  });
  const onError = (error: unknown) => {
    throw error;
  };
  const difficulty = createDifficulty({
    signals: raw.signals,
    switches: () => NO_SWITCHES,
    holdout: 0,
    random: () => 0.5,
    pinned,
    events,
    onError,
  });
  const admit = admission({ store, events, now: () => clock.at, networkAnswers, difficulty, judge });

  /** A challenge asked for from `ip` now: admitted (null when refused), or the refusal (null when admitted). */
  const challenge = async (ip: string) => {
    const answer = await admit.admitted(ip, '/captcha/challenge', clock.at);
    return isRefusal(answer) ? { admitted: null, refused: answer } : { admitted: answer, refused: null };
  };
  /** An answer from `ip` now, counted before it is judged. */
  const answer = async (ip: string, maxSteps = 5) => {
    const counted = await admit.countAnswer(ip, clock.at, maxSteps);
    return isRefusal(counted) ? { counted: null, refused: counted } : { counted, refused: null };
  };
  /** `times` wrong answers from `ip` to no live puzzle, each counted and settled. */
  const fail = async (ip: string, times: number) => {
    for (let i = 0; i < times; i += 1) {
      const { counted } = await answer(ip);
      await counted!.settle(false, null);
    }
  };
  /** The signals the levels were counted from, summed over their buckets: `entity:subject:counter` -> count. */
  const signals = () => {
    const sums: Record<string, number> = {};
    for (const { key, count } of db.prepare("SELECT key, count FROM captcha_signals WHERE key LIKE 'sig:%'").all() as {
      key: string;
      count: number;
    }[]) {
      const name = key.slice('sig:'.length, key.lastIndexOf(':'));
      sums[name] = (sums[name] ?? 0) + count;
    }
    return sums;
  };
  /** The fixed-window counters (challenges and failures per network), by name. */
  const hits = () =>
    Object.fromEntries(
      (db.prepare('SELECT name, count FROM captcha_hits').all() as { name: string; count: number }[]).map(({ name, count }) => [
        name,
        count,
      ]),
    );
  return { db, clock, store: raw, admit, challenge, answer, fail, signals, hits, rateLimited, quotaRefused };
}

describe('a challenge admitted', () => {
  it('answers a fresh address its verdict, its standing and who fetched it: an IPv6 address as its /64', async () => {
    const { challenge, signals, hits } = setUp();
    const { admitted, refused } = await challenge('2001:db8:1:2:aaaa::7');
    expect(admitted).toEqual({
      standing: { lockedUntil: 0, failures: 0, networkFailures: 0 },
      verdict: { level: 0, picture: 'plain', holdout: false, policy: LEVEL_POLICY[0], allowance: passAllowance('unknown', 0, false) },
      fetchedBy: { address: '2001:db8:1:2::/64', network: '2001:db8:1::/48', kind: 'unknown' },
    });
    expect(refused).toEqual(null);
    // A fetch costs nothing: counted for the /64 alone, for its level and its share of fetches; its /48 is only read.
    expect(signals()).toEqual({ 'address:2001:db8:1:2::/64:challenges': 1 });
    expect(hits()).toEqual({ 'fetches:2001:db8:1:2::/64': 1 });
  });

  it("issues a cloud's challenge at its kind's floor, its whole AS one network", async () => {
    const { challenge, signals } = setUp();
    const { admitted } = await challenge('47.96.1.2');
    expect(KIND_FLOOR.hosting).toBe(2);
    expect(admitted).toMatchObject({
      verdict: { level: 2, picture: 'guarded' },
      fetchedBy: { address: '47.96.1.2', network: HOSTING_NETWORK, kind: 'hosting' },
    });
    expect(signals()).toEqual({ 'address:47.96.1.2:challenges': 1 });
  });

  it('refuses a locked address 429 with what is left of its lock as Retry-After (at least 1 s), and counts nothing', async () => {
    const { clock, challenge, fail, signals, hits } = setUp();
    await fail('198.51.100.7', FAILURES_BEFORE_LOCK);
    const lockedUntil = clock.at + LOCK_MS;
    const before = signals();
    expect(await challenge('198.51.100.7')).toEqual({ admitted: null, refused: tooMany('locked', LOCK_MS / SECOND) });
    clock.at += 20_500;
    expect(await challenge('198.51.100.7')).toEqual({ admitted: null, refused: tooMany('locked', (LOCK_MS - 20_000) / SECOND) });
    clock.at = lockedUntil - 400;
    expect(await challenge('198.51.100.7')).toEqual({ admitted: null, refused: tooMany('locked', 1) });
    expect(signals()).toEqual(before);
    expect(hits()).toEqual({});
    // Its neighbour is not locked; the address itself is admitted again when its lock ends.
    expect((await challenge('198.51.100.8')).admitted).not.toBeNull();
    clock.at = lockedUntil;
    expect(await challenge('198.51.100.7')).toMatchObject({
      admitted: { standing: { lockedUntil: 0, failures: FAILURES_BEFORE_LOCK } },
      refused: null,
    });
  });

  it("doubles an address's work once per share of fetches past its first, and refuses it alone past its last, Retry-After what is left of the window", async () => {
    const { clock, challenge, rateLimited, hits } = setUp({ networkAnswers: 3 });
    const start = clock.at;
    const doublings: number[] = [];
    for (let i = 0; i < ADDRESS_FETCHES.share * ADDRESS_FETCHES.refuseAt; i += 1)
      doublings.push((await challenge('198.51.100.7')).admitted!.standing.failures);
    const perShare = (step: number) => Array<number>(ADDRESS_FETCHES.share).fill(step);
    expect(doublings).toEqual([...perShare(0), ...perShare(1), ...perShare(2), ...perShare(3)]);
    clock.at += 15 * SECOND;
    expect(await challenge('198.51.100.7')).toEqual({
      admitted: null,
      refused: tooMany('address_fetches', (ADDRESS_FETCHES.windowMs - 15 * SECOND) / SECOND),
    });
    expect(rateLimited).toEqual([['/captcha/challenge', 'unknown']]);
    // Nobody else pays for it: its neighbour on the /24 (and the /24 itself) start afresh.
    expect(await challenge('198.51.100.8')).toMatchObject({
      admitted: { standing: { failures: 0 }, verdict: { level: 0 } },
      refused: null,
    });
    expect(hits()).toEqual({ 'fetches:198.51.100.7': ADDRESS_FETCHES.share * ADDRESS_FETCHES.refuseAt, 'fetches:198.51.100.8': 1 });
    clock.at = start + ADDRESS_FETCHES.windowMs;
    expect(await challenge('198.51.100.7')).toMatchObject({ admitted: { standing: { failures: 0 } }, refused: null });
  });

  it("never refuses a carrier NAT address for its fetches: past its share (its people's) its work doubles instead", async () => {
    const { challenge, rateLimited } = setUp();
    const share = ADDRESS_FETCHES.share * CARRIER_NAT_VISITORS;
    let last = null;
    for (let i = 0; i < share * (ADDRESS_FETCHES.refuseAt + 1); i += 1) last = await challenge('36.112.0.9');
    expect(last).toMatchObject({ admitted: { standing: { failures: ADDRESS_FETCHES.refuseAt } }, refused: null });
    expect(rateLimited).toEqual([]);
    // Its /24's other addresses pay nothing for it.
    expect((await challenge('36.112.0.10')).admitted).toMatchObject({ standing: { failures: 0 }, verdict: { level: 0 } });
  });

  it('refuses a network whose answered challenges are past its allowance, whatever the address; its bare fetches never count', async () => {
    const { challenge, answer, rateLimited } = setUp({ networkAnswers: 3 });
    // Bare fetches from three /24s of one cloud, many: nothing counted for the network.
    for (const ip of ['47.96.1.1', '47.97.1.1', '47.98.1.1'])
      for (let i = 0; i < 5; i += 1) expect((await challenge(ip)).admitted).toMatchObject({ fetchedBy: { network: HOSTING_NETWORK } });
    expect(rateLimited).toEqual([]);
    // Four answers with work done: the network's allowance of 3 a minute is past.
    for (const ip of ['47.96.1.1', '47.97.1.1', '47.98.1.1', '47.99.1.1']) {
      const { admitted } = await challenge(ip);
      await (await answer(ip)).counted!.settle(false, admitted!.fetchedBy);
    }
    expect(await challenge('47.100.1.1')).toEqual({ admitted: null, refused: tooMany('network_challenges', 10) });
    expect(rateLimited).toEqual([['/captcha/challenge', 'hosting']]);
    // Another network has its own allowance.
    expect((await challenge('198.51.100.7')).admitted).not.toBeNull();
  });

  it('tells the host which route refused an address past its fetches', async () => {
    const { challenge, rateLimited } = setUp();
    for (let i = 0; i < ADDRESS_FETCHES.share * ADDRESS_FETCHES.refuseAt; i += 1)
      expect((await challenge('198.51.100.7')).admitted).not.toBeNull();
    expect((await challenge('198.51.100.7')).refused?.refusal).toBe('address_fetches');
    expect(rateLimited).toEqual([['/captcha/challenge', 'unknown']]);
  });

  it("gives a carrier NAT (a carrier's IPv4 address) no failures of its own or its network's; everyone else keeps theirs", async () => {
    const { challenge, answer, store } = setUp({ networkAnswers: 100 });
    for (const ip of ['36.112.0.9', '198.51.100.7', '2409:8a00:1:2::9']) {
      for (let i = 0; i < 2; i += 1) {
        const { admitted } = await challenge(ip);
        await (await answer(ip)).counted!.settle(false, admitted!.fetchedBy);
      }
    }
    expect(await store.standing('36.112.0.9', '36.112.0.0/24')).toEqual({ lockedUntil: 0, failures: 2, networkFailures: 2 });
    expect((await challenge('36.112.0.9')).admitted).toMatchObject({
      standing: { lockedUntil: 0, failures: 0, networkFailures: 0 },
      fetchedBy: { kind: 'carrier' },
    });
    expect((await challenge('198.51.100.7')).admitted).toMatchObject({
      standing: { lockedUntil: 0, failures: 2, networkFailures: 2 },
      fetchedBy: { kind: 'unknown' },
    });
    // A carrier's IPv6 address is a phone's own /64, not a NAT.
    expect((await challenge('2409:8a00:1:2::9')).admitted).toMatchObject({
      standing: { lockedUntil: 0, failures: 2, networkFailures: 2 },
      fetchedBy: { kind: 'carrier', address: '2409:8a00:1:2::/64', network: '2409:8a00:1::/48' },
    });
  });

  it('admits and counts on a clock at 0 (a host test\'s): no lock is "until 0"', async () => {
    const { challenge, answer } = setUp({ start: 0 });
    expect(await challenge('198.51.100.7')).toMatchObject({ admitted: { standing: { lockedUntil: 0 } }, refused: null });
    expect(await answer('198.51.100.7')).toMatchObject({ counted: { minDoublings: 0, firstTry: true }, refused: null });
  });
});

describe('a pass allowed', () => {
  const unknownAt = (level: Level, network = '198.51.100.0/24') => ({ address: '198.51.100.7', network, kind: 'unknown' as const, level });

  /** Passes asked for by `fetchedBy` at its level until one is refused: how many were granted, and the refusal. */
  const passesUntilRefused = async (
    admit: ReturnType<typeof setUp>['admit'],
    { level, ...fetchedBy }: ReturnType<typeof unknownAt> | { address: string; network: string; kind: NetworkKind; level: Level },
  ) => {
    for (let granted = 0; granted < 1000; granted += 1) {
      const refused = await admit.passRefusal(fetchedBy, level);
      if (refused !== null) return { granted, refused };
    }
    throw new Error('never refused');
  };

  it('grants an unknown network its burst at level 0, then answers 429 with the wait for the next pass', async () => {
    const { clock, admit, quotaRefused } = setUp();
    const allowance = passAllowance('unknown', 0, false);
    expect(allowance).toEqual({ burst: 8, perMinute: 2 });
    expect(await passesUntilRefused(admit, unknownAt(0))).toEqual({ granted: allowance.burst, refused: tooMany('pass_quota', 30) });
    expect(quotaRefused).toEqual([[0, 'unknown']]);
    // Another network has its own bucket; this one has a pass again when it has refilled one.
    expect(await passesUntilRefused(admit, unknownAt(0, '203.0.113.0/24'))).toMatchObject({ granted: allowance.burst });
    clock.at += 60_000 / allowance.perMinute;
    expect(await passesUntilRefused(admit, unknownAt(0))).toEqual({ granted: 1, refused: tooMany('pass_quota', 30) });
  });

  it("bounds a network's passes by its level's hourly quota, and a cloud's by its kind's bucket", async () => {
    const { admit, quotaRefused } = setUp();
    expect(passAllowance('unknown', 3, false)).toEqual({ burst: 2, perMinute: 2 / 60 });
    expect(await passesUntilRefused(admit, unknownAt(3))).toEqual({ granted: 2, refused: tooMany('pass_quota', 1800) });
    expect(passAllowance('hosting', 2, false)).toEqual({ burst: 4, perMinute: 5 / 60 });
    expect(await passesUntilRefused(admit, { address: '47.96.1.2', network: HOSTING_NETWORK, kind: 'hosting', level: 2 })).toEqual({
      granted: 4,
      refused: tooMany('pass_quota', 720),
    });
    expect(quotaRefused).toEqual([
      [3, 'unknown'],
      [2, 'hosting'],
    ]);
  });

  it("neither doubles nor refuses an address's fetches at a pinned level: one address plays every visitor", async () => {
    const { challenge } = setUp({ pinned: 0 });
    let last = null;
    for (let i = 0; i <= ADDRESS_FETCHES.share * ADDRESS_FETCHES.refuseAt; i += 1) last = await challenge('198.51.100.7');
    expect(last).toMatchObject({ admitted: { standing: { failures: 0 } }, refused: null });
  });

  it("takes no level quota at a pinned level: the kind's bucket alone", async () => {
    const { admit, challenge } = setUp({ pinned: 3 });
    expect((await challenge('198.51.100.7')).admitted).toMatchObject({
      verdict: { level: 3, allowance: passAllowance('unknown', 3, true) },
    });
    expect(await passesUntilRefused(admit, unknownAt(3))).toEqual({ granted: 8, refused: tooMany('pass_quota', 30) });
  });

  it('asks for a pass again in an hour when the store says none will come (a bucket that never refills)', async () => {
    const { admit } = setUp({
      wrap: (store) => ({ ...store, takeAllowance: (key, { burst }) => store.takeAllowance(key, { burst, perMinute: 0 }) }),
    });
    expect(await passesUntilRefused(admit, unknownAt(0))).toEqual({ granted: 8, refused: tooMany('pass_quota', 3600) });
  });
});

describe('an answer counted before it is judged', () => {
  it('asks for one doubling per failure before it, up to maxSteps; a first try only with no failure before', async () => {
    const { answer } = setUp();
    const seen: { minDoublings: number; firstTry: boolean }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { counted, refused } = await answer('198.51.100.7', 2);
      expect(refused).toEqual(null);
      seen.push({ minDoublings: counted!.minDoublings, firstTry: counted!.firstTry });
      await counted!.settle(false, null);
    }
    expect(seen).toEqual([
      { minDoublings: 0, firstTry: true },
      { minDoublings: 1, firstTry: false },
      { minDoublings: 2, firstTry: false },
      { minDoublings: 2, firstTry: false },
    ]);
  });

  it("takes back a pass's own count: the next answer is a first try again", async () => {
    const { answer, store } = setUp();
    await (await answer('198.51.100.7')).counted!.settle(true, null);
    expect(await store.standing('198.51.100.7', '198.51.100.0/24')).toEqual({ lockedUntil: 0, failures: 0, networkFailures: 0 });
    expect((await answer('198.51.100.7')).counted).toMatchObject({ minDoublings: 0, firstTry: true });
  });

  it('locks an address at its FAILURES_BEFORE_LOCK-th failure, and refuses its answers while locked, counting none', async () => {
    const { clock, answer, fail, store } = setUp();
    await fail('198.51.100.7', FAILURES_BEFORE_LOCK - 1);
    const { counted, refused } = await answer('198.51.100.7');
    expect(refused).toEqual(null);
    expect(counted).toMatchObject({ minDoublings: FAILURES_BEFORE_LOCK - 1, firstTry: false });
    await counted!.settle(false, null);
    const lockedUntil = clock.at + LOCK_MS;
    expect(await store.standing('198.51.100.7', '198.51.100.0/24')).toEqual({
      lockedUntil,
      failures: FAILURES_BEFORE_LOCK,
      networkFailures: 0,
    });
    clock.at += 10 * SECOND;
    expect(await answer('198.51.100.7')).toEqual({ counted: null, refused: tooMany('locked', (LOCK_MS - 10 * SECOND) / SECOND) });
    clock.at = lockedUntil - 1;
    expect(await answer('198.51.100.7')).toEqual({ counted: null, refused: tooMany('locked', 1) });
    expect(await store.standing('198.51.100.7', '198.51.100.0/24')).toEqual({
      lockedUntil,
      failures: FAILURES_BEFORE_LOCK,
      networkFailures: 0,
    });
  });

  it("locks again at once the first answer after a lock within the failures' window", async () => {
    const { clock, answer, fail, store } = setUp();
    await fail('198.51.100.7', FAILURES_BEFORE_LOCK);
    clock.at += LOCK_MS;
    expect(await answer('198.51.100.7')).toEqual({ counted: null, refused: tooMany('locked', LOCK_MS / SECOND) });
    expect(await store.standing('198.51.100.7', '198.51.100.0/24')).toEqual({
      lockedUntil: clock.at + LOCK_MS,
      failures: FAILURES_BEFORE_LOCK + 1,
      networkFailures: 0,
    });
  });

  it('refuses and locks the answer past the threshold among answers sent at once', async () => {
    const { clock, answer, store } = setUp();
    const answers = [];
    for (let i = 0; i <= FAILURES_BEFORE_LOCK; i += 1) answers.push(await answer('198.51.100.7'));
    expect(answers.map(({ counted }) => counted?.minDoublings ?? null)).toEqual([0, 1, 2, 3, 4, null]);
    expect(answers.at(-1)!.refused).toEqual(tooMany('locked', LOCK_MS / SECOND));
    expect(await store.standing('198.51.100.7', '198.51.100.0/24')).toEqual({
      lockedUntil: clock.at + LOCK_MS,
      failures: FAILURES_BEFORE_LOCK + 1,
      networkFailures: 0,
    });
  });

  it("never locks a carrier NAT, nor doubles its work for its people's failures", async () => {
    const { answer, challenge, store } = setUp();
    const { admitted } = await challenge('36.112.0.9');
    const seen: { minDoublings: number; firstTry: boolean }[] = [];
    for (let i = 0; i < FAILURES_BEFORE_LOCK + 3; i += 1) {
      const { counted, refused } = await answer('36.112.0.9');
      expect(refused).toEqual(null);
      seen.push({ minDoublings: counted!.minDoublings, firstTry: counted!.firstTry });
      await counted!.settle(false, admitted!.fetchedBy);
    }
    expect(seen).toEqual([
      { minDoublings: 0, firstTry: true },
      ...Array(FAILURES_BEFORE_LOCK + 2).fill({ minDoublings: 0, firstTry: false }),
    ]);
    expect(await store.standing('36.112.0.9', '36.112.0.0/24')).toEqual({
      lockedUntil: 0,
      failures: FAILURES_BEFORE_LOCK + 3,
      networkFailures: FAILURES_BEFORE_LOCK + 3,
    });
  });

  it("counts a failure against the network that fetched the puzzle, for the lock and the levels; the sender keeps the lock's count", async () => {
    const { answer, challenge, store, signals } = setUp();
    const { admitted } = await challenge('203.0.113.9');
    const before = signals();
    await (await answer('198.51.100.7')).counted!.settle(false, admitted!.fetchedBy);
    expect(await store.standing('198.51.100.7', '198.51.100.0/24')).toEqual({ lockedUntil: 0, failures: 1, networkFailures: 0 });
    expect(await store.standing('203.0.113.9', '203.0.113.0/24')).toEqual({ lockedUntil: 0, failures: 0, networkFailures: 1 });
    expect(signals()).toEqual({
      ...before,
      'address:203.0.113.9:answers': 1,
      'address:203.0.113.9:failures': 1,
      'network:203.0.113.0/24:answers': 1,
      'network:203.0.113.0/24:challenges': 1,
      'network:203.0.113.0/24:failures': 1,
    });
  });

  it("counts an answer that cost nothing toward its sender's own lock alone, and a carrier NAT's toward nothing", async () => {
    const { answer, challenge, store, signals, hits } = setUp();
    await challenge('36.112.0.9');
    const before = { signals: signals(), hits: hits() };
    for (let i = 0; i < FAILURES_BEFORE_LOCK; i += 1) {
      await (await answer('198.51.100.7')).counted!.refused(false);
      await (await answer('36.112.0.9')).counted!.refused(true);
    }
    expect(await answer('198.51.100.7')).toMatchObject({ counted: null, refused: { refusal: 'locked' } });
    expect(await store.standing('198.51.100.7', '198.51.100.0/24')).toMatchObject({ failures: FAILURES_BEFORE_LOCK, networkFailures: 0 });
    expect(await store.standing('36.112.0.9', '36.112.0.0/24')).toMatchObject({ lockedUntil: 0, networkFailures: 0 });
    expect((await answer('36.112.0.9')).counted).not.toBeNull();
    expect(signals()).toEqual(before.signals);
    expect(hits()).toEqual(before.hits);
    // An answer to no live puzzle (ownLevel) counts for the sender's own level too, never a NAT's.
    await (await answer('203.0.113.9')).counted!.refused(true);
    expect(signals()).toEqual({ ...before.signals, 'address:203.0.113.9:answers': 1, 'address:203.0.113.9:failures': 1 });
  });

  it("counts an answer to no live puzzle against the sender's own address alone", async () => {
    const { answer, store, signals, hits } = setUp();
    await (await answer('198.51.100.7')).counted!.settle(false, null);
    expect(await store.standing('198.51.100.7', '198.51.100.0/24')).toEqual({ lockedUntil: 0, failures: 1, networkFailures: 0 });
    expect(hits()).toEqual({});
    expect(signals()).toEqual({ 'address:198.51.100.7:answers': 1, 'address:198.51.100.7:failures': 1 });
    // An IPv6 sender: its /64.
    await (await answer('2001:db8:1:2::7')).counted!.settle(false, null);
    expect(signals()).toMatchObject({ 'address:2001:db8:1:2::/64:failures': 1 });
    expect(await store.standing('2001:db8:1:2::/64', '2001:db8:1::/48')).toMatchObject({ failures: 1 });
  });

  it('counts a right answer sooner than a hand can drag as a failure for the levels; the pass itself stands', async () => {
    const { answer, challenge, store, signals } = setUp();
    const { admitted } = await challenge('203.0.113.9');
    const before = signals();
    await (await answer('203.0.113.9')).counted!.settle(true, admitted!.fetchedBy, { answeredInMs: HAND_MIN_MS - 1, fitsMs: HAND_MIN_MS });
    expect(await store.standing('203.0.113.9', '203.0.113.0/24')).toEqual({ lockedUntil: 0, failures: 0, networkFailures: 0 });
    expect(signals()).toEqual({
      ...before,
      'address:203.0.113.9:answers': 1,
      'address:203.0.113.9:failures': 1,
      'network:203.0.113.0/24:answers': 1,
      'network:203.0.113.0/24:challenges': 1,
      'network:203.0.113.0/24:failures': 1,
    });
    await (await answer('203.0.113.9')).counted!.settle(true, admitted!.fetchedBy, { answeredInMs: HAND_MIN_MS, fitsMs: HAND_MIN_MS });
    await (await answer('203.0.113.9')).counted!.settle(true, admitted!.fetchedBy);
    expect(signals()).toMatchObject({
      'address:203.0.113.9:answers': 3,
      'address:203.0.113.9:passes': 2,
      'address:203.0.113.9:passesHour': 2,
      'network:203.0.113.0/24:passes': 2,
    });
    // A pass without the picture: a pass for the levels, not one that makes its address known good.
    await (await answer('203.0.113.9')).counted!.settle(true, admitted!.fetchedBy, null, 'accessible');
    expect(signals()).toMatchObject({
      'address:203.0.113.9:passes': 3,
      'address:203.0.113.9:passesHour': 2,
      'network:203.0.113.0/24:passes': 3,
      'network:203.0.113.0/24:passesHour': 3,
    });
  });
});

describe('the sweep and the spent tasks', () => {
  it('sweeps the store at most once every SWEEP_EVERY_MS', async () => {
    let sweeps = 0;
    const { clock, admit } = setUp({
      wrap: (store) => ({
        ...store,
        sweep: () => {
          sweeps += 1;
          return store.sweep();
        },
      }),
    });
    const start = clock.at;
    await admit.sweep(start);
    expect(sweeps).toBe(1);
    await admit.sweep(start + SWEEP_EVERY_MS - 1);
    expect(sweeps).toBe(1);
    await admit.sweep(start + SWEEP_EVERY_MS);
    expect(sweeps).toBe(2);
    await admit.sweep(start + SWEEP_EVERY_MS + 1);
    expect(sweeps).toBe(2);
  });

  it('spends a key once until the time it is given has passed, and for a second at least', async () => {
    const { clock, admit, store } = setUp();
    const until = clock.at + 10 * SECOND;
    expect(await admit.spendOnce('task:a', until)).toBe(true);
    expect(await admit.spendOnce('task:a', until)).toBe(false);
    expect(await admit.spendOnce('task:b', until)).toBe(true);
    expect(await admit.spendOnce('task:c', null)).toBe(true);
    clock.at += SECOND;
    await store.sweep();
    expect(await admit.spendOnce('task:c', null)).toBe(false);
    clock.at += 9 * SECOND;
    await store.sweep();
    expect(await admit.spendOnce('task:a', until)).toBe(false);
    expect(await admit.spendOnce('task:c', null)).toBe(true);
    clock.at += 1;
    await store.sweep();
    expect(await admit.spendOnce('task:a', until)).toBe(true);
  });
});
