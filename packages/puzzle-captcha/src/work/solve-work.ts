// Starts the solver in a Web Worker (never on the main thread when workers exist: a drag must stay smooth)
// and answers a promise; the signal stops it. Without Worker (an old in-app browser, jsdom) the same solver
// runs on the main thread, yielding between digests, which are asynchronous anyway.
import { solveTask, WorkAborted, type SolveOptions, type WorkSolution, type WorkTask } from './solve';
import type { WorkerReply, WorkerRequest } from './solve-worker';

export { WorkAborted, type WorkSolution, type WorkTask };

export function solveWork(task: WorkTask, { signal, onProgress }: Pick<SolveOptions, 'signal' | 'onProgress'> = {}): Promise<WorkSolution> {
  if (signal?.aborted) return Promise.reject(new WorkAborted());
  if (typeof Worker === 'undefined') return solveTask(task, { signal, onProgress });
  let worker: Worker;
  try {
    worker = new Worker(new URL('./solve-worker.ts', import.meta.url), { type: 'module', name: 'puzzle-work' });
  } catch {
    return solveTask(task, { signal, onProgress }); // a CSP or a browser that refuses module workers
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
      solveTask(task, { signal, onProgress }).then(resolve, reject);
    };
    worker.postMessage({ type: 'solve', task } satisfies WorkerRequest);
  });
}
