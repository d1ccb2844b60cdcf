/**
 * The search process: HTTP (GET /search plus /healthz, /readyz, /metrics), the index consumer, gRPC (health only)
 * and an hourly pruning loop, on the core (core.ts). Start and stop order, and the listeners at the config's host and
 * ports: @studio/process.
 */
import { startConsumer, type RunningConsumer } from '@studio/amqp/consumer';
import { registerQueueDepth } from '@studio/amqp/metrics';
import { apiAppOptions, defineProcess, type ProcessInstance } from '@studio/process';
import type { SearchConfig } from './config.js';
import { createSearchCore, type SearchCore, type SearchDeps } from './core.js';
import { dlqOf, indexConsumer } from './events/index.consumer.js';
import { buildHttpApp } from './http/http-app.js';
import { startPruneLoop } from './loops/prune.loop.js';

export interface SearchExposed extends SearchCore {
  /** The index consumer while the process runs (null before start and after stop). */
  consumer(): RunningConsumer | null;
}

export type SearchApp = ProcessInstance<SearchExposed>;

export const searchProcess = defineProcess<SearchConfig, SearchDeps, SearchExposed>({
  name: 'search',
  startedFields: (config) => ({ queue: config.index.queue }),
  build(config, deps, context) {
    const core = createSearchCore(config, deps);
    const { logger, metrics, stores, services } = core;
    registerQueueDepth({
      registry: metrics.registry,
      amqp: () => context.amqp() ?? undefined,
      queues: [config.index.queue, dlqOf(config.index.queue)],
    });
    const http = buildHttpApp({ services, ...apiAppOptions(core, config.identityPublicKey) });

    let consumer: RunningConsumer | null = null;
    const definition = indexConsumer({
      indexer: services.indexer,
      logger,
      prefetch: config.index.prefetch,
      queue: config.index.queue,
      queueExpiresMs: config.index.queueExpiresMs,
      registry: metrics.registry,
    });
    return {
      core,
      http: { app: http },
      readiness: { database: () => stores.search.ping() },
      grpc: { register: () => undefined },
      broker: {
        consumers: [
          async (amqp) => {
            const running = await startConsumer(amqp, definition, { logger, registry: metrics.registry, accessLog: config.accessLog });
            consumer = running;
            return {
              isConsuming: () => running.isConsuming(),
              async stop() {
                await running.stop();
                consumer = null;
              },
            };
          },
        ],
      },
      loops: [
        {
          name: 'prune',
          start: () => startPruneLoop({ index: stores.index, logger, retentionHours: config.index.processedEventsRetentionHours }),
        },
      ],
      expose: { ...core, consumer: () => consumer },
    };
  },
});

export const createSearch = (config: SearchConfig, deps: SearchDeps = {}): SearchApp => searchProcess.create(config, deps);
