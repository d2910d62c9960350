import { Registry } from 'prom-client';
import { RequestHistogram } from './request-histogram';
import { parseExposition, valueOf } from '../../testing/server/metrics';

describe('RequestHistogram', () => {
  it('renders cumulative buckets (a value on a bound counts in it), +Inf, sum and count per series', async () => {
    const histogram = new RequestHistogram('t_seconds', 'test', [0.1, 1]);
    histogram.observe('/a', 'GET', 200, 0.05);
    histogram.observe('/a', 'GET', 200, 0.1);
    histogram.observe('/a', 'GET', 200, 0.5);
    histogram.observe('/a', 'GET', 200, 3);
    histogram.observe('/a', 'GET', 404, 0.01);
    histogram.observe('/b', 'POST', 200, 2);
    const registry = new Registry();
    registry.registerMetric(histogram as unknown as Parameters<Registry['registerMetric']>[0]);
    const { samples, types } = parseExposition(await registry.metrics());
    expect(types.get('t_seconds')).toBe('histogram');
    const a200 = { route: '/a', method: 'GET', status_code: '200' };
    expect(valueOf(samples, 't_seconds_bucket', { ...a200, le: '0.1' })).toBe(2);
    expect(valueOf(samples, 't_seconds_bucket', { ...a200, le: '1' })).toBe(3);
    expect(valueOf(samples, 't_seconds_bucket', { ...a200, le: '+Inf' })).toBe(4);
    expect(valueOf(samples, 't_seconds_count', a200)).toBe(4);
    expect(valueOf(samples, 't_seconds_sum', a200)).toBeCloseTo(3.65);
    expect(valueOf(samples, 't_seconds_count', { route: '/a', status_code: '404' })).toBe(1);
    expect(valueOf(samples, 't_seconds_bucket', { route: '/b', method: 'POST', le: '1' })).toBe(0);
    expect(valueOf(samples, 't_seconds_bucket', { route: '/b', method: 'POST', le: '+Inf' })).toBe(1);
  });
});
