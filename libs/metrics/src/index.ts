/**
 * @studio/metrics: how every process declares a Prometheus counter or histogram. A metric goes on the process
 * registry (@studio/http's createMetrics makes it) and is get-or-create by name: several parts of one process (two
 * gRPC clients, two consumers) that declare the same metric share it instead of failing on a second registration.
 * Without a registry (a part used outside a process, a unit spec) the metric still counts but is registered nowhere.
 *
 * A gauge read on scrape (a `collect` of its own) is declared with prom-client directly, once: a shared one would
 * keep only the first part's reading.
 */
import client from 'prom-client';

/** A metric's configuration as prom-client takes it, without where it is registered (the first argument says). */
type Declared<Config> = Omit<Config, 'registers'>;

function declare<M extends client.Metric>(
  registry: client.Registry | undefined,
  name: string,
  make: (registers: client.Registry[]) => M,
): M {
  if (!registry) return make([]);
  return (registry.getSingleMetric(name) as M | undefined) ?? make([registry]);
}

export function counter<L extends string = string>(
  registry: client.Registry | undefined,
  config: Declared<client.CounterConfiguration<L>>,
): client.Counter<L> {
  return declare(registry, config.name, (registers) => new client.Counter({ ...config, registers }));
}

export function histogram<L extends string = string>(
  registry: client.Registry | undefined,
  config: Declared<client.HistogramConfiguration<L>>,
): client.Histogram<L> {
  return declare(registry, config.name, (registers) => new client.Histogram({ ...config, registers }));
}

/** A gauge the code sets (inc, dec, set); see the module comment for one read on scrape. */
export function gauge<L extends string = string>(
  registry: client.Registry | undefined,
  config: Declared<Omit<client.GaugeConfiguration<L>, 'collect'>>,
): client.Gauge<L> {
  return declare(registry, config.name, (registers) => new client.Gauge({ ...config, registers }));
}
