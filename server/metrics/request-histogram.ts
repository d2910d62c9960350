/**
 * The request-duration histogram, counted by hand. prom-client's Histogram validates and hashes the label set
 * on every observation, even through a `labels()` child; at one observation per request that was most of
 * what metrics cost (bench/server/metrics.ts). Here each (route, method, status) series is found through nested
 * maps and an observation is a bucket search and three additions. It renders in prom-client's metric shape,
 * so it sits in the same registry and the same exposition as every other metric.
 */
interface Series {
  labels: { route: string; method: string; status_code: string };
  counts: Float64Array; // per bucket, not cumulative; the last slot is +Inf
  sum: number;
  count: number;
}

interface ExportedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Map<number, Series>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {}

  observe(route: string, method: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    let byStatus = this.series.get(key);
    if (!byStatus) {
      byStatus = new Map();
      this.series.set(key, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { route, method, status_code: String(status) },
        counts: new Float64Array(this.buckets.length + 1),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    let bucket = 0;
    while (bucket < this.buckets.length && seconds > this.buckets[bucket]!) bucket += 1;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** prom-client's metric shape: cumulative `_bucket` lines with `le`, then `_sum` and `_count`. */
  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: ExportedValue[] }> {
    const values: ExportedValue[] = [];
    for (const byStatus of this.series.values()) {
      for (const { labels, counts, sum, count } of byStatus.values()) {
        let cumulative = 0;
        this.buckets.forEach((bound, i) => {
          cumulative += counts[i]!;
          values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: `${this.name}_bucket` });
        });
        values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${this.name}_bucket` });
        values.push({ labels, value: sum, metricName: `${this.name}_sum` });
        values.push({ labels, value: count, metricName: `${this.name}_count` });
      }
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}
