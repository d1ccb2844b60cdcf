/**
 * Composition root of the webhook-dispatch service. `createWebhooks(config)` wires the database, stores,
 * services and the HTTP API without listening or connecting to the broker, so tests run it in-process;
 * the entry points (main.ts: API + fan-out consumer + gRPC health; worker.ts: dispatcher) start the parts
 * they run.
 */
import type { Express } from 'express';
import { createCursorCodec } from '@studio/cursor';
import { createHttpApp, createMetrics, finishHttpApp, RouteRegistry, type HttpMetrics } from '@studio/http';
import { createApiApp } from '@studio/http/api-app';
import { createLogger, type Logger } from '@studio/logger';
import type { AmqpConnection } from '@studio/amqp';
import type { WebhooksConfig } from './config.js';
import { startFanoutConsumer, type FanoutConsumer } from './events/fanout.consumer.js';
import { deliveryRoutes } from './http/deliveries.routes.js';
import { endpointRoutes } from './http/endpoints.routes.js';
import { subscriptionRoutes } from './http/subscriptions.routes.js';
import { DeliveryService } from './services/delivery.service.js';
import { Dispatcher } from './services/dispatcher.js';
import { EndpointService } from './services/endpoint.service.js';
import { WebhookSender } from './services/http-sender.js';
import { createSecretBox, type SecretBox } from './services/secret-crypto.js';
import type { Resolver, TargetPolicy } from './services/ssrf.js';
import { SubscriptionService } from './services/subscription.service.js';
import { openDatabase, type Database } from './store/db.js';
import { DeliveryStore } from './store/delivery.store.js';
import { EndpointStore } from './store/endpoint.store.js';
import { startDeliveryNotifier } from './store/notifier.js';

export const SERVICE_NAME = 'webhooks';

export interface WebhooksDeps {
  logger?: Logger;
  /** DNS resolver for the SSRF checks (tests may substitute one; production uses the system resolver). */
  resolver?: Resolver;
}

export interface DispatcherHandle {
  dispatcher: Dispatcher;
  /** Stops the dispatcher gracefully and releases its sender and LISTEN connection. */
  stop(graceMs?: number): Promise<void>;
}

export interface Webhooks {
  config: WebhooksConfig;
  logger: Logger;
  db: Database;
  metrics: HttpMetrics;
  secrets: SecretBox;
  policy: TargetPolicy;
  stores: { endpoints: EndpointStore; deliveries: DeliveryStore };
  services: { endpoints: EndpointService; subscriptions: SubscriptionService; deliveries: DeliveryService };
  routes: RouteRegistry;
  /** The public API (paths under /api/v1) plus /healthz, /readyz and /metrics. */
  api(opts?: { readiness?: Record<string, () => Promise<unknown>>; isAccepting?: () => boolean }): Express;
  /** A bare operations app (/healthz, /readyz, /metrics) for the dispatcher process. */
  opsApp(opts?: { readiness?: Record<string, () => Promise<unknown>>; isAccepting?: () => boolean }): Express;
  startConsumer(amqp: AmqpConnection): Promise<FanoutConsumer>;
  startDispatcher(): DispatcherHandle;
  close(): Promise<void>;
}

export function createWebhooks(config: WebhooksConfig, deps: WebhooksDeps = {}): Webhooks {
  const logger = deps.logger ?? createLogger({ service: SERVICE_NAME, level: config.LOG_LEVEL });
  const db = openDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE, logger);
  const metrics = createMetrics(SERVICE_NAME);
  const secrets = createSecretBox(config.WEBHOOK_SECRET_KEY);
  const cursors = createCursorCodec(config.CURSOR_SECRET);
  const policy: TargetPolicy = { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS };
  const endpoints = new EndpointStore(db);
  const deliveries = new DeliveryStore(db);
  const endpointService = new EndpointService({ endpoints, secrets, cursors, policy, overlapMs: config.WEBHOOK_SECRET_OVERLAP, resolver: deps.resolver });
  const subscriptionService = new SubscriptionService({ endpoints, endpointService, secrets, policy, resolver: deps.resolver });
  const deliveryService = new DeliveryService(deliveries, endpoints, cursors);
  const routes = new RouteRegistry().add(...endpointRoutes(endpointService), ...subscriptionRoutes(subscriptionService), ...deliveryRoutes(deliveryService));
  const cleanups: (() => Promise<void>)[] = [];
  let dispatcherMetricsTaken = false;
  let consumerMetricsTaken = false;

  return {
    config,
    logger,
    db,
    metrics,
    secrets,
    policy,
    stores: { endpoints, deliveries },
    services: { endpoints: endpointService, subscriptions: subscriptionService, deliveries: deliveryService },
    routes,
    api(opts = {}) {
      return createApiApp({
        logger,
        metrics,
        accessLog: config.ACCESS_LOG,
        identitySecret: config.INTERNAL_JWT_SECRET,
        readiness: opts.readiness ?? { database: () => db.ping() },
        isAccepting: opts.isAccepting,
        routes,
        title: 'webhooks service',
      });
    },
    opsApp(opts = {}) {
      const app = createHttpApp({ logger, metrics, accessLog: config.ACCESS_LOG, readiness: opts.readiness ?? { database: () => db.ping() }, isAccepting: opts.isAccepting });
      finishHttpApp(app, logger);
      return app;
    },
    async startConsumer(amqp) {
      const consumer = await startFanoutConsumer({
        amqp,
        store: deliveries,
        logger,
        queue: config.WEBHOOKS_FANOUT_QUEUE,
        queueExpiresMs: config.WEBHOOKS_FANOUT_QUEUE_EXPIRES_MS,
        prefetch: config.FANOUT_PREFETCH,
        registry: consumerMetricsTaken ? undefined : metrics.registry,
        accessLog: config.ACCESS_LOG,
      });
      consumerMetricsTaken = true;
      cleanups.push(() => consumer.stop());
      return consumer;
    },
    startDispatcher() {
      // The dispatcher's own pool commits asynchronously (see openDatabase): a claim or an outcome lost in a
      // database crash only repeats a delivery, which at-least-once allows, and commits stop waiting for fsync.
      const dispatchDb = openDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE, logger, { asyncCommit: true });
      const notifier = startDeliveryNotifier(config.DATABASE_URL, logger);
      const sender = new WebhookSender({
        timeoutMs: config.DELIVERY_TIMEOUT_MS,
        policy,
        maxSocketsPerOrigin: config.DISPATCH_CONCURRENCY,
        maxFreeSocketsPerOrigin: config.DISPATCH_ENDPOINT_CONCURRENCY,
        resolver: deps.resolver,
      });
      const dispatcher = new Dispatcher({
        store: new DeliveryStore(dispatchDb),
        sender,
        secrets,
        logger,
        schedule: config.RETRY_SCHEDULE,
        concurrency: config.DISPATCH_CONCURRENCY,
        endpointConcurrency: config.DISPATCH_ENDPOINT_CONCURRENCY,
        batchSize: config.DISPATCH_BATCH_SIZE,
        pollMs: config.DISPATCH_POLL_MS,
        leaseMs: config.DISPATCH_LEASE_MS,
        timeoutMs: config.DELIVERY_TIMEOUT_MS,
        coalesceMs: config.DISPATCH_COALESCE_MS,
        notifier,
        registry: dispatcherMetricsTaken ? undefined : metrics.registry,
        accessLog: config.ACCESS_LOG,
      });
      dispatcherMetricsTaken = true;
      dispatcher.start();
      let stopped: Promise<void> | null = null;
      const stop = (graceMs?: number) =>
        (stopped ??= (async () => {
          await dispatcher.stop(graceMs);
          sender.close();
          await notifier.close();
          await dispatchDb.close();
        })());
      cleanups.push(() => stop());
      return { dispatcher, stop };
    },
    async close() {
      for (const fn of cleanups.splice(0).reverse()) await fn().catch((err: Error) => logger.warn({ err: err.message }, 'shutdown step failed'));
      await db.close();
    },
  };
}
