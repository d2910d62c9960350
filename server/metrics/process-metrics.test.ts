// The process's own metrics: prom-client's defaults but the GC histogram, and no observer of 'gc' performance
// entries, whose JS objects per collection were most of what a flood of refusals promoted to the main heap's
// old generation (docs/decisions/refusals-without-gc-entries.md).
import { PerformanceObserver } from 'node:perf_hooks';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseExposition } from '../../testing/server/metrics';
import { processMetrics } from './process-metrics';

const observesGc = (calls: unknown[][]) =>
  calls.some(([options]) => {
    const { entryTypes, type } = options as { entryTypes?: string[]; type?: string };
    return type === 'gc' || (entryTypes ?? []).includes('gc');
  });

afterEach(() => vi.restoreAllMocks());

describe('the process metrics', () => {
  it("are prom-client's default metrics, all but nodejs_gc_duration_seconds", async () => {
    const registry = new Registry();
    processMetrics(registry);
    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults });
    const names = [...parseExposition(await registry.metrics()).types.keys()].sort();
    const defaultNames = [...parseExposition(await defaults.metrics()).types.keys()].filter(
      (name) => name !== 'nodejs_gc_duration_seconds',
    );
    expect(names).toEqual(defaultNames.sort());
    expect(names).toContain('nodejs_eventloop_lag_seconds');
    expect(names).toContain('nodejs_heap_space_size_used_bytes');
  });

  it("observe no 'gc' performance entries (Node builds JS objects for each collection for such an observer)", () => {
    const observe = vi.spyOn(PerformanceObserver.prototype, 'observe');
    processMetrics(new Registry());
    expect(observesGc(observe.mock.calls)).toBe(false);
    // What this guards against: prom-client's own defaults do observe them.
    collectDefaultMetrics({ register: new Registry() });
    expect(observesGc(observe.mock.calls)).toBe(true);
  });
});
