/**
 * The dispatcher as the worker process's loop (app.ts): a start opens what only the dispatcher uses (its own
 * database pool, the LISTEN notifier, the outbound HTTP sender) and starts claiming; `stop(graceMs)` stops
 * claiming, lets the deliveries in flight finish (up to `graceMs`), writes their outcomes and releases all three.
 */
import type client from 'prom-client';
import type { Logger } from '@studio/logger';
import type { WebhooksConfig } from '../config.js';
import { createDatabase } from '../store/db.js';
import { DeliveryStore } from '../store/delivery.store.js';
import { startDeliveryNotifier } from '../store/notifier.js';
import { Dispatcher } from '../services/dispatcher.js';
import { WebhookSender } from '../services/http-sender.js';
import type { SecretBox } from '../services/secret-crypto.js';
import type { Resolver, TargetPolicy } from '../services/ssrf.js';

export interface DispatcherLoopOptions {
  config: Pick<WebhooksConfig, 'databaseUrl' | 'databasePoolSize' | 'dispatch' | 'accessLog'>;
  logger: Logger;
  secrets: SecretBox;
  policy: TargetPolicy;
  /** DNS resolver for the SSRF checks at delivery time (the system resolver when absent). */
  resolver?: Resolver;
  /** The process registry for the dispatcher's metrics (a registry takes each metric once). */
  registry?: client.Registry;
}

export interface RunningDispatcher {
  dispatcher: Dispatcher;
  /** Stops the dispatcher gracefully and releases its sender, LISTEN connection and pool; safe to call twice. */
  stop(graceMs?: number): Promise<void>;
}

export function startDispatcherLoop({ config, logger, secrets, policy, resolver, registry }: DispatcherLoopOptions): RunningDispatcher {
  const { dispatch } = config;
  // The dispatcher's own pool commits asynchronously (asyncCommit): a claim or an outcome lost in a database crash
  // only repeats a delivery, which at-least-once allows, and commits stop waiting for fsync. Never the fan-out
  // insert's pool, whose commit must be durable before the broker message is acknowledged.
  const dispatchDb = createDatabase({ url: config.databaseUrl, logger, poolSize: config.databasePoolSize, asyncCommit: true });
  const notifier = startDeliveryNotifier(config.databaseUrl, logger);
  const sender = new WebhookSender({
    timeoutMs: dispatch.deliveryTimeoutMs,
    policy,
    maxSocketsPerOrigin: dispatch.concurrency,
    maxFreeSocketsPerOrigin: dispatch.endpointConcurrency,
    resolver,
  });
  const dispatcher = new Dispatcher({
    store: new DeliveryStore(dispatchDb),
    sender,
    secrets,
    logger,
    schedule: dispatch.retryScheduleMs,
    concurrency: dispatch.concurrency,
    endpointConcurrency: dispatch.endpointConcurrency,
    batchSize: dispatch.batchSize,
    pollMs: dispatch.pollMs,
    leaseMs: dispatch.leaseMs,
    timeoutMs: dispatch.deliveryTimeoutMs,
    coalesceMs: dispatch.coalesceMs,
    notifier,
    registry,
    accessLog: config.accessLog,
  });
  dispatcher.start();
  let stopped: Promise<void> | null = null;
  return {
    dispatcher,
    stop: (graceMs) =>
      (stopped ??= (async () => {
        await dispatcher.stop(graceMs);
        sender.close();
        await notifier.close();
        await dispatchDb.disconnect();
      })()),
  };
}
