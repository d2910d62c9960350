// The free-action cases of the attack bench (ATTACK_PARTS=networks; issue 43, "nothing free moves anyone"):
// what costs its sender nothing (an answer without work, an answer to an id never issued, a bare fetch, a
// request without a pass token) must move nothing that belongs to other people. Each case on a fresh built
// server in strict mode on Redis, trusting X-Forwarded-For from loopback, on real time; the carrier is China
// Mobile (36.128.0.0/15 in the shipped table), the cloud Alibaba Cloud (8.128.0.0/12).
import { solvedWork } from '@game-register/gateway/testing';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { createClient, type BotChallenge } from '../../testing/attackers';
import { answerPuzzle, inLanes, people, tryPuzzle, withNetworkServer } from './attack-network-cases';

type Say = (goal: string, measured: string, met: boolean) => void;
type Tried = Awaited<ReturnType<typeof tryPuzzle>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const levels = (tries: readonly Tried[]) => [...new Set(tries.map((tried) => tried.level))].join(', ') || '-';
const refused = (tries: readonly Tried[]) => tries.filter((tried) => tried.status !== 200).length;
const calm = (tries: readonly Tried[]) => tries.every((tried) => tried.status === 200 && tried.level === 0);

/** A fresh strict server on Redis (its own prefix), with `env` added. */
const freeServer = withNetworkServer;

/** A person behind `address`: passes a puzzle at a person's pace, then registers with its token (name and mobile from `i`). */
async function personRegisters(base: string, address: string, i: number, prefix: string) {
  const tried = await tryPuzzle(base, address, { paceMs: 1500 + 1500 * Math.random() });
  if (tried.outcome !== 'passed' || !('verdict' in tried)) return { ...tried, registered: false };
  const reg = await createClient({ base, address }).register(String(tried.verdict.body.token), {
    name: `${prefix}${i}`,
    mobile: `139${String(10_000_000 + i).slice(-8)}`,
    password: 'Person#123',
  });
  return { ...tried, registered: reg.status === 200 && reg.body?.status === 'y' };
}

/** Plays each free-action case; `play` runs one when asked for (ATTACK_NETWORK_CASES) and turns a break into a MISS. */
export async function freeActionCases(redisUrl: string, play: (name: string, run: () => Promise<void>) => Promise<void>, say: Say) {
  await play('free-failures', async () => {
    const seen = await freeServer(redisUrl, 'free-fail', {}, async (base) => {
      const sender = createClient({ base, address: '36.128.30.7' });
      for (let i = 0; i < 30; i += 1) {
        const puzzle = await sender.challenge();
        await sender.verify({ id: String(puzzle.body?.id), offsetX: 0, trail: [] }); // no work
      }
      const at = await inLanes(10, 4, 0, (i) => tryPuzzle(base, `36.128.30.${100 + i}`, { answer: false }));
      await sleep(20_000);
      return [...at, ...(await inLanes(10, 4, 0, (i) => tryPuzzle(base, `36.128.30.${150 + i}`, { answer: false })))];
    });
    say(
      '30 wrong answers without work from one address of a China Mobile /24: its neighbours stay at level 0, then and 20 s later',
      `neighbours' levels ${levels(seen)}, ${refused(seen)} refused`,
      calm(seen),
    );
  });

  await play('free-nat-answers', async () => {
    const behind = await freeServer(redisUrl, 'free-ids', {}, async (base) => {
      const nat = '36.128.31.1';
      const work = (await tryPuzzle(base, '36.128.32.1', { answer: false })).challenge.body as BotChallenge;
      for (let i = 0; i < 40; i += 1) await answerPuzzle(base, { ...work, id: `never-issued-${i}` }, nat);
      return people(base, 10, 5, () => nat);
    });
    say(
      '40 answers to ids never issued from one carrier NAT address: the 10 people behind it next get level 0 and pass',
      `levels ${levels(behind)}, ${behind.filter((tried) => tried.outcome === 'passed').length} of 10 passed`,
      calm(behind) && behind.every((tried) => tried.outcome === 'passed'),
    );
  });

  await play('fetch-flood', async () => {
    const flood = async (base: string, from: string, others: (i: number) => string) => {
      const sent = await inLanes(300, 16, 0, () => createClient({ base, address: from }).challenge());
      return { sent, others: await inLanes(12, 4, 0, (i) => tryPuzzle(base, others(i), { answer: false })) };
    };
    const carrier = await freeServer(redisUrl, 'free-flood', {}, (base) => flood(base, '36.128.33.7', (i) => `36.128.33.${20 + i}`));
    say(
      '300 bare fetches from one address of a China Mobile /24: the 12 people on its other addresses get a puzzle at level 0',
      `the flood: ${carrier.sent.filter((answer) => answer.status === 200).length} answered, ${carrier.sent.filter((answer) => answer.status === 429).length} refused; the others: levels ${levels(carrier.others)}, ${refused(carrier.others)} refused`,
      calm(carrier.others),
    );
    const cloud = await freeServer(redisUrl, 'free-cloud', {}, (base) => flood(base, '8.130.1.7', (i) => `8.${131 + i}.2.9`));
    say(
      "300 bare fetches from one Alibaba Cloud VM: 12 other VMs of its AS still get a puzzle (at the cloud's floor)",
      `the VM: ${cloud.sent.filter((answer) => answer.status === 429).length} of 300 refused; the others: levels ${levels(cloud.others)}, ${refused(cloud.others)} refused`,
      refused(cloud.others) === 0,
    );
  });

  await play('tokenless-regs', async () => {
    const seen = await freeServer(redisUrl, 'free-regs', {}, async (base) => {
      const nat = '36.128.34.1';
      const client = createClient({ base, address: nat });
      for (let i = 0; i < 40; i += 1)
        await client.register(i % 2 ? 'forged' : null, { name: `bot${i}`, mobile: `1370000${String(1000 + i)}` });
      for (let i = 0; i < 12; i += 1)
        await fetch(`${base}/api${CAPTCHA_PATHS.accessible}`, { method: 'POST', headers: { 'x-forwarded-for': nat } });
      const accessible = await fetch(`${base}/api${CAPTCHA_PATHS.accessible}`, { method: 'POST', headers: { 'x-forwarded-for': nat } });
      const person = await personRegisters(base, nat, 1, 'freeregs');
      return { accessible: accessible.status, person };
    });
    say(
      '40 regs without a pass token and 12 无障碍验证 fetches from one carrier NAT address: the next person behind it gets 无障碍验证 and registers',
      `无障碍验证 ${seen.accessible}; the person ${seen.person.outcome}, registered: ${seen.person.registered}`,
      seen.accessible === 200 && seen.person.registered,
    );
  });

  await play('nat-registers', async () => {
    const crowd = await freeServer(redisUrl, 'free-natreg', {}, (base) =>
      inLanes(180, 32, 60_000 / 180, (i) => personRegisters(base, `36.129.${10 * (i % 3)}.1`, i, 'natreg')),
    );
    const passedCount = crowd.filter((tried) => tried.outcome === 'passed').length;
    const registered = crowd.filter((tried) => tried.registered).length;
    say(
      '180 people behind 3 China Mobile NAT addresses pass and register within a minute: every one who passes registers',
      `${passedCount} passed, ${registered} registered; levels ${levels(crowd)}`,
      passedCount > 0 && registered === passedCount,
    );
  });

  await play('accessible-under-attack', async () => {
    const until = new Date(Date.now() + 3600_000).toISOString();
    const next = await freeServer(
      redisUrl,
      'free-ua',
      { SITE_CAPTCHA_UNDER_ATTACK_LEVEL: '2', SITE_CAPTCHA_UNDER_ATTACK_UNTIL: until },
      async (base) => {
        const pass = async (address: string) => {
          const offer = await fetch(`${base}/api${CAPTCHA_PATHS.accessible}`, {
            method: 'POST',
            headers: { 'x-forwarded-for': address },
          }).then((response) => response.json());
          const answer = await fetch(`${base}/api${CAPTCHA_PATHS.accessibleVerify}`, {
            method: 'POST',
            headers: { 'x-forwarded-for': address, 'content-type': 'application/json' },
            body: JSON.stringify({ id: offer.id, work: solvedWork(offer.work).work }),
          });
          return (await answer.json()).status;
        };
        const bot = await pass('198.18.40.7');
        const nat = await pass('36.128.35.1');
        return {
          passes: [bot, nat],
          after: await Promise.all(
            ['198.18.40.7', '36.128.35.1', '36.128.35.1'].map((address) => tryPuzzle(base, address, { answer: false })),
          ),
        };
      },
    );
    say(
      '"under attack" at level 2: one 无障碍验证 pass (a bot\'s, a person\'s behind a NAT) lifts it for nobody',
      `passes ${next.passes.join(', ')}; next puzzles at levels ${next.after.map((tried) => tried.level).join(', ')}`,
      next.passes.every((status) => status === 'y') && next.after.every((tried) => tried.level === 2),
    );
  });

  await play('six-networks', async () => {
    const probes = await freeServer(redisUrl, 'free-six', {}, async (base) => {
      // Six networks answering with work (wrong), 20 each a minute for a minute and a half; bare fetches beside them.
      await inLanes(180, 6, 500, async (i) => {
        const address = `198.18.${50 + (i % 6)}.${1 + (i % 200)}`;
        const fetched = await tryPuzzle(base, address, { answer: false });
        if (fetched.status === 200) await answerPuzzle(base, fetched.challenge.body as BotChallenge, address);
        await createClient({ base, address: `198.18.${60 + (i % 6)}.9` }).challenge();
      });
      return inLanes(12, 4, 0, (i) => tryPuzzle(base, `100.64.${70 + i}.9`, { answer: false }));
    });
    say(
      'six networks fetching and answering with work for 90 s: people from other networks stay at level 0 (the site floor holds)',
      `levels ${levels(probes)}, ${refused(probes)} refused`,
      calm(probes),
    );
  });

  await play('nat-redis', async () => {
    const statuses = await freeServer(redisUrl, 'free-natredis', {}, async (base) => {
      const nat = '36.128.36.1';
      const seen: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const fetched = await tryPuzzle(base, nat, { answer: false });
        const body = fetched.challenge.body as BotChallenge;
        const answer = await createClient({ base, address: nat }).verify({
          id: String(body.id),
          offsetX: 3,
          trail: [],
          work: body.work ? solvedWork(body.work).work : undefined,
        });
        seen.push(answer.status);
      }
      return seen;
    });
    say(
      '12 wrong answers with work from one carrier NAT address, on Redis: each a plain "n" (200), never a 503 or a lock',
      `statuses ${[...new Set(statuses)].join(', ')}`,
      statuses.every((status) => status === 200),
    );
  });
}
