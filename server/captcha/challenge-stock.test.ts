import { parseExposition, scrape, valueOf, metricsOn } from '../../testing/server/metrics';
import { buildTestApp } from '../../testing/server/test-support';
import { CHALLENGE_TTL_MS } from '@game-register/gateway/policy';
import { challenge, humanAnswer, strictConfig, verify, type OpenPuzzle } from '../../testing/server/strict-mode';

const P = 'game_register_';

describe('strict mode with a stock', () => {
  it(
    'answers from the stock with puzzles judged like fresh ones: expiry from hand-out, one pass each; misses counted',
    { timeout: 60_000 },
    async () => {
      let at = 1_800_000_000_000;
      const { app } = await buildTestApp(strictConfig({ stockSize: 3 }, metricsOn()), { now: () => at });
      const level = async (ratio: number) =>
        valueOf(parseExposition((await scrape(app)).text).samples, `${P}captcha_stock_level`, { pixel_ratio: String(ratio) });
      for (let tries = 0; (await level(2)) < 3; tries += 1) {
        if (tries > 400) throw new Error('the stock did not fill');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      at += 10 * CHALLENGE_TTL_MS; // the stocked puzzles were drawn long before anyone asks

      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => challenge(app, { pixelRatio: 1.75 }, `192.0.2.${i + 1}`)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
      const puzzles = answers.map((answer) => answer.json<OpenPuzzle & { expiresAt: number; background: string }>());
      expect(new Set(puzzles.map((puzzle) => puzzle.id)).size).toBe(5);
      for (const puzzle of puzzles) {
        expect(puzzle.expiresAt).toBe(at + CHALLENGE_TTL_MS);
        expect(puzzle.background).toMatch(/^data:image\/jpeg;base64,/);
      }
      // Three came from the stock of ratio 2 (1.75 rounded up), the rest were drawn on demand.
      const misses = valueOf(parseExposition((await scrape(app)).text).samples, `${P}captcha_stock_misses_total`, { pixel_ratio: '2' });
      expect(misses).toBeGreaterThanOrEqual(2);
      expect(misses).toBeLessThanOrEqual(5 - 1);

      at += CHALLENGE_TTL_MS - 1000; // still within two minutes of the hand-out
      for (const [i, puzzle] of puzzles.entries()) {
        const address = `192.0.2.${i + 1}`;
        const answer = humanAnswer(puzzle);
        expect((await verify(app, answer, address)).json()).toMatchObject({ status: 'y' });
        expect((await verify(app, answer, address)).json()).toMatchObject({ status: 'n' });
      }
      await app.close();
    },
  );
});
