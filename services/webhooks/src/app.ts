/**
 * The webhook-dispatch service's two processes, on one core (core.ts):
 *
 * - the API (`webhooksProcess`, src/main.ts): the HTTP API (endpoints, subscriptions, delivery history, replay), the
 *   fan-out consumer (events -> deliveries) and a gRPC server with grpc.health.v1 only (no synchronous contract yet);
 * - the dispatcher (`webhooksWorkerProcess`, src/worker.ts): claims due deliveries and POSTs them (several replicas
 *   are safe), with no HTTP listener but its admin port; on stop it finishes the deliveries in flight within
 *   WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS and writes their outcomes.
 *
 * Start and stop order, and the listeners at the config's host and ports (the dispatcher: its own admin port):
 * @studio/process. Integration tests boot both in-process on port 0.
 */
import { registerQueueDepth } from '@studio/amqp/metrics';
import { startIdempotencySweeper } from '@studio/idempotency';
import { apiAppOptions, defineProcess, type ProcessInstance } from '@studio/process';
import { identityKeyOf, type WebhooksConfig } from './config.js';
import { createWebhooksCore, SERVICE_NAME, type WebhooksCore, type WebhooksDeps } from './core.js';
import { fanoutConsumer } from './events/fanout.consumer.js';
import { buildHttpApp } from './http/http-app.js';
import type { Dispatcher } from './services/dispatcher.js';
import { startDispatcherLoop, type RunningDispatcher } from './loops/dispatcher.loop.js';

export { createWebhooksCore, SERVICE_NAME, type WebhooksCore, type WebhooksDeps };

export interface WebhooksWorkerExposed extends WebhooksCore {
  /** The running dispatcher (null before start and after stop). */
  dispatcher(): Dispatcher | null;
}

export type Webhooks = ProcessInstance<WebhooksCore>;
export type WebhooksWorker = ProcessInstance<WebhooksWorkerExposed>;

export const webhooksProcess = defineProcess<WebhooksConfig, WebhooksDeps, WebhooksCore>({
  name: 'webhooks',
  startedFields: (config) => ({ queue: config.fanout.queue }),
  messages: { started: 'webhooks api started' },
  build(config, deps, context) {
    const core = createWebhooksCore(config, deps);
    const { logger, metrics, db, stores, services } = core;
    const { queue, queueExpiresMs, prefetch } = config.fanout;
    registerQueueDepth({ registry: metrics.registry, amqp: context.amqp, queues: [queue, `${queue}.dlq`] });
    const fanout = fanoutConsumer({ store: stores.deliveries, logger, queue, queueExpiresMs, prefetch, registry: metrics.registry });
    const httpApp = buildHttpApp({ services, idempotency: stores.idempotency, ...apiAppOptions(core, identityKeyOf(config)) });
    return {
      core,
      http: { app: httpApp },
      readiness: { database: () => db.ping() },
      // grpc.health.v1 only (the definer adds it to every gRPC server): orchestrators and the gateway check it.
      grpc: { register: () => undefined },
      broker: { connectionName: 'webhooks-api', consumers: [fanout] },
      loops: [{ name: 'idempotency-sweeper', start: () => startIdempotencySweeper({ store: stores.idempotency, logger }) }],
      expose: core,
    };
  },
});

export const webhooksWorkerProcess = defineProcess<WebhooksConfig, WebhooksDeps, WebhooksWorkerExposed>({
  name: 'webhooks-worker',
  startedFields: (config) => ({ concurrency: config.dispatch.concurrency, schedule_ms: config.dispatch.retryScheduleMs }),
  messages: {
    started: 'webhooks dispatcher started',
    stopping: 'webhooks dispatcher shutting down; finishing the deliveries in flight',
    overdue: 'shutdown took too long; exiting (unfinished deliveries are sent again when their leases end)',
  },
  build(config, deps) {
    const core = createWebhooksCore(config, deps);
    const { logger, metrics, db, secrets, policy } = core;
    let running: RunningDispatcher | null = null;
    let metricsRegistered = false;
    return {
      core,
      shutdownGraceMs: config.worker.shutdownGraceMs,
      admin: { port: config.worker.adminPort },
      readiness: { database: () => db.ping() },
      loops: [
        {
          name: 'dispatcher',
          start() {
            // A registry takes each metric once: a dispatcher started again in the same instance records none.
            const registry = metricsRegistered ? undefined : metrics.registry;
            metricsRegistered = true;
            const started = startDispatcherLoop({ config, logger, secrets, policy, resolver: deps.resolver, registry });
            running = started;
            return {
              async stop(graceMs) {
                await started.stop(graceMs);
                running = null;
              },
            };
          },
        },
      ],
      expose: { ...core, dispatcher: () => running?.dispatcher ?? null },
    };
  },
});

export const createWebhooks = (config: WebhooksConfig, deps: WebhooksDeps = {}): Webhooks => webhooksProcess.create(config, deps);
export const createWebhooksWorker = (config: WebhooksConfig, deps: WebhooksDeps = {}): WebhooksWorker =>
  webhooksWorkerProcess.create(config, deps);
