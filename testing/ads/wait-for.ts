/**
 * Under mutation testing the longest wait (vitest.mutation.config.ts sets it): a mutant that stops the delivery
 * loop fails its test when the wait runs out, so every such mutant costs the whole wait. The conditions these
 * tests wait for hold within a second on the 2-core machine; the mutation run's first, unmutated run checks
 * that they still hold within this bound before any mutant is judged by it.
 */
const LONGEST_WAIT_MS = Number(process.env.WAIT_FOR_LONGEST_MS) || Infinity;

/** Polls the condition every 20 ms until it holds; throws, naming what it waited for, after timeoutMs. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'the condition'): Promise<void> {
  const until = Date.now() + Math.min(timeoutMs, LONGEST_WAIT_MS);
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
