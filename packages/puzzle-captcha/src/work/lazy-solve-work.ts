// The proof-of-work wrapper and its main-thread fallback solver are a chunk of their own, fetched when a
// server's challenge brings a task: a puzzle judged in the browser never downloads them.
import type { solveWork as SolveWork } from './solve-work';

export type { WorkSolution, WorkTask } from './solve-work';

/** solveWork, loaded on first use; a chunk that fails to load rejects like a task that cannot be solved. */
export const solveWork: typeof SolveWork = (task, options) => import('./solve-work').then((work) => work.solveWork(task, options));
