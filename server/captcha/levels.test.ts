import { seededRandom } from '@game-register/puzzle-captcha/testing';
import { CHALLENGE_LAYOUT as layout, drawChallenge } from '@game-register/gateway/internals';
import { buildTestApp } from '../../testing/server/test-support';
import { challenge, humanAnswer, openPuzzle, strictConfig, TEST_SEED, verify, type OpenPuzzle } from '../../testing/server/strict-mode';

/** The background a seeded server sends for `picture`, as the data URL in its answer. */
async function seededBackground(picture: 'plain' | 'guarded') {
  const drawn = await drawChallenge(seededRandom(TEST_SEED), 1, layout, picture);
  return `data:image/jpeg;base64,${drawn.background.toString('base64')}`;
}

type Sealed = OpenPuzzle & { background: string; work: OpenPuzzle['work'] & { parameters: { data: { lv: number; pic: string } } } };

async function strictApp() {
  const clock = { at: Date.now() }; // the work's expiry is checked on the real clock
  const { app } = await buildTestApp(strictConfig(), { now: () => clock.at });
  return { app, clock };
}

describe('difficulty levels in strict mode', () => {
  it('gives a person level 0 and the plain picture, sealed into the signed task', async () => {
    const { app } = await strictApp();
    try {
      const puzzle = (await challenge(app, { pixelRatio: 1 }, '198.51.100.7')).json<Sealed>();
      expect(puzzle.work.parameters.data).toMatchObject({ lv: 0, pic: 'plain' });
      expect(puzzle.background).toBe(await seededBackground('plain'));
      expect((await verify(app, humanAnswer(puzzle), '198.51.100.7')).json()).toMatchObject({ status: 'y' });
    } finally {
      await app.close();
    }
  });

  it('raises a network that fails most of many answers to level 2: the guarded picture, whatever the client asks for', async () => {
    const { app, clock } = await strictApp();
    try {
      for (let i = 1; i <= 25; i += 1) {
        const address = `203.0.113.${i}`;
        const puzzle = await openPuzzle(app, address);
        await verify(app, humanAnswer(puzzle, 7, []), address); // a wrong offset, its work done
        clock.at += 10_000;
      }
      // A level is the server's: a field asking for another is refused or ignored, never obeyed.
      const asked = await challenge(app, { pixelRatio: 1, level: 0 }, '203.0.113.200');
      if (asked.statusCode === 200) expect(asked.json<Sealed>().work.parameters.data.lv).toBe(2);
      else expect(asked.statusCode).toBe(400);
      const puzzle = (await challenge(app, { pixelRatio: 1 }, '203.0.113.201')).json<Sealed>();
      expect(puzzle.work.parameters.data).toMatchObject({ lv: 2, pic: 'guarded' });
      expect(puzzle.background).toBe(await seededBackground('guarded'));
      // Another network is untouched.
      expect((await challenge(app, { pixelRatio: 1 }, '198.51.100.7')).json<Sealed>().work.parameters.data.lv).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("refuses a network's passes past its level's quota with 429 and a Retry-After of the quota's pace", async () => {
    const { app, clock } = await strictApp();
    try {
      for (let i = 1; i <= 25; i += 1) {
        const puzzle = await openPuzzle(app, `192.0.2.${i}`);
        await verify(app, humanAnswer(puzzle, 7, []), `192.0.2.${i}`); // hard evidence (wrong, work done): level 2
        clock.at += 10_000;
      }
      const answers = [];
      for (let i = 100; i < 110; i += 1) {
        const puzzle = (await challenge(app, { pixelRatio: 1 }, `192.0.2.${i}`)).json<Sealed>();
        expect(puzzle.work.parameters.data.lv).toBe(2);
        answers.push(await verify(app, humanAnswer(puzzle), `192.0.2.${i}`));
      }
      // Level 2 allows 5 passes an hour: a burst of 5, then one every 12 minutes.
      expect(answers.filter((answer) => answer.json<{ status: string }>().status === 'y')).toHaveLength(5);
      const refused = answers.find((answer) => answer.statusCode === 429);
      expect(refused?.json()).toMatchObject({ status: 'n' });
      expect(Number(refused?.headers['retry-after'])).toBe(12 * 60);
    } finally {
      await app.close();
    }
  });

  it("takes the widget's timing with an answer, and refuses a malformed one like any other bad field", async () => {
    const { app } = await strictApp();
    try {
      const timed = { ...humanAnswer(await openPuzzle(app)), timing: { solveMs: 4200, workMs: 380 } };
      expect((await verify(app, timed)).json()).toMatchObject({ status: 'y' });
      const negative = { ...humanAnswer(await openPuzzle(app)), timing: { solveMs: -1, workMs: 0 } };
      expect((await verify(app, negative)).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('gives the holdout (CAPTCHA_HOLDOUT) its share of level-0 challenges with the guarded picture, marked as such', async () => {
    const { app } = await buildTestApp(strictConfig({ holdout: 0.5 }));
    try {
      const pictures = [];
      for (let i = 1; i <= 40; i += 1)
        pictures.push((await challenge(app, { pixelRatio: 1 }, `10.0.${i}.1`)).json<Sealed>().work.parameters.data);
      // Half of them on average: all 40 plain, or all guarded, would happen once in a trillion runs.
      expect(pictures.every(({ lv }) => lv === 0)).toBe(true);
      expect(new Set(pictures.map(({ pic }) => pic))).toEqual(new Set(['plain', 'guarded']));
    } finally {
      await app.close();
    }
  });
});
