import { Counter, type Registry } from 'prom-client';
import { METRIC_PREFIX } from '../metrics/prometheus-metrics';
import { VERDICTS, type Verdict } from './verdict';

/** What the ledger tells the operator's metrics (docs/metrics.md); a no-op when metrics are off. */
export interface LedgerMetrics {
  /** A registration (the backend answered y) entered the ledger with this verdict. */
  registered(verdict: Verdict): void;
  /** An entry's verdict was revised to this one afterwards (its network rose, a cluster, the carriers' surge). */
  revised(verdict: Verdict): void;
  writeFailed(): void;
}

export const NO_LEDGER_METRICS: LedgerMetrics = { registered() {}, revised() {}, writeFailed() {} };

export function createLedgerMetrics(registry: Registry): LedgerMetrics {
  const name = (suffix: string) => `${METRIC_PREFIX}ledger_${suffix}`;
  const registers = [registry];
  const registered = new Counter({
    name: name('registrations_total'),
    help: 'Registrations (reg answered y) entered in the ledger, by their verdict when written: clear, review, suspect.',
    labelNames: ['verdict'] as const,
    registers,
  });
  const revised = new Counter({
    name: name('revised_total'),
    help: 'Ledger entries whose verdict was revised afterwards, by the new verdict.',
    labelNames: ['verdict'] as const,
    registers,
  });
  const failures = new Counter({
    name: name('write_failures_total'),
    help: 'Registrations the ledger could not write (the visitor got the answer; the entry is lost).',
    registers,
  });
  for (const verdict of VERDICTS) {
    registered.labels(verdict).inc(0);
    revised.labels(verdict).inc(0);
  }
  return {
    registered: (verdict) => registered.labels(verdict).inc(),
    revised: (verdict) => revised.labels(verdict).inc(),
    writeFailed: () => failures.inc(),
  };
}
