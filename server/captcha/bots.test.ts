// The bot bench's attackers (the gateway's testing export) as tests, a few attempts each with generous bounds, against a
// strict-mode server listening on loopback that believes X-Forwarded-For, so each bot can pose as many
// addresses. The server's fixed test seed makes every puzzle the same, so the bots can be told the true
// answer: the jump and replay bots then fail for what they skip, never for a wrong guess. The exact rates
// are the bench's (npm run bench:bots).
import type { AddressInfo } from 'node:net';
import { seededRandom } from '@game-register/gateway/testing';
import { addressPlan, createClient, runGuessBot, runJumpBot, runReplayBot, type BotReport } from '../../testing/attackers';
import { seededRandom as coreSeededRandom } from '@game-register/puzzle-captcha/testing';
import { buildTestApp } from '../../testing/server/test-support';
import { RIGHT_OFFSET, strictConfig } from '../../testing/server/strict-mode';

/** A uniform guess passes about 12% of the time (10 units either side over a 163-unit range). */
const GUESS_ATTEMPTS = 20;
const GUESS_MAX_PASSES = 8;
const knowsTheAnswer = () => RIGHT_OFFSET;

async function listeningServer() {
  const { app } = await buildTestApp(strictConfig({}, { trustProxy: ['loopback'] }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, client: createClient({ base: `http://127.0.0.1:${port}` }) };
}

let server: Awaited<ReturnType<typeof listeningServer>>;
beforeAll(async () => {
  server = await listeningServer();
});
afterAll(async () => {
  await server.app.close();
});

const spent = (report: BotReport) => report.attempts - report.passes;

it("the bench's seeded random source is the core's, number for number", () => {
  for (const seed of [0, 1, 14, 20240607, 2 ** 32 - 1]) {
    const [bench, core] = [seededRandom(seed), coreSeededRandom(seed)];
    expect(Array.from({ length: 50 }, bench)).toEqual(Array.from({ length: 50 }, core));
  }
});

describe('the bot bench as tests', () => {
  it('an honest client that knows the answer passes: solved work and a hand-like trail', async () => {
    const report = await runGuessBot({
      client: server.client,
      attempts: 3,
      addressFor: addressPlan('many24', 1),
      answerFor: knowsTheAnswer,
      random: seededRandom(11),
    });
    expect(report.passes).toBe(3);
    expect(report.workCpuSeconds).toBeGreaterThan(0);
  });

  it.each(['one', 'net24', 'many24'] as const)('the jump bot passes nothing, even knowing the answer (%s)', async (mode) => {
    // Its variants in turn: no work, an unsolved solution, garbage; always a 2-point trail.
    const report = await runJumpBot({
      client: server.client,
      attempts: 6,
      addressFor: addressPlan(mode, 2 + ['one', 'net24', 'many24'].indexOf(mode)),
      answerFor: knowsTheAnswer,
    });
    expect(report.attempts).toBe(6);
    expect(report.passes).toBe(0);
    expect(report.workCpuSeconds).toBe(0);
  });

  it('the replay bot passes nothing: a verified id, a spent token and spent work are each refused', async () => {
    const report = await runReplayBot({
      client: server.client,
      attempts: 9,
      addressFor: addressPlan('many24', 5),
      answerFor: knowsTheAnswer,
      random: seededRandom(12),
    });
    expect(report.setupPasses).toBeGreaterThanOrEqual(3); // it really had passes to replay
    expect(report.attempts).toBe(9);
    expect(spent(report)).toBe(9);
    expect(report.passes).toBe(0);
  });

  it(`the guess bot, with solved work and a hand-like trail, passes at most ${GUESS_MAX_PASSES} of ${GUESS_ATTEMPTS} guesses`, async () => {
    const report = await runGuessBot({
      client: server.client,
      attempts: GUESS_ATTEMPTS,
      addressFor: addressPlan('many24', 6),
      random: seededRandom(13),
    });
    expect(report.attempts).toBe(GUESS_ATTEMPTS);
    expect(report.locked).toBe(0);
    expect(report.passes).toBeLessThanOrEqual(GUESS_MAX_PASSES);
  });
});
