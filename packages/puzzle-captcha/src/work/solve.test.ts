// @vitest-environment node
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { solveTask, WorkAborted, type WorkTask } from './solve';
import { solveWork } from './solve-work';

const SECRET = 'a test secret that is long enough for hmac use';

async function serverTask(counter: number, cost = 2): Promise<WorkTask> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost,
    counter,
    deriveKey,
    hmacSignatureSecret: SECRET,
    data: { cid: 'x' },
  });
  return challenge as WorkTask;
}

describe('solveTask', () => {
  it('finds the counter the server drew, and the server accepts the solution', async () => {
    const task = await serverTask(137);
    const solution = await solveTask(task);
    expect(solution.counter).toBe(137);
    const result = await verifySolution({ challenge: task, solution, deriveKey, hmacSignatureSecret: SECRET });
    expect(result.verified).toBe(true);
  });

  it("solves with @noble/hashes' SHA-256 where there is no WebCrypto (a page on plain http), to the same answer", async () => {
    const task = await serverTask(211);
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    try {
      expect(globalThis.crypto.subtle).toBeUndefined();
      const solution = await solveWork(task); // no Worker in Node: the main-thread path, which fetches noble
      expect(solution.counter).toBe(211);
      vi.unstubAllGlobals();
      expect((await verifySolution({ challenge: task, solution, deriveKey, hmacSignatureSecret: SECRET })).verified).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reports progress as it goes', async () => {
    const seen: number[] = [];
    await solveTask(await serverTask(250, 1), { onProgress: (tried) => seen.push(tried), progressEvery: 100 });
    expect(seen).toEqual([100, 200]);
  });

  it('stops when its signal fires', async () => {
    const controller = new AbortController();
    const solving = solveTask(await serverTask(1_000_000, 1), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
      progressEvery: 50,
    });
    await expect(solving).rejects.toBeInstanceOf(WorkAborted);
  });

  it('refuses a task it cannot run rather than spinning', async () => {
    const task = await serverTask(3);
    // @ts-expect-error: an algorithm the protocol does not name, as a broken or hostile server could send
    await expect(solveTask({ ...task, parameters: { ...task.parameters, algorithm: 'ARGON2ID' } })).rejects.toThrow('unsupported');
    await expect(solveTask({ ...task, parameters: { ...task.parameters, cost: 1e9 } })).rejects.toThrow('unsupported');
    await expect(solveTask({ ...task, parameters: { ...task.parameters, keyPrefix: 'zz' } })).rejects.toThrow('unsupported');
  });
});
