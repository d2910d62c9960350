// Give-ups per level and picture: the app's funnel beacons carry the level and picture of the opening's first
// puzzle (strict mode: read from the challenge's sealed work task), and /metrics counts them, bounded to known values.
import type { FastifyInstance } from 'fastify';
import { FUNNEL_WIRE } from '@game-register/api-wire';
import { buildTestApp } from '../../testing/server/test-support';
import { openPuzzle, strictConfig } from '../../testing/server/strict-mode';
import { metricsOn, parseExposition, scrape, type Sample } from '../../testing/server/metrics';

const NAME = 'game_register_puzzle_opening_steps_total';

/** `step level/picture` -> value of every opening series. */
async function openings(app: FastifyInstance): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  const list: Sample[] = parseExposition((await scrape(app)).text).samples;
  for (const { name, labels, value } of list) if (name === NAME) found[`${labels.step} ${labels.level}/${labels.picture}`] = value;
  return found;
}

const beacon = (app: FastifyInstance, query: string) => app.inject({ method: 'POST', url: `${FUNNEL_WIRE.path}?${query}` });

/** Only the series that moved. */
const moved = (all: Record<string, number>) => Object.fromEntries(Object.entries(all).filter(([, value]) => value !== 0));

describe('give-ups per level and picture from the funnel beacons', () => {
  it('start every known level and picture, the default mode and unknown at 0, and nothing else', async () => {
    const { app } = await buildTestApp(metricsOn());
    const all = await openings(app);
    await app.close();
    const pairs = ['0/plain', '1/plain', '2/guarded', '3/guarded', '0/guarded', 'none/browser', 'unknown/unknown'];
    expect(Object.keys(all).sort()).toEqual(pairs.flatMap((pair) => [`shown ${pair}`, `passed ${pair}`]).sort());
    expect(Object.values(all).every((value) => value === 0)).toBe(true);
  });

  it("count shown and passed by the opening's level and picture; anything unknown or malformed as unknown, always a 204", async () => {
    const { app } = await buildTestApp(metricsOn());
    const queries = [
      'step=shown&c=H5REG&lv=2&pic=guarded',
      'step=passed&c=H5REG&lv=2&pic=guarded',
      'step=shown&lv=2&pic=guarded',
      'step=shown&lv=0&pic=guarded', // the holdout
      'step=shown&c=H5REG&pic=browser', // the default mode
      'step=passed&c=H5REG&pic=browser',
      'step=shown&c=H5REG', // strict mode with no level (the first fetch failed), or an older app
      'step=shown&lv=1&pic=guarded', // no challenge is issued so
      'step=shown&lv=9&pic=plain',
      'step=shown&lv=02&pic=plain',
      'step=shown&lv=0&pic=Plain',
      'step=shown&lv=1&pic=browser',
      `step=shown&lv=${'9'.repeat(300)}&pic=${encodeURIComponent('<script>')}`,
      'step=passed&lv=0',
    ];
    const answers = await Promise.all(queries.map((query) => beacon(app, query)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(queries.map(() => 204));
    // A step that is not one stays a 400, as before; lv and pic never make one. A field readable two ways is the
    // reading's 400 for every call (never counted, never a 500).
    expect((await beacon(app, 'step=left&lv=0&pic=plain')).statusCode).toBe(400);
    for (const query of ['step=shown&lv=0&lv=2&pic=plain', 'step=shown&lv=0&pic=plain&pic=guarded', 'step=shown&lv%00=2&pic=plain']) {
      const answer = await beacon(app, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toMatchObject({ status: 'n' });
    }
    const all = await openings(app);
    await app.close();
    expect(moved(all)).toEqual({
      'shown 2/guarded': 2,
      'passed 2/guarded': 1,
      'shown 0/guarded': 1,
      'shown none/browser': 1,
      'passed none/browser': 1,
      'shown unknown/unknown': 7,
      'passed unknown/unknown': 1,
    });
    expect(Object.keys(all)).toHaveLength(14);
  });

  it('take the level and picture a strict-mode challenge seals in its work task', async () => {
    const { app } = await buildTestApp(strictConfig({ level: 2 }, metricsOn()));
    const puzzle = await openPuzzle(app);
    const { lv, pic } = puzzle.work.parameters.data as { lv: number; pic: string };
    expect([lv, pic]).toEqual([2, 'guarded']);
    const query = `lv=${lv}&pic=${pic}`;
    for (const step of ['shown', 'passed']) expect((await beacon(app, `step=${step}&c=H5REG&${query}`)).statusCode).toBe(204);
    const all = await openings(app);
    await app.close();
    expect(moved(all)).toEqual({ 'shown 2/guarded': 1, 'passed 2/guarded': 1 });
  });
});
