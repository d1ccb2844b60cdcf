/**
 * Outbox relay wiring: one recovering RabbitMQ connection and the relay that publishes pending outbox rows
 * with publisher confirms. A broker outage delays events (rows stay pending); it never drops them.
 */
import { API_VERSION, connectAmqp, type AmqpConnection } from '@studio/amqp';
import type { MetricsRegistry } from '@studio/amqp/metrics';
import { startOutboxRelay, type OutboxRelay, type OutboxStore } from '@studio/amqp/outbox';
import type { Logger } from '@studio/logger';
import type { EventNotifier } from './domain-events.js';

export interface EventRelay extends EventNotifier {
  amqp: AmqpConnection;
  /** Publishes everything pending now (tests, shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface EventRelayOptions {
  amqpUrl: string;
  store: OutboxStore;
  logger: Logger;
  /** Poll interval when idle, ms. */
  intervalMs?: number;
  /** How long start-up waits for the first broker connection before going on without it, ms. */
  connectWaitMs?: number;
  /** The process registry: relay counters and the outbox backlog gauges. */
  registry?: MetricsRegistry;
}

function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}

export async function startEventRelay(opts: EventRelayOptions): Promise<EventRelay> {
  const amqp = await connectAmqp(opts.amqpUrl, opts.logger, 'gallery');
  // Give the first connection a moment so the process starts ready; a broker that is down only delays events.
  await waitAtMost(amqp.model.waitForConnect(), opts.connectWaitMs ?? 3_000);
  const relay: OutboxRelay = startOutboxRelay({ store: opts.store, amqp, logger: opts.logger, apiVersion: API_VERSION, intervalMs: opts.intervalMs, registry: opts.registry });
  return {
    amqp,
    nudge: () => relay.nudge(),
    drain: () => relay.drain(),
    async stop() {
      await relay.stop();
      await amqp.close();
    },
  };
}

/** Forwards nudges to the relay once it runs; before that (or in the CLI) the relay's poll picks rows up. */
export class RelayNotifier implements EventNotifier {
  private target: EventNotifier | null = null;
  attach(target: EventNotifier | null): void {
    this.target = target;
  }
  nudge(): void {
    this.target?.nudge();
  }
}
