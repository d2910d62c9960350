// The network part of the attack bench (ATTACK_PARTS=networks; issue 34): people through carrier /24s and
// NAT addresses, a cloud farm over one AS, a fast bot, hoarding, answering from other networks, answers to
// ids never issued, a flood of bare fetches over one /24, and checkuser beside a refused flood on the embedded
// store; each goal with what was measured. Cases run one after another (their figures are their own).
import { PASS_ALLOWANCE } from '@game-register/gateway/policy';
import type { Goal } from './attack-goals';
import { answerPuzzle, bot, checkuserUnderFlood, inLanes, networkServer, people, tryPuzzle } from './attack-network-cases';
import type { BotChallenge } from '../../testing/attackers';
import { freeActionCases } from './attack-free-cases';
import { patientCases } from './attack-patient-cases';

/** The cases to play (ATTACK_NETWORK_CASES, comma-separated; all by default). */
const FREE_CASES = 'free-failures,free-nat-answers,fetch-flood,tokenless-regs,nat-registers,accessible-under-attack,six-networks,nat-redis';
/** The patient solvers (issue 44): ATTACK_PATIENT_MINUTES each (10 by default, the issue's), ATTACK_SOLVER the public method; what the ledger marks of people (issue 51). */
const PATIENT_CASES = 'patient-24,patient-56,patient-pool,patient-accessible,campaign,ledger-people';
const CASES = (process.env.ATTACK_NETWORK_CASES || `people,farm,fast,hoard,ids,flood,checkuser,${FREE_CASES},${PATIENT_CASES}`)
  .split(',')
  .map((name) => name.trim());
/** Scale of the cases (ATTACK_NETWORK_SCALE, 0.1-1): 1 plays the numbers. */
const SCALE = Math.min(1, Math.max(0.1, Number(process.env.ATTACK_NETWORK_SCALE || 1)));
const n = (count: number) => Math.max(1, Math.round(count * SCALE));
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
type Tried = Awaited<ReturnType<typeof tryPuzzle>>;
const passed = (tries: readonly { outcome: string }[]) => tries.filter((tried) => tried.outcome === 'passed').length;
const passRate = (tries: readonly Tried[]) => passed(tries) / Math.max(1, tries.filter((tried) => tried.status === 200).length);

async function onServer<T>(redisUrl: string, prefix: string, run: (base: string) => Promise<T>): Promise<T> {
  const server = await networkServer(redisUrl, prefix);
  try {
    return await run(server.base);
  } finally {
    const changes = await server.levelChanges();
    console.log(`    (${prefix}: level changes by the server's metrics: ${changes.join(', ') || 'none'})`);
    await server.stop();
  }
}

export async function networkGoals(redisUrl: string): Promise<Goal[]> {
  const goals: Goal[] = [];
  const say = (goal: string, measured: string, met: boolean) => {
    goals.push({ goal, measured, met });
    console.log(`  ${met ? 'PASS' : 'MISS'} ${goal}: ${measured}`);
  };
  console.log(`\n[bench:attack] networks (scale ${SCALE}; ${CASES.join(', ')}):`);
  /** Plays one case when asked for; a case that breaks is a MISS that says why, and the others still run. */
  const play = async (name: string, run: () => Promise<void>) => {
    if (!CASES.includes(name)) return;
    try {
      await run();
    } catch (error) {
      say(`the "${name}" case`, `did not run to its end: ${(error as Error).message}`, false);
    }
  };

  await play('people', async () => {
    // The solver's own pass rate on the plain picture: people from 60 unknown /24s, a few a second.
    const baseline = await onServer(redisUrl, 'net-base', (base) => people(base, n(60), 20 * SCALE, (i) => `100.64.${i}.9`));
    const rate = passRate(baseline);
    console.log(
      `  the solver on the plain picture (${baseline.length} visitors from as many /24s): ${percent(passed(baseline), baseline.length)} pass`,
    );

    const crowd = (name: string, tries: Tried[]) => {
      const got = tries.filter((tried) => tried.status === 200).length;
      const levels = [...new Set(tries.map((tried) => tried.level).filter((level) => level !== null))];
      const met = got / tries.length >= 0.97 && levels.every((level) => level === 0) && passRate(tries) >= rate - 0.05;
      say(
        `${name}: at least 97% get a puzzle, all at level 0, and pass as often as the solver (within 5 points)`,
        `${percent(got, tries.length)} got one, levels ${levels.join(', ') || '-'}, ${percent(passed(tries), got)} passed (solver ${percent(rate, 1)})`,
        met,
      );
    };
    crowd(
      `${n(300)} people from 10 China Mobile /24s in ${Math.round(60 * SCALE)} s`,
      await onServer(redisUrl, 'net-carrier', (base) => people(base, n(300), 60 * SCALE, (i) => `36.128.${i % 10}.${1 + ((i * 7) % 250)}`)),
    );
    crowd(
      `${n(180)} people behind 3 China Mobile NAT addresses in ${Math.round(60 * SCALE)} s`,
      await onServer(redisUrl, 'net-nat', (base) => people(base, n(180), 60 * SCALE, (i) => `36.129.${10 * (i % 3)}.1`)),
    );
  });

  await play('farm', async () => {
    const farm = await onServer(redisUrl, 'net-farm', (base) =>
      bot(base, n(400), 8, (i) => `8.${128 + (i >> 8)}.${i & 255}.${1 + (i % 250)}`),
    );
    // The caps are the whatever the scale: the allowance does not shrink with fewer attempts.
    say(
      `a cloud farm over Alibaba Cloud (AS37963), a new /24 each attempt, 8 in flight: at most 20 accounts in ${n(400)} attempts`,
      `${passed(farm)} accounts; levels ${[...new Set(farm.map((tried) => tried.level))].join(', ')}; ${farm.filter((tried) => tried.status === 429 || tried.outcome === 'locked').length} refused with 429`,
      passed(farm) <= 20,
    );
  });

  await play('fast', async () => {
    const fast = await onServer(redisUrl, 'net-fast', async (base) => {
      const started = performance.now();
      const tries = await bot(base, n(300), 8, (i) => `198.18.0.${1 + (i % 250)}`);
      return { tries, seconds: (performance.now() - started) / 1000 };
    });
    say(
      `a fast bot from one unknown /24, 8 in flight: at most 10 accounts in ${n(300)} attempts`,
      `${passed(fast.tries)} accounts in ${fast.seconds.toFixed(1)} s; highest level ${Math.max(...fast.tries.map((tried) => tried.level ?? 0))}`,
      passed(fast.tries) <= 10,
    );
  });

  await play('hoard', async () => {
    const allowance = (seconds: number) => Math.floor(PASS_ALLOWANCE.unknown.burst + (PASS_ALLOWANCE.unknown.perMinute * seconds) / 60);
    const hoarded = await onServer(redisUrl, 'net-hoard', async (base) => {
      const started = performance.now();
      const fetched = await inLanes(n(60), 8, 0, (i) => tryPuzzle(base, `198.18.1.${1 + i}`, { answer: false }));
      const here = await inLanes(fetched.length, 8, 0, (i) =>
        answerPuzzle(base, fetched[i]!.challenge.body as BotChallenge, `198.18.1.${1 + i}`),
      );
      const fetchedElsewhere = await inLanes(n(40), 8, 0, (i) => tryPuzzle(base, `198.18.2.${1 + i}`, { answer: false }));
      const elsewhere = await inLanes(fetchedElsewhere.length, 8, 0, (i) =>
        answerPuzzle(base, fetchedElsewhere[i]!.challenge.body as BotChallenge, `2001:db8:${100 + i}::1`),
      );
      return { here, elsewhere, seconds: (performance.now() - started) / 1000 };
    });
    const cap = allowance(hoarded.seconds);
    say(
      `hoarded answers (${n(60)} fetched from one /24, then answered) and cross-network ones (${n(40)} answered from as many IPv6 networks): passes within the fetching network's allowance (${cap})`,
      `${passed(hoarded.here)} and ${passed(hoarded.elsewhere)} passes`,
      passed(hoarded.here) <= cap && passed(hoarded.elsewhere) <= cap,
    );
  });

  await play('ids', async () => {
    const neighbours = await onServer(redisUrl, 'net-ids', async (base) => {
      const work = (await tryPuzzle(base, '198.18.3.1', { answer: false })).challenge.body as BotChallenge;
      for (let i = 0; i < 21; i += 1) {
        await answerPuzzle(base, { ...work, id: `never-issued-${i}` }, `2001:db8:5:${i}::1`);
        await answerPuzzle(base, { ...work, id: `never-issued-v4-${i}` }, `198.18.4.${i + 1}`);
      }
      return Promise.all(['2001:db8:5:99::1', '198.18.4.200'].map((address) => tryPuzzle(base, address, { answer: false })));
    });
    say(
      "21 answers to ids never issued from /64s of one /48 and from one /24: nobody else's level moves",
      `neighbours' levels: ${neighbours.map((tried) => tried.level).join(', ')}`,
      neighbours.every((tried) => tried.level === 0),
    );
  });

  await play('flood', async () => {
    const flood = await onServer(redisUrl, 'net-flood', async (base) => {
      const spent = await inLanes(390, 8, 0, (i) => tryPuzzle(base, `198.18.5.${1 + (i % 250)}`, { answer: false }));
      await new Promise((resolve) => setTimeout(resolve, 60_000 * SCALE));
      const more = await inLanes(5, 1, 0, (i) => tryPuzzle(base, `198.18.5.${1 + i}`, { answer: false }));
      const after = await people(base, 12, 10, (i) => `36.128.20.${1 + i}`);
      return { refused: [...spent, ...more].filter((tried) => tried.status === 429).length, after };
    });
    say(
      "390 bare fetches in a minute over one /24's addresses, 5 the next: nobody else's level moves; 12 people behind another carrier /24 get level 0, none 429",
      `${flood.refused} refused; the 12 got levels ${[...new Set(flood.after.map((tried) => tried.level))].join(', ')}, ${flood.after.filter((tried) => tried.status === 429).length} refused`,
      flood.after.every((tried) => tried.level === 0 && tried.status === 200),
    );
  });

  await play('checkuser', async () => {
    const checkuser = await checkuserUnderFlood(Math.max(3, Math.round(8 * SCALE)));
    const kept = checkuser.besideRps / Math.max(1, checkuser.aloneRps);
    say(
      'a refused-puzzle flood on the embedded store: checkuser keeps at least 40% of its throughput alone, p99 under 10 ms',
      `${Math.round(checkuser.besideRps)} of ${Math.round(checkuser.aloneRps)} req/s (${percent(kept, 1)}), p99 ${checkuser.besideP99} ms (alone ${checkuser.aloneP99} ms); the flood sent ${checkuser.floodRequests}, ${checkuser.floodRefused} refused`,
      kept >= 0.4 && checkuser.besideP99 < 10,
    );
  });

  // What costs its sender nothing moves nothing of anyone else's (issue 43).
  await freeActionCases(redisUrl, play, say);
  // Solvers that wait out any fixed timing rule, from carrier networks (issue 44).
  await patientCases(redisUrl, play, say);
  return goals;
}
