export interface WorkTaskLike {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
  signature?: string;
}
export interface SolvedWork {
  task: WorkTaskLike;
  solution: { counter: number; derivedKey: string };
}
/** CPU seconds (user + system) of this process since `since` (a process.cpuUsage() reading). */
export function cpuSecondsSince(since: NodeJS.CpuUsage): number;
/** Solves an ALTCHA SHA-256 task with Node's native SHA-256, and measures the CPU it took. */
export function solveWork(task: WorkTaskLike, options?: { maxCounter?: number }): { counter: number; derivedKey: string; cpuSeconds: number };
/** The verify body's `work` ({ task, solution }) and the CPU seconds it took. */
export function solvedWork(task: WorkTaskLike, options?: { maxCounter?: number }): { work: SolvedWork; cpuSeconds: number };
