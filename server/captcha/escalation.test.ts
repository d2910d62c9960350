// The work grows with failures. The task hides its cost (the server draws the counter the solver must reach
// at random below the cost), so this file makes the draw always the highest: the counter a solver finds
// then tells the cost of the task.
import { buildTestApp } from '../../testing/server/test-support';
import { solvedWork } from '@game-register/gateway/testing';
import { WORK_ESCALATION } from '@game-register/gateway/policy';
import { humanAnswer, openPuzzle, strictConfig, TEST_WORK, verify } from '../../testing/server/strict-mode';

vi.mock('node:crypto', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:crypto')>()),
  randomInt: (min: number, max?: number) => (max === undefined ? min : max) - 1,
}));

describe('the work of the next task', () => {
  it('doubles with each failure of the address and each few of its network, up to a cap, and never drops on a pass', async () => {
    const { app } = await buildTestApp(strictConfig());
    const costFor = async (address: string) => solvedWork((await openPuzzle(app, address)).work).work.solution.counter + 1;
    const fail = async (address: string) => verify(app, humanAnswer(await openPuzzle(app, address), 0), address);

    expect(await costFor('198.51.100.1')).toBe(TEST_WORK.puzzle);
    await fail('198.51.100.1');
    expect(await costFor('198.51.100.1')).toBe(2 * TEST_WORK.puzzle);
    await fail('198.51.100.1');
    expect(await costFor('198.51.100.1')).toBe(4 * TEST_WORK.puzzle);
    // A pass costs what it cost and changes nothing for the next task.
    const pass = await verify(app, humanAnswer(await openPuzzle(app, '198.51.100.1')), '198.51.100.1');
    expect(pass.json()).toMatchObject({ status: 'y' });
    expect(await costFor('198.51.100.1')).toBe(4 * TEST_WORK.puzzle);

    // Its neighbours pay for the network: 2 failures so far; every networkFailuresPerStep doubles the work.
    expect(await costFor('198.51.100.9')).toBe(TEST_WORK.puzzle);
    const step = WORK_ESCALATION.networkFailuresPerStep;
    for (let i = 2; i < step; i += 1) await fail(`198.51.100.${20 + i}`);
    expect(await costFor('198.51.100.9')).toBe(2 * TEST_WORK.puzzle);
    expect(await costFor('198.51.101.9')).toBe(TEST_WORK.puzzle); // another /24
    await app.close();
  });

  it('doubles the work of the network that fetched the failed puzzles, never for answers to puzzles never issued', async () => {
    const { app } = await buildTestApp(strictConfig());
    const costFor = async (address: string) => solvedWork((await openPuzzle(app, address)).work).work.solution.counter + 1;
    const step = WORK_ESCALATION.networkFailuresPerStep;
    // Answers to ids never issued cost their senders nothing: three steps' worth from one /24 count for none of it.
    const work = (await openPuzzle(app, '192.0.2.250')).work;
    for (let i = 0; i < 3 * step; i += 1) await verify(app, humanAnswer({ id: `never-issued-${i}`, work }), `198.51.100.${i + 1}`);
    expect(await costFor('198.51.100.200')).toBe(TEST_WORK.puzzle);
    // Failures on puzzles fetched from one /24 and answered from another count for the one that fetched.
    for (let i = 0; i < step; i += 1) await verify(app, humanAnswer(await openPuzzle(app, `203.0.113.${i + 1}`), 0), `192.0.2.${i + 1}`);
    expect(await costFor('203.0.113.200')).toBe(2 * TEST_WORK.puzzle);
    expect(await costFor('192.0.2.200')).toBe(TEST_WORK.puzzle);
    await app.close();
  });
});
