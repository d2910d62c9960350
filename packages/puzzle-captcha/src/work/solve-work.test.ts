// @vitest-environment node
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { solveWork, WorkAborted, type WorkTask } from './solve-work';

const task = (counter: number) =>
  createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter,
    deriveKey,
    hmacSignatureSecret: 'a test secret that is long enough for hmac',
  }) as Promise<WorkTask>;

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

/** A stand-in for the browser's Worker: records what the wrapper does and lets the test answer for it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static last() {
    const worker = FakeWorker.made.at(-1);
    if (!worker) throw new Error('no worker was started');
    return worker;
  }
  static refuse = false;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { preventDefault: () => void }) => void) | null = null;
  posted: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    if (FakeWorker.refuse) throw new DOMException('refused by the content security policy', 'SecurityError');
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('solveWork with Worker', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    FakeWorker.refuse = false;
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hands the task to a module worker and answers with its solution, passing progress on', async () => {
    const progress: number[] = [];
    const t = await task(7);
    const solving = solveWork(t, { onProgress: (tried) => progress.push(tried) });
    const worker = FakeWorker.last();
    expect(worker.url.pathname).toMatch(/solve-worker\.ts$/);
    expect(worker.options.type).toBe('module');
    expect(worker.posted).toEqual([{ type: 'solve', task: t }]);
    worker.onmessage!({ data: { type: 'progress', tried: 500 } });
    worker.onmessage!({ data: { type: 'solved', counter: 7, derivedKey: 'ab' } });
    await expect(solving).resolves.toEqual({ counter: 7, derivedKey: 'ab' });
    expect(progress).toEqual([500]);
    expect(worker.terminated).toBe(true);
  });

  it('starts the worker with its own SHA-256 on a page without WebCrypto (plain http)', async () => {
    const t = await task(7);
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    void solveWork(t);
    expect(FakeWorker.last().url.pathname).toMatch(/solve-worker-noble\.ts$/);
  });

  it('stops the worker when the signal fires', async () => {
    const controller = new AbortController();
    const solving = solveWork(await task(7), { signal: controller.signal });
    controller.abort();
    await expect(solving).rejects.toBeInstanceOf(WorkAborted);
    expect(FakeWorker.last().terminated).toBe(true);
  });

  it('solves on the main thread when the worker is refused or its script fails to load', async () => {
    FakeWorker.refuse = true;
    await expect(solveWork(await task(11))).resolves.toMatchObject({ counter: 11 });
    FakeWorker.refuse = false;
    const solving = solveWork(await task(12));
    FakeWorker.last().onerror!({ preventDefault: () => {} });
    await expect(solving).resolves.toMatchObject({ counter: 12 });
    expect(FakeWorker.last().terminated).toBe(true);
  });

  it('rejects with the worker’s message when it cannot solve the task', async () => {
    const solving = solveWork(await task(3));
    FakeWorker.last().onmessage!({ data: { type: 'failed', message: 'unsupported work task' } });
    await expect(solving).rejects.toThrow('unsupported work task');
  });
});
