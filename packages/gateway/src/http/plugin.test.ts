// The plugin in a bare Fastify app, as a host registers it: what it tells its host (the events), what its options
// change (the client's address, the origin-AS table) and what a refused challenge costs the store.
import Fastify, { type FastifyInstance } from 'fastify';
import Database from 'libsql';
import { CAPTCHA_PATHS, type WorkTask } from '@game-register/puzzle-captcha/protocol';
import type { AnswerFacts, ChallengeFacts, VerifyReason } from '../core/rules/events';
import { ADDRESS_FETCHES } from '../core/rules/policy';
import type { OriginAsTable } from '../core/rules/networks/origin-as';
import { seededOffset } from '../testing/seeded';
import { humanTrail, seededRandom } from '../testing/trail';
import { solvedWork } from '../testing/work';
import gateway from './plugin';

const TEST_SEED = 20240607;
const TEST_WORK = { puzzle: 1000, accessible: 2000 };

const challenge = (app: FastifyInstance, body: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.challenge}`, payload: body, remoteAddress });
const verify = (app: FastifyInstance, body: object) =>
  app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.verify}`, payload: body, remoteAddress: '127.0.0.1' });
type OpenPuzzle = { id: string; work: WorkTask };
const openPuzzle = async (app: FastifyInstance) => (await challenge(app, { pixelRatio: 1 }, '127.0.0.1')).json<OpenPuzzle>();
/** What the widget sends for a drag to `offsetX` (the seeded puzzle's answer unless told): a hand's trail and the solved work. */
const humanAnswer = (puzzle: OpenPuzzle, offsetX = seededOffset(TEST_SEED)) => ({
  id: puzzle.id,
  offsetX,
  trail: humanTrail(offsetX, undefined, seededRandom(20)),
  work: solvedWork(puzzle.work).work,
});

describe('the events', () => {
  it("tells its host each challenge's level and picture, and each answer's, its first try and its timing", async () => {
    const issued: ChallengeFacts[] = [];
    const answered: [VerifyReason, AnswerFacts | null][] = [];
    const app = Fastify();
    // The plugin's routes go under the prefix of the scope it is registered in.
    await app.register(
      async (api) =>
        api.register(gateway, {
          store: { kind: 'libsql', database: new Database(':memory:') },
          testSeed: TEST_SEED,
          work: TEST_WORK,
          stock: 0,
          draw: { threads: 0, queue: 8 },
          events: { challengeIssued: (facts) => issued.push(facts), verified: (reason, facts) => answered.push([reason, facts]) },
        }),
      { prefix: '/api' },
    );
    try {
      await verify(app, humanAnswer(await openPuzzle(app), 5));
      await verify(app, { ...humanAnswer(await openPuzzle(app)), timing: { solveMs: 3500, workMs: 250 } });
      await verify(app, humanAnswer({ id: 'never-issued', work: (await openPuzzle(app)).work }));
      // The widget's count over its opening: the answer's number and the time from the opening's first puzzle shown.
      await verify(app, { ...humanAnswer(await openPuzzle(app)), timing: { solveMs: 2000, workMs: 100, tries: 3, openMs: 14_500 } });
      expect(issued).toEqual([0, 0, 0, 0].map(() => ({ level: 0, picture: 'plain', holdout: false, doublings: expect.any(Number) })));
      const none = { tries: null, openSeconds: null };
      expect(answered).toEqual([
        ['wrong_offset', { level: 0, picture: 'plain', firstTry: true, solveSeconds: null, workSeconds: null, ...none }],
        ['passed', { level: 0, picture: 'plain', firstTry: false, solveSeconds: 3.5, workSeconds: 0.25, ...none }],
        ['expired_or_unknown', null],
        ['passed', { level: 0, picture: 'plain', firstTry: false, solveSeconds: 2, workSeconds: 0.1, tries: 3, openSeconds: 14.5 }],
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('a refused challenge, on the embedded store', () => {
  it('counts toward nothing and writes nothing: an address past its fetches costs the database no write', async () => {
    const database = new Database(':memory:');
    const app = Fastify();
    await app.register(
      async (api) =>
        api.register(gateway, {
          store: { kind: 'libsql', database },
          testSeed: TEST_SEED,
          work: TEST_WORK,
          stock: 0,
          draw: { threads: 0, queue: 8 },
          networkChallenges: 3,
        }),
      { prefix: '/api' },
    );
    try {
      const allowed = ADDRESS_FETCHES.share * ADDRESS_FETCHES.refuseAt;
      for (let i = 0; i < allowed; i += 1) expect((await challenge(app, { pixelRatio: 1 }, '198.51.100.1')).statusCode).toBe(200);
      const changes = () => (database.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
      const before = changes();
      for (let i = 0; i < 20; i += 1) expect((await challenge(app, { pixelRatio: 1 }, '198.51.100.1')).statusCode).toBe(429);
      expect(changes()).toBe(before);
      // Its neighbours fetch as before: a bare fetch moved nothing of theirs.
      expect((await challenge(app, { pixelRatio: 1 }, '198.51.100.2')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("the client's address", () => {
  it("is the host's reading when it gives one (clientAddress), request.ip otherwise", async () => {
    const database = new Database(':memory:');
    const options = {
      store: { kind: 'libsql' as const, database },
      testSeed: TEST_SEED,
      work: TEST_WORK,
      stock: 0,
      draw: { threads: 0, queue: 8 },
      networkChallenges: 2,
    };
    const app = Fastify();
    // The host read every request as one client, 203.0.113.7, whatever the socket says.
    await app.register(async (api) => api.register(gateway, { ...options, clientAddress: () => '203.0.113.7' }), { prefix: '/api' });
    const plain = Fastify();
    await plain.register(async (api) => api.register(gateway, options), { prefix: '/api' });
    try {
      const allowed = ADDRESS_FETCHES.share * ADDRESS_FETCHES.refuseAt;
      const statuses = async (on: typeof app) => {
        const codes = [];
        for (let i = 0; i <= allowed; i += 1)
          codes.push((await challenge(on, { pixelRatio: 1 }, `198.51.${100 + (i % 3)}.${i + 1}`)).statusCode);
        return codes;
      };
      expect(await statuses(app)).toEqual([...Array<number>(allowed).fill(200), 429]); // one address's fetches
      expect(new Set(await statuses(plain))).toEqual(new Set([200])); // many addresses by their sockets
    } finally {
      await Promise.all([app.close(), plain.close()]);
    }
  });
});

describe('the origin-AS table the gateway judges by', () => {
  const options = (originAs: OriginAsTable) => ({
    store: { kind: 'libsql' as const, database: new Database(':memory:') },
    testSeed: TEST_SEED,
    work: TEST_WORK,
    stock: 0,
    draw: { threads: 0, queue: 8 },
    originAs,
  });

  it('stops the start when it decodes to no ranges, saying what to do', async () => {
    const app = Fastify();
    const starting = (async () => {
      await app.register(
        async (api) => api.register(gateway, options({ source: 'a broken derivation', asns: [4134, 37963], v4: '', v6: '' })),
        { prefix: '/api' },
      );
      await app.ready();
    })();
    await expect(starting).rejects.toThrow(
      'the origin-AS table (a broken derivation) holds no ranges: every address would be judged unknown. Make it again with npm run derive:networks.',
    );
    await app.close();
  });

  it('is the one given, when a host gives one', async () => {
    // 198.51.100.0/24 as AS4134's: a carrier, by the gateway's lists.
    const table = { source: 'a host’s own', asns: [4134], v4: `${(3325256704).toString(36)} 74 0`, v6: '' };
    const app = Fastify();
    await app.register(async (api) => api.register(gateway, options(table)), { prefix: '/api' });
    try {
      const offer = (await app.inject({ method: 'POST', url: `/api${CAPTCHA_PATHS.accessible}`, remoteAddress: '198.51.100.9' })).json<{
        work: { parameters: { data: unknown } };
      }>();
      expect(offer.work.parameters.data).toMatchObject({ net: '198.51.100.0/24', nk: 'carrier' });
    } finally {
      await app.close();
    }
  });
});
