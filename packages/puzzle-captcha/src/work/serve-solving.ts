// What a solving Web Worker does: one task per message, off the page's main thread, reporting progress.
// solve-worker.ts hashes with WebCrypto; solve-worker-noble.ts with @noble/hashes, for pages without it.
import { solveTask, WorkAborted, type Digest, type WorkTask } from './solve';

export type WorkerRequest = { type: 'solve'; task: WorkTask; maxCounter?: number } | { type: 'abort' };
export type WorkerReply =
  { type: 'progress'; tried: number } | { type: 'solved'; counter: number; derivedKey: string } | { type: 'failed'; message: string };

let controller: AbortController | null = null;

/** Answers solve and abort messages with `digest` (undefined: WebCrypto's). */
export const serveSolving = (digest?: Digest) => (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'abort') {
    controller?.abort();
    return;
  }
  controller?.abort();
  const current = new AbortController();
  controller = current;
  const post = (reply: WorkerReply) => self.postMessage(reply);
  solveTask(request.task, {
    signal: current.signal,
    maxCounter: request.maxCounter,
    digest,
    onProgress: (tried) => post({ type: 'progress', tried }),
  }).then(
    (solution) => post({ type: 'solved', ...solution }),
    (error: unknown) => {
      if (!(error instanceof WorkAborted)) post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    },
  );
};
