// The network cases of the attack bench (issue 34, "judge networks as they are"): each on a fresh built
// server in strict mode on Redis (a prefix of its own; the last on the embedded store), trusting
// X-Forwarded-For from loopback, on real time. Addresses are real prefixes of the shipped origin-AS table:
// China Mobile (AS9808, 36.128.0.0/15) for people, Alibaba Cloud (AS37963, 8.128.0.0/12) for a cloud farm,
// and unknown ranges (198.18.0.0/15, 100.64.0.0/10, 2001:db8::/32) for the rest.
import autocannon from 'autocannon';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { humanTrail, seededRandom, solvedWork } from '@game-register/gateway/testing';
import { createClient, locateGap, outcomeOf, solvePublic, verifyBody, type BotChallenge, type ClientAnswer } from '../../testing/attackers';
import { freePort } from '../../scripts/free-port';
import { DEPLOYED_STRICT_ENV, LIFTED_LIMITS, startServer } from '../common/server-process';

const random = seededRandom(3401);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const levelOf = (answer: ClientAnswer): number | null =>
  answer.status === 200 ? Number(answer.body?.work?.parameters?.data?.lv ?? 0) : null;

/** One try: a challenge from `address` and, unless told not to, its answer from `answerFrom` (the same address by default) after `paceMs`. */
export async function tryPuzzle(base: string, address: string, { paceMs = 0, answerFrom = address, answer = true, person = false } = {}) {
  const challenge = await createClient({ base, address }).challenge(1);
  const level = levelOf(challenge);
  if (challenge.status !== 200 || !answer)
    return { status: challenge.status, level, outcome: challenge.status === 200 ? 'unanswered' : 'refused', challenge };
  return { ...(await answerPuzzle(base, challenge.body as BotChallenge, answerFrom, paceMs, person)), status: 200, level, challenge };
}

/**
 * Answers a challenge as a solver does: the generic eyes on a plain picture; on a guarded one, a bot's informed
 * eyes, or for a person's stand-in (`person`) content continuity, the information a person uses (about 97% there).
 */
export async function answerPuzzle(base: string, challenge: BotChallenge, address: string, paceMs = 0, person = false) {
  const picture = String((challenge as { work?: { parameters?: { data?: { pic?: string } } } }).work?.parameters?.data?.pic ?? 'plain');
  const seen =
    picture !== 'plain' && person
      ? await solvePublic('continuity', challenge)
      : await locateGap(challenge, { informed: picture !== 'plain' });
  const solved = challenge.work ? solvedWork(challenge.work) : null;
  const trail = humanTrail(seen.offsetX, challenge, random);
  await sleep(paceMs);
  const verdict = await createClient({ base, address }).verify(verifyBody(challenge, seen.offsetX, trail, solved?.work));
  return { outcome: outcomeOf(verdict), verdict };
}

/** Runs `count` tasks, at most `lanes` at once, each started no sooner than `spacingMs` after the one before. */
export async function inLanes<T>(count: number, lanes: number, spacingMs: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) {
        const i = next++;
        const wait = started + i * spacingMs - Date.now();
        if (wait > 0) await sleep(wait);
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** A fresh strict server on Redis (its own prefix), as deployed but for the proxy it trusts and `env`; puzzles from the system's random source. */
export async function networkServer(redisUrl: string, prefix: string, env: Record<string, string> = {}) {
  const metricsPort = await freePort();
  const server = await startServer({
    ...DEPLOYED_STRICT_ENV,
    CAPTCHA_TEST_SEED: undefined,
    CAPTCHA_STOCK: '20',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `${prefix}:`,
    METRICS_PORT: String(metricsPort),
    ...env,
  });
  /** The level changes the server counted, by entity, level moved to and kind ("network:1:carrier 2"). */
  const levelChanges = async () => {
    const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
      (response) => response.text(),
      () => '',
    );
    return [...text.matchAll(/^game_register_captcha_level_changes_total\{entity="(\w+)",to="(\d)",kind="(\w+)"\} (\d+)$/gm)]
      .filter((match) => match[4] !== '0')
      .map(([, entity, to, kind, count]) => `${entity}:${to}:${kind} ${count}`);
  };
  return { ...server, levelChanges, metricsPort };
}

/** Runs `run` against a fresh networkServer, and stops it after. */
export async function withNetworkServer<T>(
  redisUrl: string,
  prefix: string,
  env: Record<string, string>,
  run: (base: string, server: Awaited<ReturnType<typeof networkServer>>) => Promise<T>,
): Promise<T> {
  const server = await networkServer(redisUrl, prefix, env);
  try {
    return await run(server.base, server);
  } finally {
    await server.stop();
  }
}

/** People: `count` visitors within `seconds`, from `addressOf(i)`, each looking 2-6 s before the drag (a guarded picture read by content continuity). */
export async function people(base: string, count: number, seconds: number, addressOf: (i: number) => string) {
  return inLanes(count, 64, (seconds * 1000) / count, (i) =>
    tryPuzzle(base, addressOf(i), { paceMs: 2000 + 4000 * random(), person: true }),
  );
}

/** A bot: `count` attempts as fast as it can, `lanes` in flight, each from `addressOf(i)`. */
export async function bot(base: string, count: number, lanes: number, addressOf: (i: number) => string) {
  return inLanes(count, lanes, 0, (i) => tryPuzzle(base, addressOf(i)));
}

/** checkuser's throughput and p99 alone, then beside one client flooding the challenge route (all refused past its limit), on the embedded store. */
export async function checkuserUnderFlood(seconds: number) {
  // One address's flood: refused past its fetches a minute (ADDRESS_FETCHES: 4 shares of 12), by its own count.
  const server = await startServer({
    ...DEPLOYED_STRICT_ENV,
    ...LIFTED_LIMITS,
    CAPTCHA_TEST_SEED: undefined,
    CAPTCHA_STOCK: '0',
    CAPTCHA_NETWORK_CHALLENGES: '5',
    REDIS_URL: undefined,
  });
  try {
    const url = `${server.base}/api/Index/checkuser?param=bench_user&name=name`;
    const load = (duration = seconds) => autocannon({ url, method: 'POST', connections: 20, duration });
    await load(2); // warm up
    const alone = await load();
    const flood = autocannon({
      url: `${server.base}/api${CAPTCHA_PATHS.challenge}`,
      method: 'POST',
      connections: 4,
      duration: seconds + 1,
      headers: { 'x-forwarded-for': '198.18.9.9', 'content-type': 'application/json' },
      body: '{"pixelRatio":1}',
    });
    const beside = await load();
    const flooded = await flood;
    const non2xx = flooded.non2xx;
    return {
      aloneRps: alone.requests.average,
      aloneP99: alone.latency.p99,
      besideRps: beside.requests.average,
      besideP99: beside.latency.p99,
      floodRequests: flooded.requests.total,
      floodRefused: non2xx,
    };
  } finally {
    await server.stop();
  }
}
