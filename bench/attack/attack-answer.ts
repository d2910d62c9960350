// One try at the puzzle, as the attack bench's bot and crowd make it: a challenge at pixel ratio 1 (the
// cheapest for the solver and the proxy), the gap found by the gateway's testing vision (informed: it
// undoes the piece's tilt and size; generic: it matches the piece as drawn), the work solved with native
// SHA-256, a hand's trail, and the answer sent no sooner than `paceSeconds` (simulated) after the
// challenge came. Looking and solving take turns in one queue per process, in arrival order, so the CPU
// each measures is its own (a few answers may be in flight, waiting on the network or their pace).
import { humanTrail, solvedWork } from '@game-register/gateway/testing';
import { createClient, locateGap, outcomeOf, verifyBody, type BotChallenge } from '../../testing/attackers';
import { netOf } from './attack-plan';
import { measure, sealedLevel, type Attempt, type SimClock } from './attack-wire';

export interface Answerer {
  base: string;
  clock: SimClock;
  /** Whether to look with the informed eyes at a picture of this kind (the challenge's sealed `pic`). */
  informed: (picture: string) => boolean;
  random: () => number;
  /** Simulated seconds from the challenge's arrival to the answer, given the faked drag's own duration. */
  paceSeconds: (trailSeconds: number) => number;
}

let queue: Promise<unknown> = Promise.resolve();
/** Runs `task` after every task queued before it. */
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const turn = queue.then(task, task);
  queue = turn.catch(() => undefined);
  return turn;
}

/** One challenge from `address` and, when one is issued, its answer. */
export async function tryOnce(answerer: Answerer, address: string, who: Attempt['who']): Promise<Attempt> {
  const { clock } = answerer;
  const client = createClient({ base: answerer.base, address });
  const t = clock.now();
  const base = { t, who, address, net: netOf(address), workCpu: 0, visionCpu: 0 };
  const { result, bytes } = await measure(async () => {
    const answer = await client.challenge(1);
    if (answer.status !== 200) {
      return { ...base, status: answer.status, level: null, picture: null, outcome: outcomeOf(answer), retryAfter: answer.retryAfter };
    }
    const challenge = answer.body as BotChallenge;
    const { level, picture } = sealedLevel(answer.body);
    const sealed = { ...base, status: 200, level, picture, retryAfter: null };
    if (who === 'probe') return { ...sealed, outcome: 'unanswered' as const };
    const { seen, solved } = await inTurn(async () => ({
      seen: await locateGap(challenge, { informed: answerer.informed(picture) }),
      solved: challenge.work ? solvedWork(challenge.work) : null,
    }));
    const trail = humanTrail(seen.offsetX, challenge, answerer.random);
    await clock.sleepUntil(t + answerer.paceSeconds((trail.at(-1)?.t ?? 0) / 1000));
    const verdict = await client.verify(verifyBody(challenge, seen.offsetX, trail, solved?.work));
    const outcome = outcomeOf(verdict);
    return { ...sealed, outcome, retryAfter: verdict.retryAfter, workCpu: solved?.cpuSeconds ?? 0, visionCpu: seen.cpuSeconds };
  });
  return { ...result, bytes };
}
