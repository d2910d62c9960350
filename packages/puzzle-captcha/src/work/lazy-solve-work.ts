// The proof-of-work wrapper and its main-thread fallback solver are a chunk of their own, fetched when a
// server's challenge brings a task: a puzzle judged in the browser never downloads them.
import type { WorkSolution, WorkTask, solveWork as SolveWork } from './solve-work';

export type { WorkSolution, WorkTask } from './solve-work';

/** A solution, and how long the solver ran for it (ms, from its start once its chunk is in: the device's work, not the download). */
export interface TimedSolution {
  solution: WorkSolution;
  ms: number;
}

/** solveWork, loaded on first use and timed; a chunk that fails to load rejects like a task that cannot be solved. */
export const solveTimedWork = (task: WorkTask, options?: Parameters<typeof SolveWork>[1]): Promise<TimedSolution> =>
  import('./solve-work').then(async (work) => {
    const started = performance.now();
    const solution = await work.solveWork(task, options);
    return { solution, ms: performance.now() - started };
  });
