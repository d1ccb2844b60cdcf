/**
 * The search process: HTTP (GET /search plus /healthz, /readyz, /metrics), the index consumer, gRPC (health only)
 * and an hourly pruning loop, on the core (core.ts). Start and stop order: @studio/process.
 */
import type { Express } from 'express';
import client from 'prom-client';
import { startConsumer, type RunningConsumer } from '@studio/amqp/consumer';
import { registerQueueDepth } from '@studio/amqp/metrics';
import { defineProcess, type ProcessInstance } from '@studio/process';
import type { SearchConfig } from './config.js';
import { createSearchCore, type SearchCore, type SearchDeps } from './core.js';
import { dlqOf, indexConsumer } from './events/index.consumer.js';
import { buildHttpApp } from './http/http-app.js';
import { startPruneLoop } from './loops/prune.loop.js';

export { createSearchCore, type SearchCore, type SearchDeps };

function consumerMetrics(registry: client.Registry) {
  const events = new client.Counter({
    name: 'search_index_events_total',
    help: 'Domain events handled by the index consumer, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const lag = new client.Histogram({
    name: 'search_index_lag_seconds',
    help: 'Time from an event being created to it being applied to the index',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 60],
    registers: [registry],
  });
  const apply = new client.Histogram({
    name: 'search_index_apply_duration_seconds',
    help: 'Duration of one indexing job (applying an event to the index), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return {
    processed(outcome: string, lagSeconds: number | null, applySeconds: number) {
      events.inc({ outcome });
      apply.observe({ outcome }, applySeconds);
      if (lagSeconds !== null && outcome === 'applied') lag.observe(Math.max(0, lagSeconds));
    },
    failed(kind: 'invalid' | 'retry' | 'unavailable') {
      events.inc({ outcome: kind });
    },
  };
}

export interface SearchExposed extends SearchCore {
  http: Express;
  /** The index consumer while the process runs (null before start and after stop). */
  consumer(): RunningConsumer | null;
}

export type SearchApp = ProcessInstance<SearchExposed>;

export const searchProcess = defineProcess<SearchConfig, SearchDeps, SearchExposed>({
  name: 'search',
  startedFields: (config) => ({ host: config.host, queue: config.index.queue }),
  build(config, deps, context) {
    const core = createSearchCore(config, deps);
    const { logger, metrics, stores, services } = core;
    const indexMetrics = consumerMetrics(metrics.registry);
    registerQueueDepth({
      registry: metrics.registry,
      amqp: () => context.amqp() ?? undefined,
      queues: [config.index.queue, dlqOf(config.index.queue)],
    });
    const http = buildHttpApp({
      services,
      logger,
      metrics,
      accessLog: config.accessLog,
      identity: { publicKey: config.identityPublicKey, audience: 'search' },
    });

    let consumer: RunningConsumer | null = null;
    const definition = indexConsumer({
      indexer: services.indexer,
      logger,
      prefetch: config.index.prefetch,
      queue: config.index.queue,
      queueExpiresMs: config.index.queueExpiresMs,
      metrics: indexMetrics,
    });
    return {
      logger,
      registry: metrics.registry,
      http: { app: http, port: config.httpPort, host: config.host },
      admin: { port: config.adminPort, host: config.host },
      readiness: { database: () => stores.search.ping(), broker: context.brokerReady },
      grpc: { port: config.grpcPort, host: config.host, register: () => undefined },
      broker: {
        url: config.amqpUrl,
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
      close: () => core.close(),
      expose: { ...core, http, consumer: () => consumer },
    };
  },
});

export const createSearch = (config: SearchConfig, deps: SearchDeps = {}): SearchApp => searchProcess.create(config, deps);
