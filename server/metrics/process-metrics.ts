// The process's own metrics: prom-client's defaults (CPU, memory, heap and its spaces, event-loop lag, handles,
// version), all but its GC histogram. That one observes 'gc' performance entries, and on Node 20 Node then builds
// JS objects for every collection (the entry, its detail, deprecation wrappers) that outlive the scavenge after
// it: under a flood of cheap answers (about 27 scavenges a second) they were most of what the main heap promoted
// to its old generation, which grew until its first major collection (docs/decisions/refusals-without-gc-entries.md).
import { createRequire } from 'node:module';
import { collectDefaultMetrics, type Registry } from 'prom-client';

/** The default metric prom-client reads from 'gc' performance entries, left out. */
export const LEFT_OUT_DEFAULT_METRICS = ['gc'];

type DefaultMetric = (registry: Registry, config: object) => void;

/** Registers prom-client's default metrics on `registry`, but those in LEFT_OUT_DEFAULT_METRICS. */
export function processMetrics(registry: Registry): void {
  const require = createRequire(import.meta.url);
  // collectDefaultMetrics' own defaults, as it hands them to each metric (each is a module named as in its list).
  const config = { eventLoopMonitoringPrecision: 10, register: registry };
  for (const name of collectDefaultMetrics.metricsList) {
    if (!LEFT_OUT_DEFAULT_METRICS.includes(name)) (require(`prom-client/lib/metrics/${name}`) as DefaultMetric)(registry, config);
  }
}
