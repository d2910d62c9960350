// What the pages the browser benches drive carry on their window: the playground's hooks, and the counters
// and functions the benches' own scripts put there.
import type { WorkSolution, WorkTask } from '@game-register/puzzle-captcha/work';

type Timed = WorkSolution & { ms: number };

declare global {
  interface Window {
    /** playground/main.tsx */
    playground: { setShow(show: boolean): void; setBlank(blank: boolean): void };
    /** bench/widget/captcha.ts: React commits and canvas drawing calls counted. */
    benchCommits: number;
    benchDraws: number;
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown;
    /** bench/widget/work-page.ts: the solver in its worker and on the main thread, timed. */
    ready?: boolean;
    inWorker(task: WorkTask): Promise<Timed>;
    onMain(task: WorkTask): Promise<Timed>;
    workers(): { started: number; failed: number };
    longTasks: number[];
  }
}
