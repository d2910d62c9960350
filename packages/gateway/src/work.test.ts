import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { SolvedWorkSchema, type WorkTask } from '@game-register/puzzle-captcha/protocol';
import { Value } from 'typebox/value';
import { checkWork, createWorkTask } from './work';

const SECRET = 'a test secret that is long enough for hmac use';
const IN_A_MINUTE = () => Date.now() + 60_000;

async function solve(task: WorkTask) {
  const solution = await solveChallenge({ challenge: task, deriveKey });
  if (!solution) throw new Error('not solved');
  return { counter: solution.counter, derivedKey: solution.derivedKey };
}

/** A store's spend-once, in memory. */
function spends() {
  const seen = new Set<string>();
  return async (key: string) => (seen.has(key) ? false : (seen.add(key), true));
}

describe('proof-of-work tasks', () => {
  it('accept the right solution for their own challenge, once', async () => {
    const task = await createWorkTask(SECRET, 'challenge-1', IN_A_MINUTE(), 40);
    const work = { task, solution: await solve(task) };
    const spendOnce = spends();
    expect(await checkWork(SECRET, 'challenge-1', work, spendOnce)).toBeNull();
    expect(await checkWork(SECRET, 'challenge-1', work, spendOnce)).toBe('spent');
  });

  it('refuse work done for another challenge', async () => {
    const task = await createWorkTask(SECRET, 'challenge-1', IN_A_MINUTE(), 40);
    expect(await checkWork(SECRET, 'challenge-2', { task, solution: await solve(task) }, spends())).toBe('other_challenge');
  });

  it('refuse the puzzle’s cheaper task on the accessible path, and the other way round', async () => {
    const puzzle = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40);
    expect(await checkWork(SECRET, 'c', { task: puzzle, solution: await solve(puzzle) }, spends(), 'accessible')).toBe('other_kind');
    const accessible = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40, 'accessible');
    const solution = await solve(accessible);
    expect(await checkWork(SECRET, 'c', { task: accessible, solution }, spends(), 'puzzle')).toBe('other_kind');
    expect(await checkWork(SECRET, 'c', { task: accessible, solution }, spends(), 'accessible')).toBeNull();
  });

  it('refuse a task that has expired', async () => {
    const task = await createWorkTask(SECRET, 'c', Date.now() - 5_000, 40);
    expect(await checkWork(SECRET, 'c', { task, solution: await solve(task) }, spends())).toBe('expired');
  });

  it('refuse a task whose parameters were changed (an easier one, or another challenge id)', async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40);
    const solution = await solve(task);
    const easier = { ...task, parameters: { ...task.parameters, cost: 1 } };
    expect(await checkWork(SECRET, 'c', { task: easier, solution }, spends())).toBe('tampered');
    const rebound = { ...task, parameters: { ...task.parameters, data: { cid: 'd', kind: 'puzzle' } } };
    expect(await checkWork(SECRET, 'd', { task: rebound, solution }, spends())).toBe('tampered');
    const foreign = await createWorkTask('another secret, also long enough for hmac', 'c', IN_A_MINUTE(), 40);
    expect(await checkWork(SECRET, 'c', { task: foreign, solution: await solve(foreign) }, spends())).toBe('tampered');
  });

  it('refuse a wrong solution', async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40);
    const solution = await solve(task);
    expect(await checkWork(SECRET, 'c', { task, solution: { ...solution, counter: solution.counter + 1 } }, spends())).toBe('wrong');
    expect(await checkWork(SECRET, 'c', { task, solution: { ...solution, derivedKey: '00'.repeat(32) } }, spends())).toBe('wrong');
  });

  it('refuse nothing as missing, and a forged signature as tampered, without throwing', async () => {
    expect(await checkWork(SECRET, 'c', undefined, spends())).toBe('missing');
    const forged = { parameters: { algorithm: 'SHA-256' as const, nonce: 'a', salt: 'b', keyPrefix: 'c', keyLength: 32, cost: 1e12, data: { cid: 'c', kind: 'puzzle' } }, signature: 's' };
    expect(await checkWork(SECRET, 'c', { task: forged, solution: { counter: 1, derivedKey: 'aa' } }, spends())).toBe('tampered');
  });

  // What is not even work never reaches checkWork: the verify routes' body schemas refuse it (a 400).
  it.each([
    ['a string', 'solved!'],
    ['an array', [1, 2]],
    ['no solution', { task: {} }],
    ['a counter that is not an integer', { task: { parameters: { algorithm: 'SHA-256', nonce: 'a', salt: 'b', cost: 2, keyLength: 32, keyPrefix: 'c' }, signature: 's' }, solution: { counter: 1.5, derivedKey: 'aa' } }],
    ['a huge string', { task: { parameters: { algorithm: 'SHA-256', nonce: 'a'.repeat(100_000), salt: 'b', cost: 2, keyLength: 32, keyPrefix: 'c' }, signature: 's' }, solution: { counter: 1, derivedKey: 'aa' } }],
    ['another algorithm', { task: { parameters: { algorithm: 'ARGON2ID', nonce: 'a', salt: 'b', cost: 2, keyLength: 32, keyPrefix: 'c' }, signature: 's' }, solution: { counter: 1, derivedKey: 'aa' } }],
  ])('the protocol refuses %s as work', (_label, submitted) => {
    expect(Value.Check(SolvedWorkSchema, submitted)).toBe(false);
  });

  it('the protocol takes a task this server made, solved, as work', async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 10);
    expect(Value.Check(SolvedWorkSchema, { task, solution: await solve(task) })).toBe(true);
  });
});
