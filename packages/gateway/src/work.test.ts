import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { WORK_DEFAULTS } from './policy';
import { checkWork, createWorkTask, readWork, readWorkSettings, type WorkTask } from './work';

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

  it.each([
    ['nothing', undefined, 'missing'],
    ['a string', 'solved!', 'malformed'],
    ['an array', [1, 2], 'malformed'],
    ['no solution', { task: {} }, 'malformed'],
    ['a counter that is not an integer', { task: { parameters: { algorithm: 'SHA-256', nonce: 'a', salt: 'b', keyPrefix: 'c' }, signature: 's' }, solution: { counter: 1.5, derivedKey: 'aa' } }, 'malformed'],
    ['a huge string', { task: { parameters: { algorithm: 'SHA-256', nonce: 'a'.repeat(100_000), salt: 'b', keyPrefix: 'c' }, signature: 's' }, solution: { counter: 1, derivedKey: 'aa' } }, 'malformed'],
    ['another algorithm', { task: { parameters: { algorithm: 'ARGON2ID', nonce: 'a', salt: 'b', keyPrefix: 'c' }, signature: 's' }, solution: { counter: 1, derivedKey: 'aa' } }, 'malformed'],
    ['a forged signature', { task: { parameters: { algorithm: 'SHA-256', nonce: 'a', salt: 'b', keyPrefix: 'c', cost: 1e12, data: { cid: 'c', kind: 'puzzle' } }, signature: 's' }, solution: { counter: 1, derivedKey: 'aa' } }, 'tampered'],
  ])('refuse %s without throwing', async (_label, submitted, refusal) => {
    expect(await checkWork(SECRET, 'c', submitted, spends())).toBe(refusal);
  });

  it('read a well-formed submission as it came', async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 10);
    const solution = await solve(task);
    expect(readWork({ task, solution })).toEqual({ task, solution });
  });
});

describe('work settings', () => {
  const settings = (env: Record<string, string>) => {
    const problems: string[] = [];
    return { settings: readWorkSettings((name) => env[name], problems), problems };
  };

  it('default to the benchmarked costs, with the accessible path on', () => {
    expect(settings({})).toEqual({ settings: { puzzle: WORK_DEFAULTS.puzzle, accessible: WORK_DEFAULTS.accessible }, problems: [] });
  });

  it('take an operator’s costs, and CAPTCHA_ACCESSIBLE=off turns the path off', () => {
    expect(settings({ CAPTCHA_WORK_COST: '5000', CAPTCHA_ACCESSIBLE_WORK_COST: '300000' }).settings).toEqual({ puzzle: 5000, accessible: 300000 });
    expect(settings({ CAPTCHA_ACCESSIBLE: 'OFF' }).settings.accessible).toBeNull();
  });

  it.each([
    [{ CAPTCHA_WORK_COST: 'lots' }, 'CAPTCHA_WORK_COST must be an integer'],
    [{ CAPTCHA_WORK_COST: '10' }, 'CAPTCHA_WORK_COST must be an integer from 1000'],
    [{ CAPTCHA_ACCESSIBLE_WORK_COST: '99999999999' }, 'CAPTCHA_ACCESSIBLE_WORK_COST must be an integer'],
    [{ CAPTCHA_ACCESSIBLE: 'maybe' }, 'CAPTCHA_ACCESSIBLE must be on or off'],
    [{ CAPTCHA_WORK_COST: '200000', CAPTCHA_ACCESSIBLE_WORK_COST: '100000' }, 'must not be below CAPTCHA_WORK_COST'],
  ])('explain a bad value %o', (env, message) => {
    const { problems } = settings(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });
});
