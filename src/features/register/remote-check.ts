import type { Verdict } from './submit-checks';

/**
 * One server check per field value: remembers the verdict (or the request in flight) for the last value
 * asked, so blur and submit share a request, and an answer for an older value never counts.
 */
export class RemoteCheck {
  private value: string | null = null;
  private pending: Promise<Verdict> | null = null;
  private verdict: Verdict | null = null;
  private readonly run: (value: string) => Promise<Verdict>;

  constructor(run: (value: string) => Promise<Verdict>) {
    this.run = run;
  }

  /** The verdict for `value`: a settled y/n is reused, a request in flight is joined, otherwise one runs. */
  check(value: string): Promise<Verdict> {
    if (this.value === value) {
      if (this.pending) return this.pending;
      if (this.verdict && this.verdict.status !== 'error') return Promise.resolve(this.verdict);
    }
    this.value = value;
    this.verdict = null;
    const request = this.run(value).then(
      (verdict) => verdict,
      (): Verdict => ({ status: 'error' }),
    );
    this.pending = request;
    void request.then((verdict) => {
      if (this.pending !== request) return; // superseded by a newer value or a reset
      this.pending = null;
      this.verdict = verdict;
    });
    return request;
  }

  /** Whether the last answer for exactly this value was `y`. */
  isValid(value: string): boolean {
    return this.value === value && this.verdict?.status === 'y';
  }

  /** Whether `value` is still the one this check is about (an older answer must be ignored). */
  isCurrent(value: string): boolean {
    return this.value === value;
  }

  reset(): void {
    this.value = null;
    this.pending = null;
    this.verdict = null;
  }
}
