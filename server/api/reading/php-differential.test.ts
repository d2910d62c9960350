import fc from 'fast-check';
import { appRequest, HOSTILE_SPELLINGS, hostileSpellingArbitrary, type RawRequest } from '../../../testing/hostile/hostile-spellings';
import { judgeThroughPhp, startPhpGateway, type PhpGateway } from '../../../testing/php-backend/php-oracle';

/** What a client could not put on the wire (raw whitespace or controls in the target, line breaks in a header). */
const sendable = ({ target, headers }: RawRequest) =>
  ![...target].some((character) => character.charCodeAt(0) <= 0x20 || character.charCodeAt(0) === 0x7f) &&
  !headers.some(([name, value]) => /[\r\n:]/.test(name) || /[\r\n]/.test(value));

let gateway: PhpGateway;
let counted = new Map<string, number>();
beforeAll(async () => void (gateway = await startPhpGateway()));
afterAll(async () => gateway?.close());

async function judge(request: RawRequest) {
  const verdict = await judgeThroughPhp(gateway, request, counted);
  counted = verdict.after;
  return verdict;
}

describe('the gateway against PHP, the backend it guards', () => {
  it.each(['reg', 'checkuser', 'checktel'] as const)(
    "lets the app's %s through, and PHP reads exactly what the gateway read and counted",
    async (call) => {
      expect(await judge(appRequest(call))).toEqual({ refused: false, problems: [], after: expect.any(Map) });
    },
  );

  it('refuses every hostile spelling of the corpus, or PHP reads it exactly as the gateway judged it', { timeout: 60_000 }, async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const spelling of HOSTILE_SPELLINGS.filter(sendable)) {
      const verdict = await judge(spelling);
      if (verdict.refused) refused += 1;
      for (const problem of verdict.problems) wrong.push(`${spelling.name} (${spelling.target}): ${problem}`);
    }
    expect(wrong).toEqual([]);
    // The corpus is hostile: most of it must be refused, and some of it (case, one encoding) read and passed on.
    expect(refused).toBeGreaterThan(HOSTILE_SPELLINGS.length / 2);
    expect(refused).toBeLessThan(HOSTILE_SPELLINGS.length);
  });

  // The fuzz run (it was bench/fuzz-gateway.ts): generated hostile spellings, every one judged, every wrong
  // reading listed. A modest fixed-seed run here; `npm run bench:fuzz` (FUZZ_RUNS=2000, a new seed each time
  // unless FUZZ_SEED is set) runs many more and prints the tally.
  const runs = Number(process.env.FUZZ_RUNS || 60);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_RUNS ? Date.now() % 2 ** 31 : 20261125;
  it(`holds for ${runs} generated spellings too (fast-check, seed ${seed})`, { timeout: Math.max(60_000, runs * 500) }, async () => {
    const started = process.hrtime.bigint();
    const wrong: string[] = [];
    let refused = 0;
    for (const spelling of fc.sample(hostileSpellingArbitrary.filter(sendable), { numRuns: runs, seed })) {
      const verdict = await judge(spelling);
      if (verdict.refused) refused += 1;
      for (const problem of verdict.problems) wrong.push(`${spelling.name} (${spelling.target}): ${problem}`);
    }
    if (process.env.FUZZ_RUNS) {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      console.log(
        `spellings: ${runs} (seed ${seed}); refused ${refused}, passed on ${runs - refused}; read otherwise by PHP: ${wrong.length}`,
      );
      console.log(`time: ${seconds.toFixed(1)} s, ${((seconds * 1000) / runs).toFixed(2)} ms per spelling (gateway, PHP and two scrapes)`);
    }
    expect(wrong).toEqual([]);
  });
});
