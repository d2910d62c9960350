import { createHmac } from 'node:crypto';
import { SolvedWorkSchema, type WorkTask } from '@game-register/puzzle-captcha/protocol';
import { Value } from 'typebox/value';
import { checkWork, createWorkTask } from './work';
import { solvedWork } from '../testing/work';

const SECRET = 'a test secret that is long enough for hmac use';
const IN_A_MINUTE = () => Date.now() + 60_000;

/** The solution the tests' one solver finds (the package's test kit: what a consumer's tests run too). */
const solve = (task: WorkTask) => solvedWork(task).work.solution;

/** A store's spend-once, in memory. */
function spends() {
  const seen = new Set<string>();
  return async (key: string) => (seen.has(key) ? false : (seen.add(key), true));
}

describe('proof-of-work tasks', () => {
  it('accept the right solution for their own challenge, once', async () => {
    const task = await createWorkTask(SECRET, 'challenge-1', IN_A_MINUTE(), 40);
    const work = { task, solution: solve(task) };
    const spendOnce = spends();
    expect(await checkWork(SECRET, 'challenge-1', work, spendOnce)).toBeNull();
    expect(await checkWork(SECRET, 'challenge-1', work, spendOnce)).toBe('spent');
  });

  it('refuse work done for another challenge', async () => {
    const task = await createWorkTask(SECRET, 'challenge-1', IN_A_MINUTE(), 40);
    expect(await checkWork(SECRET, 'challenge-2', { task, solution: solve(task) }, spends())).toBe('other_challenge');
  });

  it('refuse the puzzle’s cheaper task on the accessible path, and the other way round', async () => {
    const puzzle = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40);
    expect(await checkWork(SECRET, 'c', { task: puzzle, solution: solve(puzzle) }, spends(), 'accessible')).toBe('other_kind');
    const accessible = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40, 'accessible');
    const solution = solve(accessible);
    expect(await checkWork(SECRET, 'c', { task: accessible, solution }, spends(), 'puzzle')).toBe('other_kind');
    expect(await checkWork(SECRET, 'c', { task: accessible, solution }, spends(), 'accessible')).toBeNull();
  });

  it('refuse a task that has expired', async () => {
    const task = await createWorkTask(SECRET, 'c', Date.now() - 5_000, 40);
    expect(await checkWork(SECRET, 'c', { task, solution: solve(task) }, spends())).toBe('expired');
  });

  it('refuse a task whose parameters were changed (an easier one, or another challenge id)', async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40);
    const solution = solve(task);
    const easier = { ...task, parameters: { ...task.parameters, cost: 1 } };
    expect(await checkWork(SECRET, 'c', { task: easier, solution }, spends())).toBe('tampered');
    const rebound = { ...task, parameters: { ...task.parameters, data: { cid: 'd', kind: 'puzzle' } } };
    expect(await checkWork(SECRET, 'd', { task: rebound, solution }, spends())).toBe('tampered');
    const foreign = await createWorkTask('another secret, also long enough for hmac', 'c', IN_A_MINUTE(), 40);
    expect(await checkWork(SECRET, 'c', { task: foreign, solution: solve(foreign) }, spends())).toBe('tampered');
  });

  it('refuse a wrong solution', async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40);
    const solution = solve(task);
    expect(await checkWork(SECRET, 'c', { task, solution: { ...solution, counter: solution.counter + 1 } }, spends())).toBe('wrong');
    expect(await checkWork(SECRET, 'c', { task, solution: { ...solution, derivedKey: '00'.repeat(32) } }, spends())).toBe('wrong');
  });

  it('refuse nothing as missing, and a forged signature as tampered, without throwing', async () => {
    expect(await checkWork(SECRET, 'c', undefined, spends())).toBe('missing');
    const forged = {
      parameters: {
        algorithm: 'SHA-256' as const,
        nonce: 'a',
        salt: 'b',
        keyPrefix: 'c',
        keyLength: 32,
        cost: 1e12,
        data: { cid: 'c', kind: 'puzzle' },
      },
      signature: 's',
    };
    expect(await checkWork(SECRET, 'c', { task: forged, solution: { counter: 1, derivedKey: 'aa' } }, spends())).toBe('tampered');
  });

  // What is not even work never reaches checkWork: the verify routes' body schemas refuse it (a 400).
  it.each([
    ['a string', 'solved!'],
    ['an array', [1, 2]],
    ['no solution', { task: {} }],
    [
      'a counter that is not an integer',
      {
        task: { parameters: { algorithm: 'SHA-256', nonce: 'a', salt: 'b', cost: 2, keyLength: 32, keyPrefix: 'c' }, signature: 's' },
        solution: { counter: 1.5, derivedKey: 'aa' },
      },
    ],
    [
      'a huge string',
      {
        task: {
          parameters: { algorithm: 'SHA-256', nonce: 'a'.repeat(100_000), salt: 'b', cost: 2, keyLength: 32, keyPrefix: 'c' },
          signature: 's',
        },
        solution: { counter: 1, derivedKey: 'aa' },
      },
    ],
    [
      'another algorithm',
      {
        task: { parameters: { algorithm: 'ARGON2ID', nonce: 'a', salt: 'b', cost: 2, keyLength: 32, keyPrefix: 'c' }, signature: 's' },
        solution: { counter: 1, derivedKey: 'aa' },
      },
    ],
  ])('the protocol refuses %s as work', (_label, submitted) => {
    expect(Value.Check(SolvedWorkSchema, submitted)).toBe(false);
  });

  it('the protocol takes a task this server made, solved, as work', async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 10);
    expect(Value.Check(SolvedWorkSchema, { task, solution: solve(task) })).toBe(true);
  });
});

/** A task signed with our key around any parameters, as a leaked key or a bug elsewhere could make (altcha-lib's canonical JSON). */
function signedAround(parameters: WorkTask['parameters']): WorkTask {
  const sorted = (value: unknown): unknown =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
        )
      : value;
  return {
    parameters,
    signature: createHmac('sha256', SECRET)
      .update(JSON.stringify(sorted(parameters)))
      .digest('hex'),
  };
}

describe('a proof-of-work task as issued', () => {
  it('seals its challenge, path, doublings, level and picture, and expires on the second', async () => {
    const expiresAtMs = 1_800_000_000_999;
    const puzzle = await createWorkTask(SECRET, 'c', expiresAtMs, 40);
    expect(puzzle.parameters).toMatchObject({
      algorithm: 'SHA-256',
      cost: 2,
      expiresAt: 1_800_000_000,
      data: { cid: 'c', kind: 'puzzle', d: 0, lv: 0, pic: 'plain' },
    });
    const accessible = await createWorkTask(SECRET, 'c', expiresAtMs, 40, 'accessible', 3);
    expect(accessible.parameters.data).toEqual({ cid: 'c', kind: 'accessible', d: 3, lv: 0, pic: 'none' });
    const sealed = await createWorkTask(SECRET, 'c', expiresAtMs, 40, 'puzzle', 1, { level: 2, picture: 'guarded' });
    expect(sealed.parameters.data).toEqual({ cid: 'c', kind: 'puzzle', d: 1, lv: 2, pic: 'guarded' });
  });

  it('hides its counter below the max counter, not always at the start', async () => {
    const counters = await Promise.all(
      Array.from({ length: 12 }, async () => solve(await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 200)).counter),
    );
    expect(counters.every((counter) => counter >= 0 && counter < 200)).toBe(true);
    expect(counters.some((counter) => counter > 0)).toBe(true);
  });
});

describe('checking work', () => {
  it('spends the task’s signature until a second after the task expires', async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40);
    const work = { task, solution: solve(task) };
    const spent: [string, number | null][] = [];
    expect(await checkWork(SECRET, 'c', work, async (key, until) => (spent.push([key, until]), true))).toBeNull();
    expect(spent).toEqual([[`work:${task.signature}`, task.parameters.expiresAt! * 1000 + 1000]]);
  });

  it('spends a signed task without an expiry for a second', async () => {
    const { expiresAt: _expiresAt, ...parameters } = (await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40)).parameters;
    const task = signedAround(parameters);
    const spent: (number | null)[] = [];
    expect(await checkWork(SECRET, 'c', { task, solution: solve(task) }, async (_key, until) => (spent.push(until), true))).toBeNull();
    expect(spent).toEqual([null]); // the spender keeps it a second from its own now
  });

  it('refuses a task made cheaper than the caller’s failures now ask for, and counts one without doublings as never doubled', async () => {
    const twice = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40, 'puzzle', 2);
    const solution = solve(twice);
    expect(await checkWork(SECRET, 'c', { task: twice, solution }, spends(), 'puzzle', 3)).toBe('cheap');
    expect(await checkWork(SECRET, 'c', { task: twice, solution }, spends(), 'puzzle', 2)).toBeNull();
    const { d: _d, ...data } = twice.parameters.data!;
    const undoubled = signedAround({ ...twice.parameters, data });
    expect(await checkWork(SECRET, 'c', { task: undoubled, solution }, spends(), 'puzzle', 1)).toBe('cheap');
    expect(await checkWork(SECRET, 'c', { task: undoubled, solution }, spends(), 'puzzle', 0)).toBeNull();
  });

  it('refuses work over 4096 characters of JSON as malformed', async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40);
    const solution = solve(task);
    const padded = (length: number) => {
      const work = { task, solution: { ...solution, derivedKey: '' } };
      return {
        ...work,
        solution: {
          ...solution,
          derivedKey: solution.derivedKey + '0'.repeat(length - JSON.stringify(work).length - solution.derivedKey.length),
        },
      };
    };
    expect(JSON.stringify(padded(4096))).toHaveLength(4096);
    expect(await checkWork(SECRET, 'c', padded(4096), spends())).toBe('wrong');
    expect(await checkWork(SECRET, 'c', padded(4097), spends())).toBe('malformed');
  });

  it("refuses a task without data as another challenge's, without throwing", async () => {
    const task = await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40);
    const { data: _data, ...parameters } = task.parameters;
    expect(await checkWork(SECRET, 'c', { task: { ...task, parameters }, solution: solve(task) }, spends())).toBe('other_challenge');
  });

  it('refuses a signed task that altcha-lib cannot run as malformed, without throwing', async () => {
    const task = signedAround({ ...(await createWorkTask(SECRET, 'c', IN_A_MINUTE(), 40)).parameters, nonce: 'not hex' });
    expect(await checkWork(SECRET, 'c', { task, solution: { counter: 1, derivedKey: 'aa' } }, spends())).toBe('malformed');
  });
});

// Equivalent mutant (packages/gateway/src/core/work.ts, OptionalChaining): `work.task.parameters.data?.kind` -> `work.task.parameters.data.kind`: the challenge id check just before refuses a task without data (its cid is undefined, the id a string).
// Equivalent mutant (packages/gateway/src/core/work.ts, OptionalChaining): `work.task.parameters.data?.d` -> `work.task.parameters.data.d`: as above, data is there once the challenge id matched.
