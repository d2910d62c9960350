// One scenario of the attack bench (bench/attack/attack.ts): its own built server in strict mode on the shared
// redis-server (a prefix of its own), as deployed (default limits and stock, no test seed) but trusting
// X-Forwarded-For from loopback and with its clock `speed` times faster (CAPTCHA_TEST_CLOCK_SPEED); the
// crowd and the attacker in agent processes of their own (attack-agent.ts); their records back.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../testing/attackers';
import { freePort } from '../../scripts/free-port';
import type { AgentOrders, AgentResult } from './attack-agent';
import { sampleLevels, type LevelSample } from './attack-metrics';
import type { Scenario } from './attack-plan';
import type { AttackerResult } from './attack-sides';
import { simClock, type Attempt } from './attack-wire';
import { DEPLOYED_STRICT_ENV, startServer, type BenchServer } from '../common/server-process';

/** Real time between the agents' word that they are ready and the scenario's clock start. */
const CLOCK_START_MS = 200;
const TSX_FLAGS = ['--conditions=game-register-source', '--import', 'tsx'];

export interface ScenarioResult {
  scenario: Scenario;
  /** The server's clock speed as measured (two challenges' expiry times against the real time between them). */
  measuredSpeed: number;
  attacker: AttackerResult | null;
  crowd: Attempt[];
  /** The server's level changes and quota refusals, as its metrics counted them over the scenario. */
  levelSamples: LevelSample[];
  serverCpuSeconds: number;
  realSeconds: number;
}

/** Simulated seconds per real second of the server's clock: how far two challenges' expiry times lie apart. */
async function clockSpeed(server: BenchServer): Promise<number> {
  const client = createClient({ base: server.base, address: '192.0.2.77' });
  const first = await client.challenge(1);
  const realStart = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const second = await client.challenge(1);
  const realMs = Date.now() - realStart;
  const expiry = (answer: typeof first) => Number(answer.body?.expiresAt);
  return (expiry(second) - expiry(first)) / realMs;
}

/** Waits until the server's CPU rests (its stock drawn: a burst of puzzles at start), at most a minute. */
async function untilIdle(server: BenchServer) {
  for (let waited = 0, before = server.cpuSeconds(); waited < 60; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = server.cpuSeconds();
    if (now - before < 0.05) return;
    before = now;
  }
}

interface Agent {
  /** Resolves once the agent has loaded and waits for the clock's start. */
  ready: Promise<void>;
  start(startedAt: number): void;
  result: Promise<AgentResult>;
}

/** An agent process (attack-agent.ts): its orders as its argument, the clock's start by IPC once it is ready, its result on stdout. */
function spawnAgent(orders: AgentOrders, started: Set<number>): Agent {
  const child = spawn(process.execPath, [...TSX_FLAGS, 'bench/attack/attack-agent.ts', JSON.stringify(orders)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  if (child.pid !== undefined) started.add(child.pid);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const result = new Promise<AgentResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (child.pid !== undefined) started.delete(child.pid);
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as AgentResult);
      else reject(new Error(`the ${orders.role} of "${orders.scenario.name}" exited with ${code ?? signal}`));
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void result.catch(reject);
  });
  return { ready, result, start: (startedAt) => child.send({ startedAt }) };
}

export interface RunOptions {
  stock?: string;
  probeNets: number;
  /** Told the real time (Date.now()) at which the scenario's clock starts. */
  onClockStart?: (startedAt: number) => void;
}

export async function runScenario(scenario: Scenario, index: number, redisUrl: string, options: RunOptions): Promise<ScenarioResult> {
  const emptyDist = mkdtempSync(join(tmpdir(), 'bench-attack-'));
  writeFileSync(join(emptyDist, 'index.html'), '<!doctype html>'); // the start refuses a DIST_DIR without one
  const metricsPort = await freePort();
  const server = await startServer({
    ...DEPLOYED_STRICT_ENV,
    CAPTCHA_TEST_SEED: undefined, // puzzles from the system's random source, as in production
    CAPTCHA_STOCK: options.stock, // unset: the deployed stock
    CAPTCHA_TEST_CLOCK_SPEED: String(scenario.speed),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `attack${index}:`,
    DIST_DIR: emptyDist, // the pages are not asked for: the server alone
    METRICS_PORT: String(metricsPort),
  });
  const agents = new Set<number>();
  try {
    await untilIdle(server);
    const measuredSpeed = await clockSpeed(server);
    const cpuAtStart = server.cpuSeconds();
    const realStart = performance.now();
    const orders = { base: server.base, scenario, probeNets: options.probeNets };
    const spawned = [spawnAgent({ ...orders, role: 'crowd', seed: 7000 + index }, agents)];
    if (scenario.attack) spawned.push(spawnAgent({ ...orders, role: 'attacker', seed: 9000 + index }, agents));
    await Promise.all(spawned.map((agent) => agent.ready));
    const startedAt = Date.now() + CLOCK_START_MS;
    for (const agent of spawned) agent.start(startedAt);
    options.onClockStart?.(startedAt);
    const sampler = sampleLevels(`http://127.0.0.1:${metricsPort}/metrics`, simClock(startedAt, scenario.speed));
    const results = await Promise.all(spawned.map((agent) => agent.result)).finally(() => sampler.stop());
    const levelSamples = await sampler.stop();
    const crowd = results.find((result) => result.role === 'crowd');
    const attacker = results.find((result) => result.role === 'attacker');
    return {
      scenario,
      measuredSpeed,
      attacker: attacker?.role === 'attacker' ? attacker.result : null,
      crowd: crowd?.role === 'crowd' ? crowd.result.attempts : [],
      levelSamples,
      serverCpuSeconds: server.cpuSeconds() - cpuAtStart,
      realSeconds: (performance.now() - realStart) / 1000,
    };
  } finally {
    for (const pid of agents) process.kill(pid, 'SIGTERM'); // only when the scenario failed: each exits on its own
    await server.stop();
    rmSync(emptyDist, { recursive: true, force: true });
  }
}

/**
 * Runs every scenario side by side, each on its own server, the n-th `staggerMs` after the one before; those
 * marked `afterAttacks` start once the others' attacks are over. A scenario that fails is reported and left out.
 */
export async function runAll(
  planned: Scenario[],
  redisUrl: string,
  options: RunOptions & { staggerMs: number },
): Promise<ScenarioResult[]> {
  const attackEnds = planned.map(() => {
    let resolve = () => {};
    const promise = new Promise<void>((settle) => (resolve = settle));
    return { promise, resolve };
  });
  const settled = await Promise.allSettled(
    planned.map(async (scenario, index) => {
      const attackEnd = attackEnds[index]!;
      if (scenario.afterAttacks) {
        attackEnd.resolve();
        await Promise.all(attackEnds.filter((_, other) => !planned[other]!.afterAttacks).map((other) => other.promise));
      } else {
        await new Promise((resolve) => setTimeout(resolve, index * options.staggerMs));
      }
      console.log(`  started: ${scenario.name}`);
      const onClockStart = (startedAt: number) =>
        setTimeout(attackEnd.resolve, startedAt + ((scenario.attack?.to ?? 0) * 1000) / scenario.speed - Date.now());
      const result = await runScenario(scenario, index, redisUrl, { ...options, onClockStart }).finally(attackEnd.resolve);
      console.log(`  done in ${Math.round(result.realSeconds)} s real: ${scenario.name}`);
      return result;
    }),
  );
  for (const outcome of settled)
    if (outcome.status === 'rejected') console.error(`[bench:attack] a scenario failed: ${String(outcome.reason)}`);
  return settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
}
