// Starts the solver in a Web Worker (never on the main thread when workers exist: a drag must stay smooth)
// and answers a promise; the signal stops it. Without Worker (an old in-app browser, jsdom) the same solver
// runs on the main thread, yielding between digests, which are asynchronous anyway.
import {
  hasWebCrypto,
  solveTask,
  WorkAborted,
  webCryptoDigest,
  type Digest,
  type SolveOptions,
  type WorkSolution,
  type WorkTask,
} from './solve';
import type { WorkerReply, WorkerRequest } from './serve-solving';

export { WorkAborted, type WorkSolution, type WorkTask };

/** On the main thread: WebCrypto's SHA-256, or @noble/hashes' (a chunk fetched only then) where it is missing. */
async function solveHere(task: WorkTask, options: Pick<SolveOptions, 'signal' | 'onProgress'>): Promise<WorkSolution> {
  let digest: Digest = webCryptoDigest;
  if (!hasWebCrypto()) {
    const { sha256 } = await import('@noble/hashes/sha2.js');
    digest = (data) => sha256(data) as Uint8Array<ArrayBuffer>;
  }
  return solveTask(task, { ...options, digest });
}

export function solveWork(task: WorkTask, { signal, onProgress }: Pick<SolveOptions, 'signal' | 'onProgress'> = {}): Promise<WorkSolution> {
  if (signal?.aborted) return Promise.reject(new WorkAborted());
  if (typeof Worker === 'undefined') return solveHere(task, { signal, onProgress });
  let worker: Worker;
  try {
    // Two literal workers, so that every bundler sees both: the small one, or the one with its own SHA-256.
    worker = hasWebCrypto()
      ? new Worker(new URL('./solve-worker.ts', import.meta.url), { type: 'module', name: 'puzzle-work' })
      : new Worker(new URL('./solve-worker-noble.ts', import.meta.url), { type: 'module', name: 'puzzle-work' });
  } catch {
    return solveHere(task, { signal, onProgress }); // a CSP or a browser that refuses module workers
  }
  return new Promise<WorkSolution>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(new WorkAborted());
    };
    signal?.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress?.(reply.tried);
      else if (reply.type === 'solved') {
        finish();
        resolve({ counter: reply.counter, derivedKey: reply.derivedKey });
      } else {
        finish();
        reject(new Error(reply.message));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      // The worker script could not load or run: solve here instead rather than leave the visitor stuck.
      solveHere(task, { signal, onProgress }).then(resolve, reject);
    };
    worker.postMessage({ type: 'solve', task } satisfies WorkerRequest);
  });
}
