// Strict mode judges networks as they are (docs/decisions/networks-as-they-are.md): by the origin AS of
// real prefixes from the shipped table (China Mobile 36.128.0.0/15, Alibaba Cloud 8.128.0.0/12), by who
// fetched each puzzle, with passes from the fetching network's allowance.
import { writeFile } from 'node:fs/promises';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { join } from 'node:path';
import {
  ACCESSIBLE_ALLOWANCE,
  ACCESSIBLE_SHARE,
  LEVEL_POLICY,
  BROWSER_TRIES_PER_MS,
  CARRIER_NAT_VISITORS,
  PASS_ALLOWANCE,
} from '@game-register/gateway/policy';
import { buildTestApp, tempDir } from '../../testing/server/test-support';
import { challenge, humanAnswer, openPuzzle, strictConfig, verify, type OpenPuzzle } from '../../testing/server/strict-mode';
import { solvedWork } from '@game-register/gateway/testing';

type Sealed = OpenPuzzle & { work: OpenPuzzle['work'] & { parameters: { data: { lv: number; pic: string } } } };

async function strictApp(siteSettings?: object) {
  const clock = { at: Date.now() };
  const site = siteSettings
    ? await (async () => {
        const configPath = join(await tempDir(), 'site.json');
        await writeFile(configPath, JSON.stringify(siteSettings));
        return { site: { configPath, env: {}, cwd: '/' } };
      })()
    : {};
  const { app } = await buildTestApp({ ...strictConfig(), ...site }, { now: () => clock.at });
  return { app, clock };
}

const levelOf = (puzzle: Sealed) => puzzle.work.parameters.data.lv;

describe('networks as they are, in strict mode', () => {
  /** The operator's campaign switch in the site settings, on for the next two hours. */
  const campaign = () => ({ captcha: { campaign: { level: 0, until: new Date(Date.now() + 2 * 3_600_000).toISOString() } } });

  it('gives 150 people from one China Mobile /24 in two minutes of a campaign, half behind one NAT address, level 0 and a pass each', async () => {
    const { app, clock } = await strictApp(campaign());
    try {
      for (let i = 0; i < 150; i += 1) {
        const address = i % 2 === 0 ? '36.128.5.1' : `36.128.5.${(i % 250) + 2}`;
        const puzzle = (await challenge(app, { pixelRatio: 1 }, address)).json<Sealed>();
        expect(levelOf(puzzle)).toBe(0);
        clock.at += 1200; // a person's 900 ms drag and a reaction: sooner would count against the network (REACTION_MS)
        expect((await verify(app, humanAnswer(puzzle), address)).json()).toMatchObject({ status: 'y' });
      }
    } finally {
      await app.close();
    }
  }, 60_000); // 150 answers, each with its work solved: a busy machine takes more than the default 20 s

  it('raises a carrier /24 on right answers sooner than a hand can drag, which people never send', async () => {
    const { app, clock } = await strictApp();
    try {
      for (let i = 0; i < 40; i += 1) {
        const address = `36.128.6.${i + 1}`;
        const puzzle = (await challenge(app, { pixelRatio: 1 }, address)).json<Sealed>();
        clock.at += 150; // a script: the answer 150 ms after the puzzle left
        expect((await verify(app, humanAnswer(puzzle), address)).json()).toMatchObject({ status: 'y' }); // the pass stands
        clock.at += 1000;
      }
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '36.128.6.200')).json<Sealed>())).toBeGreaterThan(0);
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '36.128.7.200')).json<Sealed>())).toBe(0); // another carrier /24
    } finally {
      await app.close();
    }
  }, 60_000);

  it("raises a carrier /24 on right answers sooner than their own trail and a reaction, past the hand's least", async () => {
    const { app, clock } = await strictApp();
    try {
      for (let i = 0; i < 40; i += 1) {
        const [slow, fast] = [`36.128.12.${i + 1}`, `36.128.13.${i + 1}`];
        const [slowPuzzle, fastPuzzle] = [
          (await challenge(app, { pixelRatio: 1 }, slow)).json<Sealed>(),
          (await challenge(app, { pixelRatio: 1 }, fast)).json<Sealed>(),
        ];
        clock.at += 700; // past HAND_MIN_MS, but the trail says the drag itself took 900 ms
        expect((await verify(app, humanAnswer(fastPuzzle), fast)).json()).toMatchObject({ status: 'y' }); // the pass stands
        clock.at += 500; // 1200 ms: the drag and a reaction
        expect((await verify(app, humanAnswer(slowPuzzle), slow)).json()).toMatchObject({ status: 'y' });
        clock.at += 1000;
      }
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '36.128.13.200')).json<Sealed>())).toBeGreaterThan(0);
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '36.128.12.200')).json<Sealed>())).toBe(0);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("raises a carrier /24 whose 无障碍验证 passes come sooner than a browser makes their tries, or far past their share of its passes; people's at a browser's pace, a few among puzzles, move nothing", async () => {
    const { app, clock } = await strictApp();
    try {
      const solve = async (address: string, paceMs: (counter: number) => number) => {
        const offer = (
          await app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.accessible}`, remoteAddress: address })
        ).json<OpenPuzzle>();
        const work = solvedWork(offer.work).work;
        clock.at += paceMs(work.solution.counter);
        return (
          await app.inject({
            method: 'POST',
            url: `/api${CAPTCHA_PATHS.accessibleVerify}`,
            payload: { id: offer.id, work },
            remoteAddress: address,
          })
        ).json<{ status: string }>().status;
      };
      const [scriptPasses, patientPasses] = [[] as string[], [] as string[]];
      const browserPace = (counter: number) => Math.ceil(counter / BROWSER_TRIES_PER_MS) + 50;
      for (let i = 0; i < 40; i += 1) {
        scriptPasses.push(await solve(`36.128.14.${i + 1}`, () => 0)); // at once: a script's
        patientPasses.push(await solve(`36.128.16.${i + 1}`, browserPace)); // a script that waits, and nothing but 无障碍验证
        expect(await solve(`36.128.15.${i + 1}`, browserPace)).toBe('y');
        for (let j = 0; j < 4; j += 1) {
          // The people around it: four puzzle passes for each 无障碍验证 one (ACCESSIBLE_SHARE: a quarter at most).
          const puzzle = (await challenge(app, { pixelRatio: 1 }, `36.128.15.${100 + j}`)).json<Sealed>();
          clock.at += 1500;
          expect((await verify(app, await humanAnswer(puzzle), `36.128.15.${100 + j}`)).json()).toMatchObject({ status: 'y' });
        }
        clock.at += 10_000; // within each /24's 无障碍验证 allowance (ACCESSIBLE_ALLOWANCE.carrier)
      }
      const levelAt = async (address: string) =>
        (await app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.accessible}`, remoteAddress: address })).json<Sealed>().work
          .parameters.data.lv;
      expect(await levelAt('36.128.14.200')).toBeGreaterThan(0);
      expect(await levelAt('36.128.16.200')).toBeGreaterThan(0);
      expect(await levelAt('36.128.15.200')).toBe(0);
      // Each one's passes stood until its /24 rose to level 2 (the fast one's: 30 answers, most too fast; the
      // patient one's: its share, from its sixth pass, and two sustained steps); then the level's hourly quota held it.
      const passed = (statuses: string[]) => statuses.filter((status) => status === 'y').length;
      expect(passed(scriptPasses)).toBeLessThanOrEqual(30 + LEVEL_POLICY[2].networkSuccessesPerHour!);
      expect(passed(patientPasses)).toBeGreaterThanOrEqual(ACCESSIBLE_SHARE.min);
      expect(passed(patientPasses)).toBeLessThanOrEqual(ACCESSIBLE_SHARE.min + 4 + LEVEL_POLICY[2].networkSuccessesPerHour!);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("never locks a carrier NAT address for its people's failures, nor doubles their work", async () => {
    const { app, clock } = await strictApp();
    try {
      const nat = '36.128.7.1';
      const early = await openPuzzle(app, nat); // fetched before the others' failures
      for (let i = 0; i < 12; i += 1) {
        const puzzle = await openPuzzle(app, nat);
        expect((await verify(app, humanAnswer(puzzle, 7, []), nat)).statusCode).toBe(200);
        clock.at += 2000;
      }
      expect((await verify(app, humanAnswer(early), nat)).json()).toMatchObject({ status: 'y' });
      expect((await openPuzzle(app, nat)).work.parameters.data).toMatchObject({ d: 0 }); // no doubling signed in
    } finally {
      await app.close();
    }
  });

  it('counts a carrier NAT address as many visitors in the per-address limits, another address as one', async () => {
    const { app } = await buildTestApp({ ...strictConfig(), rateLimit: { windowMs: 60_000, checksPerWindow: 3, regPerWindow: 100 } });
    try {
      // One after the other: fetched all at once beside another network's, the carrier's burst would also wait
      // for its share of drawing (a 503 for the part past it: packages/gateway/src/drawing/draw-share.ts).
      const statuses = async (address: string, count: number) => {
        const codes = [];
        for (let i = 0; i < count; i += 1) codes.push((await challenge(app, { pixelRatio: 1 }, address)).statusCode);
        return codes;
      };
      expect(await statuses('198.51.100.7', 4)).toEqual([200, 200, 200, 429]);
      expect(new Set(await statuses('36.128.8.1', 3 * CARRIER_NAT_VISITORS))).toEqual(new Set([200]));
      expect((await challenge(app, { pixelRatio: 1 }, '36.128.8.1')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("counts a carrier IPv6 /48 as one network: a home's /56 rotating /64s shares one allowance", async () => {
    const { app, clock } = await strictApp();
    try {
      const statuses = [];
      for (let i = 0; i < PASS_ALLOWANCE.carrier.burst + 10; i += 1) {
        const address = `240e:3b0:1:${(0x100 + i).toString(16)}::1`; // China Telecom: 130 /64s of one /56
        const puzzle = (await challenge(app, { pixelRatio: 1 }, address)).json<Sealed>();
        clock.at += 1200;
        statuses.push((await verify(app, humanAnswer(puzzle), address)).statusCode);
        clock.at -= 1200; // the bucket refills with time: held still, it gives its burst alone
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(PASS_ALLOWANCE.carrier.burst);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('starts a cloud at level 2 and counts its whole AS as one network: a new /24 each attempt buys no more passes', async () => {
    const { app, clock } = await strictApp();
    try {
      let passes = 0;
      for (let i = 0; i < 20; i += 1) {
        const address = `8.${128 + (i % 16)}.${i}.7`; // 20 /24s of Alibaba Cloud (AS37963)
        const puzzle = (await challenge(app, { pixelRatio: 1 }, address)).json<Sealed>();
        expect(puzzle.work.parameters.data).toMatchObject({ lv: 2, pic: 'guarded' });
        const answer = await verify(app, humanAnswer(puzzle), address);
        if (answer.json<{ status: string }>().status === 'y') passes += 1;
        else expect(answer.statusCode).toBe(429);
        clock.at += 1000;
      }
      expect(passes).toBe(PASS_ALLOWANCE.hosting.burst);
    } finally {
      await app.close();
    }
  });

  it('grants hoarded puzzles only the fetching network’s allowance, answered at once or from other networks', async () => {
    const { app } = await strictApp();
    try {
      const hoard = [];
      for (let i = 0; i < 30; i += 1) hoard.push(await openPuzzle(app, `198.51.100.${i + 1}`));
      const answers = [];
      // Answered from 30 IPv6 networks: the passes are the fetcher's /24's to give.
      for (const [i, puzzle] of hoard.entries()) answers.push(await verify(app, humanAnswer(puzzle), `2001:db8:${i}::1`));
      expect(answers.filter((answer) => answer.json<{ status: string }>().status === 'y')).toHaveLength(PASS_ALLOWANCE.unknown.burst);
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(refused).toHaveLength(30 - PASS_ALLOWANCE.unknown.burst);
      expect(Number(refused[0]!.headers['retry-after'])).toBe(60 / PASS_ALLOWANCE.unknown.perMinute);
      // The answering networks kept their own allowance whole.
      const own = await openPuzzle(app, '2001:db8:0::1');
      expect((await verify(app, humanAnswer(own), '2001:db8:0::1')).json()).toMatchObject({ status: 'y' });
    } finally {
      await app.close();
    }
  });

  it("seals who fetched an accessible task too: its passes are the fetching network's allowance", async () => {
    const { app } = await strictApp();
    try {
      const statuses = [];
      for (let i = 0; i < 12; i += 1) {
        const offer = (
          await app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.accessible}`, remoteAddress: `198.51.100.${i + 1}` })
        ).json<OpenPuzzle>();
        expect(offer.work.parameters.data).toMatchObject({ by: `198.51.100.${i + 1}`, net: '198.51.100.0/24', nk: 'unknown' });
        const payload = { id: offer.id, work: solvedWork(offer.work).work };
        statuses.push(
          (await app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.accessibleVerify}`, payload, remoteAddress: `2001:db8:${i}::1` }))
            .statusCode,
        );
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(ACCESSIBLE_ALLOWANCE.unknown.burst);
      expect(statuses.filter((status) => status === 429)).toHaveLength(12 - ACCESSIBLE_ALLOWANCE.unknown.burst);
    } finally {
      await app.close();
    }
  });

  it('counts failures against the network that fetched the puzzle, not the one that answers', async () => {
    const { app, clock } = await strictApp();
    try {
      for (let i = 0; i < 25; i += 1) {
        const puzzle = await openPuzzle(app, `203.0.113.${i + 1}`);
        await verify(app, humanAnswer(puzzle, 7, []), `192.0.2.${i + 1}`); // wrong (work done), from another /24
        clock.at += 10_000;
      }
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '203.0.113.200')).json<Sealed>())).toBe(2);
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '192.0.2.200')).json<Sealed>())).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("counts answers to ids never issued against the sender's address alone: its /48's other /64s stay at 0", async () => {
    const { app, clock } = await strictApp();
    try {
      const work = (await openPuzzle(app, '198.51.100.1')).work;
      for (let i = 0; i < 21; i += 1) {
        await verify(app, humanAnswer({ id: `never-issued-${i}`, work }), `2001:db8:7:${i}::1`);
        clock.at += 1000;
      }
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '2001:db8:7:99::1')).json<Sealed>())).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("takes an operator's networks from the site settings: a CIDR counted as hosting starts escalated", async () => {
    const { app } = await strictApp({ captcha: { networks: { hosting: { cidrs: ['198.51.100.0/24'] }, carrier: { asns: [37963] } } } });
    try {
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '198.51.100.9')).json<Sealed>())).toBe(2);
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '8.130.1.2')).json<Sealed>())).toBe(0); // Alibaba, made a carrier
      expect(levelOf((await challenge(app, { pixelRatio: 1 }, '198.51.101.9')).json<Sealed>())).toBe(0);
    } finally {
      await app.close();
    }
  });
});
