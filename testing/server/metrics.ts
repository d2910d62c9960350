import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../server/config/config';

/** Metrics on, on a free loopback port. */
export const metricsOn = (overrides: Partial<ServerConfig> = {}): Partial<ServerConfig> => ({
  metrics: { port: 0, host: '127.0.0.1' },
  ...overrides,
});

export async function scrape(app: FastifyInstance): Promise<{ status: number; contentType: string | null; text: string }> {
  const address = app.metricsAddress();
  if (!address) throw new Error('metrics are off');
  const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the text exposition format (version 0.0.4): every sample line, with its labels unescaped. */
export function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    // Prometheus reads values with Go's ParseFloat: +Inf, -Inf and NaN in any case (prom-client writes Nan).
    const raw = match[3]!;
    const value = /^\+?inf$/i.test(raw) ? Infinity : /^-inf$/i.test(raw) ? -Infinity : /^nan$/i.test(raw) ? NaN : Number(raw);
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`bad value in: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return { samples, types };
}

/** The value of one series (0 when it does not exist yet). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found.reduce((sum, sample) => sum + sample.value, 0);
}
