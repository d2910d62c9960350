// The two sides of an attack scenario (bench/attack/attack.ts), each run in an agent process of its own
// (attack-agent.ts), so the bot's CPU is its process's alone:
// - the attacker: `rate` attempts a simulated minute, round robin over its /24s, each from a new address
//   inside one (a /24 refused with 429 is left alone for its Retry-After), a few in flight at once; once the
//   attack is over, it stands in as the bench's probe of its /24s' levels: one unanswered challenge a
//   simulated minute from a new address in each of the first `probeNets`;
// - the crowd: visitors arriving at random through the whole scenario, and the ad burst's, each from its
//   own /24, answering at a person's pace (the drag plus 2-6 s of looking), trying again after a failure.
import { cpuSecondsSince } from '@game-register/gateway/internals';
import { tryOnce, type Answerer } from './attack-answer';
import { botNet, crowdNet, hostIn, type Scenario } from './attack-plan';
import type { Attempt } from './attack-wire';

/** Attempts in flight at once: the attacker waits for one to end before starting another. */
const LANES = 4;
const PROBE_EVERY = 60;
/** A person tries this often at most, and gives up on a wait longer than this (simulated seconds). */
const TRIES = 3;
const PATIENCE = 60;

export interface AttackerResult {
  attempts: Attempt[];
  /** The process's CPU seconds from the attack's start to its end. */
  cpuSeconds: number;
  /** Attempts started later than planned (the machine too slow for the rate), and the worst delay. */
  late: number;
  worstDelay: number;
}

export async function runAttacker(answerer: Answerer, scenario: Scenario, probeNets: number): Promise<AttackerResult> {
  const attack = scenario.attack!;
  const { clock, random } = answerer;
  const nets = Array.from({ length: attack.nets }, (_, index) => botNet(index));
  const restUntil = new Map<string, number>();
  const attempts: Attempt[] = [];
  const inFlight = new Set<Promise<void>>();
  let late = 0;
  let worstDelay = 0;
  let turn = 0;
  await clock.sleepUntil(attack.from);
  const cpuAtStart = process.cpuUsage();
  for (let planned = attack.from; planned < attack.to; planned += 60 / attack.rate) {
    await clock.sleepUntil(planned);
    while (inFlight.size >= LANES) await Promise.race(inFlight);
    const delay = clock.now() - planned;
    if (delay > 1) late += 1;
    worstDelay = Math.max(worstDelay, delay);
    if (clock.now() >= attack.to) break;
    let net: string | undefined;
    for (let step = 0; step < nets.length && net === undefined; step += 1) {
      const candidate = nets[(turn + step) % nets.length]!;
      if ((restUntil.get(candidate) ?? 0) <= clock.now()) [net, turn] = [candidate, turn + step + 1];
    }
    if (net === undefined) continue; // every /24 refused for now: the attacker waits
    const attempt = tryOnce(answerer, hostIn(net, random()), 'bot').then((done) => {
      attempts.push(done);
      if (done.status === 429) restUntil.set(net, done.t + (done.retryAfter ?? 1));
    });
    const tracked: Promise<void> = attempt.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }
  await Promise.all(inFlight);
  const cpuSeconds = cpuSecondsSince(cpuAtStart);
  // The bench's probes of the attacked /24s, until the scenario ends.
  for (let at = attack.to; at < scenario.end; at += PROBE_EVERY) {
    await clock.sleepUntil(at);
    const probed = await Promise.all(nets.slice(0, probeNets).map((net) => tryOnce(answerer, hostIn(net, random()), 'probe')));
    attempts.push(...probed);
  }
  return { attempts, cpuSeconds, late, worstDelay };
}

/** Arrival times (simulated seconds) of the crowd: at random through the scenario, then the burst's. */
function arrivals(scenario: Scenario, random: () => number): { at: number; net: string; burst: boolean }[] {
  const visitors: { at: number; net: string; burst: boolean }[] = [];
  const mean = scenario.crowdPerMinute > 0 ? 60 / scenario.crowdPerMinute : Infinity;
  for (let at = -Math.log(1 - random()) * mean; at < scenario.end; at += -Math.log(1 - random()) * mean) {
    visitors.push({ at, net: crowdNet(Math.floor(random() * 16_384)), burst: false });
  }
  const { burst } = scenario;
  const first = Math.floor(random() * 8_000);
  for (let k = 0; burst && k < burst.visitors; k += 1)
    visitors.push({ at: burst.at + (burst.within * k) / burst.visitors, net: crowdNet(first + k), burst: true });
  return visitors.sort((a, b) => a.at - b.at);
}

export async function runCrowd(answerer: Answerer, scenario: Scenario): Promise<Attempt[]> {
  const { clock, random } = answerer;
  const attempts: Attempt[] = [];
  const visit = async (visitor: number, { at, net, burst }: { at: number; net: string; burst: boolean }) => {
    await clock.sleepUntil(at);
    const address = hostIn(net, random());
    for (let tries = 0; tries < TRIES; tries += 1) {
      const attempt = await tryOnce(answerer, address, 'crowd');
      attempts.push({ ...attempt, visitor, burst });
      if (attempt.outcome === 'passed') return;
      const wait = attempt.retryAfter ?? 2 + 2 * random();
      if (wait > PATIENCE) return;
      await clock.sleep(wait);
    }
  };
  await Promise.all(arrivals(scenario, random).map((arrival, visitor) => visit(visitor, arrival)));
  return attempts;
}
