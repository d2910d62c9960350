// @vitest-environment node
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { solveWork, WorkAborted, type WorkTask } from './solve-work';

const task = (counter: number) =>
  createChallenge({ algorithm: 'SHA-256', cost: 1, counter, deriveKey, hmacSignatureSecret: 'a test secret that is long enough for hmac' }) as Promise<WorkTask>;

describe('solveWork without Worker (old in-app browsers)', () => {
  it('solves on the main thread', async () => {
    expect(typeof Worker).toBe('undefined');
    await expect(solveWork(await task(42))).resolves.toMatchObject({ counter: 42 });
  });

  it('refuses at once when already aborted, and stops when aborted later', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveWork(await task(1), { signal: controller.signal })).rejects.toBeInstanceOf(WorkAborted);
    const later = new AbortController();
    const solving = solveWork(await task(5_000_000), { signal: later.signal, onProgress: () => later.abort() });
    await expect(solving).rejects.toBeInstanceOf(WorkAborted);
  });
});
