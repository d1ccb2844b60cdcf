import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { counter, gauge, histogram } from './index.js';

describe('@studio/metrics', () => {
  it('registers a counter on the registry with its name, help and labels as given', async () => {
    const registry = new client.Registry();
    counter(registry, { name: 'spec_things_total', help: 'Things by kind', labelNames: ['kind'] as const }).inc({ kind: 'a' }, 2);
    expect(await registry.metrics()).toBe(
      '# HELP spec_things_total Things by kind\n# TYPE spec_things_total counter\nspec_things_total{kind="a"} 2\n',
    );
  });

  it('hands a second declaration of the same name the first metric instead of failing', () => {
    const registry = new client.Registry();
    const first = histogram(registry, { name: 'spec_seconds', help: 'Seconds', buckets: [1, 2] });
    const second = histogram(registry, { name: 'spec_seconds', help: 'Seconds', buckets: [1, 2] });
    expect(second).toBe(first);
    expect(registry.getMetricsAsArray()).toHaveLength(1);
  });

  it('keeps the buckets of a histogram', async () => {
    const registry = new client.Registry();
    histogram(registry, { name: 'spec_apply_seconds', help: 'Apply', buckets: [0.5, 5] }).observe(1);
    const text = await registry.metrics();
    expect(text).toContain('spec_apply_seconds_bucket{le="0.5"} 0\n');
    expect(text).toContain('spec_apply_seconds_bucket{le="5"} 1\n');
  });

  it('registers a gauge the code sets', async () => {
    const registry = new client.Registry();
    const inFlight = gauge(registry, { name: 'spec_in_flight', help: 'In flight' });
    inFlight.inc();
    inFlight.inc();
    inFlight.dec();
    expect(await registry.metrics()).toBe('# HELP spec_in_flight In flight\n# TYPE spec_in_flight gauge\nspec_in_flight 1\n');
  });

  it('makes a working metric registered nowhere without a registry', async () => {
    const registry = new client.Registry();
    const things = counter(undefined, { name: 'spec_free_total', help: 'Free' });
    things.inc(3);
    expect((await things.get()).values[0]?.value).toBe(3);
    expect(registry.getSingleMetric('spec_free_total')).toBeUndefined();
    // Not on prom-client's global registry either: a second one of the same name is fine.
    expect(() => counter(undefined, { name: 'spec_free_total', help: 'Free' })).not.toThrow();
  });
});
