// Runs in a Web Worker: solves one task per message, off the page's main thread, and reports progress.
import { solveTask, WorkAborted, type WorkTask } from './solve';

export type WorkerRequest = { type: 'solve'; task: WorkTask; maxCounter?: number } | { type: 'abort' };
export type WorkerReply =
  | { type: 'progress'; tried: number }
  | { type: 'solved'; counter: number; derivedKey: string }
  | { type: 'failed'; message: string };

let controller: AbortController | null = null;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'abort') {
    controller?.abort();
    return;
  }
  controller?.abort();
  const current = new AbortController();
  controller = current;
  const post = (reply: WorkerReply) => self.postMessage(reply);
  solveTask(request.task, { signal: current.signal, maxCounter: request.maxCounter, onProgress: (tried) => post({ type: 'progress', tried }) }).then(
    (solution) => post({ type: 'solved', ...solution }),
    (error: unknown) => {
      if (!(error instanceof WorkAborted)) post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    },
  );
};
