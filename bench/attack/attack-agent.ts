// An agent process of the attack bench (started by attack-scenario.ts): the attacker or the crowd of one
// scenario, against one server, on the scenario's simulated clock. Its one argument is its orders (JSON);
// once loaded it says so by IPC and waits for the clock's start (a real Date.now()); it prints its result
// as one JSON line on stdout and exits.
import { seededRandom } from '@game-register/gateway/testing';
import type { Answerer } from './attack-answer';
import type { Scenario } from './attack-plan';
import { runAttacker, runCrowd, type AttackerResult } from './attack-sides';
import { countFetchBytes, simClock, type Attempt } from './attack-wire';

export interface AgentOrders {
  role: 'attacker' | 'crowd';
  base: string;
  scenario: Scenario;
  seed: number;
  probeNets: number;
}

export type AgentResult = { role: 'attacker'; result: AttackerResult } | { role: 'crowd'; result: { attempts: Attempt[] } };

async function main() {
  const orders = JSON.parse(process.argv[2] ?? '{}') as AgentOrders;
  const { scenario } = orders;
  const startedAt = await new Promise<number>((resolve) => {
    process.once('message', (message: { startedAt: number }) => resolve(message.startedAt));
    process.send!('ready');
  });
  countFetchBytes();
  const random = seededRandom(orders.seed);
  const answerer = (informed: Answerer['informed'], paceSeconds: Answerer['paceSeconds']): Answerer => ({
    base: orders.base,
    clock: simClock(startedAt, scenario.speed),
    informed,
    random,
    paceSeconds,
  });
  let output: AgentResult;
  if (orders.role === 'attacker') {
    // A script answers as soon as its faked drag could have ended (as bench/attack/bots.ts paces its bots).
    const informed = scenario.attack!.bot === 'informed';
    const attacker = answerer(
      () => informed,
      (trail) => trail + 0.3,
    );
    output = { role: 'attacker', result: await runAttacker(attacker, scenario, orders.probeNets) };
  } else {
    // A person looks for 2-6 s, then drags. A solver stands in for the eyes: on a plain picture the generic
    // one (what the informed one tries first, at about a sixth of its CPU), on any other the informed one.
    const person = answerer(
      (picture) => picture !== 'plain',
      (trail) => trail + 2 + 4 * random(),
    );
    output = { role: 'crowd', result: { attempts: await runCrowd(person, scenario) } };
  }
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

try {
  await main();
} finally {
  if (process.connected) process.disconnect(); // the IPC channel would keep the process alive
}
