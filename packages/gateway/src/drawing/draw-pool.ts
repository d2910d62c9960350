import { Piscina } from 'piscina';
// sharp's libraries loaded by the main thread before any draw thread, so a thread's exit never unloads them
// under the others (glibc; sharp's docs on worker threads).
import 'sharp';
import { drawOnMainThread, type DrawnChallenge, type DrawTask } from './draw-worker';
import type { PictureKind } from '../core/rules/events';

/** The pool's queue is full (or the server is closing): answer 503 with Retry-After at once rather than wait. */
export class DrawQueueFullError extends Error {
  readonly statusCode = 503;
  constructor() {
    super('every draw thread is busy and the draw queue is full');
    this.name = 'DrawQueueFullError';
  }
}

export interface ChallengeDrawer {
  draw(pixelRatio: number, picture: PictureKind): Promise<DrawnChallenge>;
  /** Draws waiting for a thread (metrics: a queue that stays long wants more threads or instances). */
  readonly queueSize: number;
  /** Called after each draw with the seconds its painting and encoding took. */
  onDrawFinished(listener: (seconds: number) => void): void;
  /** Finishes the draws in the queue, then stops the threads. */
  close(): Promise<void>;
}

export interface DrawerOptions {
  /** Draw threads; 0 draws on the main thread (a comparison point for the bench, not for production). */
  threads: number;
  /** Draws that may wait for a thread; one more is refused. */
  maxQueue: number;
  seed: number | null;
}

const DRAW_THREAD_NICE = 10;

/** Where the draw thread's code is: beside the bundle when built, through tsx when run from sources. */
function workerFile(): string {
  const here = import.meta.url;
  const name = here.endsWith('.ts') ? './draw-worker-source.mjs' : './draw-worker.js';
  return new URL(name, here).href;
}

/** Challenge pictures drawn by a piscina worker pool (CAPTCHA_DRAW_THREADS), so the event loop stays free. */
export function createDrawer({ threads, maxQueue, seed }: DrawerOptions): ChallengeDrawer {
  const listeners: ((seconds: number) => void)[] = [];
  const finished = (drawn: DrawnChallenge) => {
    for (const listener of listeners) listener(drawn.drawSeconds);
    return drawn;
  };
  if (threads === 0) {
    return {
      draw: (pixelRatio, picture) => drawOnMainThread({ pixelRatio, picture, seed }).then(finished),
      queueSize: 0,
      onDrawFinished: (listener) => void listeners.push(listener),
      close: async () => {},
    };
  }
  const fromSources = import.meta.url.endsWith('.ts');
  const pool = new Piscina<DrawTask, DrawnChallenge>({
    filename: workerFile(),
    // From sources (tests, dev), Node resolves the puzzle package to its TypeScript sources only under the
    // package's own condition, as Vite does for the rest of the server; the bundle has the package inside.
    ...(fromSources ? { execArgv: [...process.execArgv, '--conditions=game-register-source'] } : {}),
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
    // Draw threads run at a lower priority (Linux nice, through piscina's optional @napi-rs/nice): when the
    // cores are busy, answers on the event loop (checkuser, verify, static files) go first. (The piece's encoding runs on
    // one of libuv's threads, which are not niced: at most one per draw thread, pictures.ts.)
    niceIncrement: DRAW_THREAD_NICE,
    // Between tasks a thread goes back to its event loop. With piscina's default ('sync' Atomics.wait), a busy
    // thread never does, and Node frees native memory (canvases, encoded buffers) from the loop's immediate
    // phase: under steady load a draw thread kept every canvas it ever made, about 4 MB a draw at ratio 3.
    atomics: 'disabled',
    // A draw that finds every thread busy goes back to the head of the queue, not its tail: by default piscina
    // puts it last, and with one thread a few visitors' puzzles waited 5-10 s behind hundreds of later ones.
    stricterFIFO: true,
  });
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;
  return {
    async draw(pixelRatio, picture) {
      if (closing) throw new DrawQueueFullError(); // shutting down: 503, try another instance
      const run = pool.run({ pixelRatio, picture, seed });
      inFlight.add(run);
      try {
        return finished(await run);
      } catch (error) {
        if (error instanceof Error && /queue is at limit|no task queue/i.test(error.message)) throw new DrawQueueFullError();
        throw error;
      } finally {
        inFlight.delete(run);
      }
    },
    get queueSize() {
      return pool.queueSize;
    },
    onDrawFinished: (listener) => void listeners.push(listener),
    async close() {
      // Shutting down: the draws already queued finish (the queue is bounded), so their requests get their
      // answers; a turn of the event loop lets those requests store their challenges before the stores close.
      // (piscina's own close() waits only for the tasks a thread has begun.)
      closing = true;
      await Promise.allSettled([...inFlight]);
      await new Promise((resolve) => setImmediate(resolve));
      await pool.destroy();
    },
  };
}
