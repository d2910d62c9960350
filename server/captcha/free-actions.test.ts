// Nothing free moves anyone (docs/decisions/nothing-free-moves-anyone.md): what costs its sender nothing (an answer without work, an
// answer to an id never issued, a bare fetch, a reg without a pass token) moves nothing that belongs to other
// people, on the embedded store and on a real redis-server alike. Addresses are real prefixes of the shipped
// origin-AS table: China Mobile (36.128.0.0/15), Alibaba Cloud (8.128.0.0/12); 198.51.100.0/24 is unknown.
import { randomBytes } from 'node:crypto';
import { CAPTCHA_PATHS } from '@game-register/puzzle-captcha/protocol';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADDRESS_FETCHES, FAILURES_BEFORE_LOCK } from '@game-register/gateway/policy';
import type { ServerConfig } from '../config/config';
import { buildTestApp, tempDir } from '../../testing/server/test-support';
import { startTestRedis, type TestRedis } from '../../testing/redis/test-redis';
import { challenge, humanAnswer, openPuzzle, passToken, strictConfig, verify, type OpenPuzzle } from '../../testing/server/strict-mode';
import { solvedWork } from '@game-register/gateway/testing';

type Sealed = OpenPuzzle & { work: OpenPuzzle['work'] & { parameters: { data: { lv: number } } } };

let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(() => redis.close());

const stores: [string, () => Partial<ServerConfig>][] = [
  ['the embedded store', () => ({})],
  ['Redis', () => ({ redis: { url: redis.url, prefix: `free-${randomBytes(4).toString('hex')}:` } as ServerConfig['redis'] })],
];

describe.each(stores)('nothing free moves anyone, on %s', (_name, storeConfig) => {
  async function strictApp(overrides: Partial<ServerConfig> = {}, siteSettings?: object) {
    const clock = { at: Date.now() };
    let site = {};
    if (siteSettings) {
      const configPath = join(await tempDir(), 'site.json');
      await writeFile(configPath, JSON.stringify(siteSettings));
      site = { site: { configPath, env: {}, cwd: '/' } };
    }
    const { app } = await buildTestApp(strictConfig({}, { ...storeConfig(), ...site, ...overrides }), { now: () => clock.at });
    const levelAt = async (address: string) => (await challenge(app, { pixelRatio: 1 }, address)).json<Sealed>().work.parameters.data.lv;
    /** A person's pass: the puzzle, a second of looking and dragging, the right answer. */
    const personPass = async (address: string) => {
      const puzzle = await openPuzzle(app, address);
      clock.at += 1200; // a 900 ms drag and a reaction
      return (await verify(app, humanAnswer(puzzle), address)).json<{ status: string; token?: string }>();
    };
    return { app, clock, levelAt, personPass };
  }

  it('judges the work first: 30 wrong answers without it from a carrier NAT address move no level, lock no one', async () => {
    const { app, clock, levelAt } = await strictApp();
    try {
      for (let i = 0; i < 30; i += 1) {
        const puzzle = await openPuzzle(app, '36.128.40.7');
        expect((await verify(app, { id: puzzle.id, offsetX: 0, trail: [] }, '36.128.40.7')).json()).toMatchObject({ status: 'n' });
        clock.at += 500;
      }
      expect(await levelAt('36.128.40.8')).toBe(0);
      clock.at += 20_000;
      expect([await levelAt('36.128.40.9'), await levelAt('36.128.40.7')]).toEqual([0, 0]);
      // The same answers with the work done are evidence: the network that fetched them rises (from three of its NAT
      // addresses: one NAT's failures count for its /24 up to CARRIER_NAT_FAILURE_SHARE, 10, in ten minutes).
      for (let i = 0; i < 30; i += 1) {
        const nat = `36.128.41.${7 + 10 * Math.floor(i / 10)}`;
        const puzzle = await openPuzzle(app, nat);
        await verify(app, humanAnswer(puzzle, 0, []), nat);
        clock.at += 500;
      }
      expect(await levelAt('36.128.41.8')).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("counts an answer without work toward its sender's own lock alone: its neighbours answer on", async () => {
    const { app, levelAt } = await strictApp();
    try {
      for (let i = 0; i < FAILURES_BEFORE_LOCK; i += 1) {
        const puzzle = await openPuzzle(app, '198.51.100.7');
        expect((await verify(app, { id: puzzle.id, offsetX: 0, trail: [] }, '198.51.100.7')).statusCode).toBe(200);
      }
      expect((await challenge(app, { pixelRatio: 1 }, '198.51.100.7')).statusCode).toBe(429);
      expect(await levelAt('198.51.100.8')).toBe(0);
      const neighbour = await openPuzzle(app, '198.51.100.8');
      expect((await verify(app, humanAnswer(neighbour), '198.51.100.8')).json()).toMatchObject({ status: 'y' });
    } finally {
      await app.close();
    }
  });

  it('lets 40 answers to ids never issued from a carrier NAT address move nothing: the people behind it pass at level 0', async () => {
    const { app, clock, levelAt } = await strictApp();
    try {
      const work = (await openPuzzle(app, '36.128.42.99')).work;
      for (let i = 0; i < 40; i += 1) await verify(app, humanAnswer({ id: `never-issued-${i}`, work }), '36.128.42.1');
      clock.at += 20_000;
      expect(await levelAt('36.128.42.1')).toBe(0);
      clock.at += 1000;
      expect(await passToken(app, '36.128.42.1')).toEqual(expect.any(String));
    } finally {
      await app.close();
    }
  }, 60_000);

  it('answers a carrier NAT address\'s wrong answers with work "n" every time: never locked, never a 503', async () => {
    const { app } = await strictApp();
    try {
      const statuses = [];
      for (let i = 0; i < FAILURES_BEFORE_LOCK + 4; i += 1)
        statuses.push((await verify(app, humanAnswer(await openPuzzle(app, '36.128.43.1'), 0, []), '36.128.43.1')).statusCode);
      expect(statuses).toEqual(Array(FAILURES_BEFORE_LOCK + 4).fill(200));
    } finally {
      await app.close();
    }
  }, 60_000);

  it("keeps a bare-fetch flood from one address its own: the /24's and the cloud's other addresses are served", async () => {
    const { app, levelAt } = await strictApp({ captcha: { ...strictConfig().captcha!, networkChallenges: 20 } });
    try {
      const flood = async (address: string) => {
        const statuses = new Set<number>();
        for (let i = 0; i <= ADDRESS_FETCHES.share * ADDRESS_FETCHES.refuseAt; i += 1)
          statuses.add((await challenge(app, { pixelRatio: 1 }, address)).statusCode);
        return statuses;
      };
      expect(await flood('198.51.100.20')).toEqual(new Set([200, 429])); // past its last share, refused: it alone
      expect(await levelAt('198.51.100.21')).toBe(0);
      expect(await flood('8.130.1.7')).toEqual(new Set([200, 429]));
      expect((await challenge(app, { pixelRatio: 1 }, '8.131.2.9')).statusCode).toBe(200); // another VM of the AS
      expect(await flood('36.128.44.7')).toEqual(new Set([200])); // a carrier NAT: its work doubles, never refused
      expect(await levelAt('36.128.44.8')).toBe(0);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('lifts "under attack" for a puzzle pass alone, never for a 无障碍验证 pass, nor for a carrier NAT address', async () => {
    const until = new Date(Date.now() + 3600_000).toISOString();
    const { app, levelAt, personPass } = await strictApp({}, { captcha: { underAttack: { level: 2, until } } });
    try {
      const accessiblePass = async (address: string) => {
        const offer = (
          await app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.accessible}`, remoteAddress: address })
        ).json<OpenPuzzle>();
        return (
          await app.inject({
            method: 'POST',
            url: `/api${CAPTCHA_PATHS.accessibleVerify}`,
            remoteAddress: address,
            payload: { id: offer.id, work: solvedWork(offer.work).work },
          })
        ).json<{ status: string }>().status;
      };
      expect(await accessiblePass('198.51.100.30')).toBe('y');
      expect(await levelAt('198.51.100.30')).toBe(2);
      expect(await personPass('198.51.100.31')).toMatchObject({ status: 'y' });
      expect(await levelAt('198.51.100.31')).toBe(0); // known good: passed a puzzle, failed none since
      expect(await personPass('36.128.45.1')).toMatchObject({ status: 'y' });
      expect(await levelAt('36.128.45.1')).toBe(2); // one person's pass for everyone behind the NAT: never
    } finally {
      await app.close();
    }
  }, 60_000);

  it('spends regs without a pass token from a budget of their own: a person behind the same address registers', async () => {
    const { app } = await strictApp({ rateLimit: { windowMs: 60_000, checksPerWindow: 1000, regPerWindow: 2 } });
    try {
      const reg = (name: string, token = '') =>
        `/api/Index/reg?name=${name}&Password=secret1&rePassword=secret1&wash=1&washType=2&code=H5REG&mobile=13800138${String(name.length).padStart(3, '0')}&QQ=&islogin=true${token && `&captchaToken=${token}`}`;
      const bare = [];
      for (let i = 0; i < 6; i += 1)
        bare.push((await app.inject({ method: 'POST', url: reg(`bot${i}`), remoteAddress: '198.51.100.40' })).statusCode);
      expect(bare).toEqual([200, 200, 429, 429, 429, 429]);
      const token = await passToken(app, '198.51.100.40');
      expect((await app.inject({ method: 'POST', url: reg('person', token), remoteAddress: '198.51.100.40' })).json()).toMatchObject({
        status: 'y',
      });
    } finally {
      await app.close();
    }
  }, 60_000);
});
