/**
 * The dispatcher: claims due deliveries in batches under a lease (dispatch/claim-loop.ts; several replicas never
 * claim the same row), queues them per endpoint and sends each with its signature headers under a global and a
 * per-endpoint concurrency limit (dispatch/endpoint-queues.ts, dispatch/delivery-attempt.ts), and writes the
 * outcomes back in batches (dispatch/outcome-writer.ts). It wakes on NOTIFY (new or replayed deliveries), on the
 * next due time, or on a short poll. The retry schedule lives in the database (next_attempt_at), so it survives
 * restarts; a dispatcher that dies mid-delivery leaves its rows leased until the lease ends, then any dispatcher
 * sends them again (at least once, always with the same X-Service-Event-Id).
 */
import type client from 'prom-client';
import type { Logger } from '@studio/logger';
import { counter, gauge, histogram } from '@studio/metrics';
import type { DeliveryStore } from '../store/delivery.store.js';
import type { DeliveryNotifier } from '../store/notifier.js';
import { ClaimLoop } from './dispatch/claim-loop.js';
import { DeliveryAttempts } from './dispatch/delivery-attempt.js';
import { EndpointQueues, type HeldDelivery } from './dispatch/endpoint-queues.js';
import { OutcomeWriter, type DispatchStats } from './dispatch/outcome-writer.js';
import type { WebhookSender } from './http-sender.js';
import type { SecretBox } from './secret-crypto.js';

export interface DispatcherOptions {
  store: DeliveryStore;
  sender: WebhookSender;
  secrets: SecretBox;
  logger: Logger;
  /** RETRY_SCHEDULE: waits in ms after the 1st, 2nd, ... failed attempt. */
  schedule: readonly number[];
  concurrency: number;
  endpointConcurrency: number;
  batchSize: number;
  pollMs: number;
  leaseMs: number;
  /** DELIVERY_TIMEOUT_MS: a held row is only sent while its lease still covers a whole attempt. */
  timeoutMs: number;
  /** After a wake-up while caught up, wait this long so one claim takes what arrived meanwhile (fewer, larger claims). */
  coalesceMs?: number;
  notifier?: DeliveryNotifier;
  registry?: client.Registry;
  /** One access-log line per attempt, in the trace of the event it delivers (default on). */
  accessLog?: boolean;
}

export interface DispatcherStats extends DispatchStats {
  inFlight: number;
}

function dispatcherMetrics(registry: client.Registry | undefined) {
  return {
    attempts: counter(registry, {
      name: 'webhook_delivery_attempts_total',
      help: 'Delivery attempts by resulting state',
      labelNames: ['result'] as const,
    }),
    duration: histogram(registry, {
      name: 'webhook_delivery_attempt_duration_seconds',
      help: 'Duration of one outbound delivery attempt',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    inFlight: gauge(registry, { name: 'webhook_deliveries_in_flight', help: 'Outbound requests in flight' }),
  };
}

export class Dispatcher {
  private readonly claims: ClaimLoop;
  private readonly queues: EndpointQueues;
  private readonly attempts: DeliveryAttempts;
  private readonly outcomes: OutcomeWriter;

  constructor(private readonly options: DispatcherOptions) {
    const metrics = dispatcherMetrics(options.registry);
    const { store, logger } = options;
    this.outcomes = new OutcomeWriter({ store, logger, attemptsCounter: metrics.attempts });
    this.attempts = new DeliveryAttempts({ ...options, durationHistogram: metrics.duration });
    this.queues = new EndpointQueues({
      endpointConcurrency: options.endpointConcurrency,
      // A row whose lease is nearly over may already be another dispatcher's: it is handed back instead of sent.
      latestStartMs: options.leaseMs - options.timeoutMs - 1000,
      start: (item) => void this.deliver(item),
      onExpired: () => this.claims.wake(),
      onSendingChanged: (sending) => metrics.inFlight.set(sending),
    });
    this.claims = new ClaimLoop({ ...options, target: this.queues });
    options.notifier?.onWake(() => this.claims.wake());
  }

  start(): void {
    this.claims.start();
  }

  stats(): DispatcherStats {
    return { ...this.outcomes.stats(), inFlight: this.queues.sending };
  }

  /** Stops claiming, lets held deliveries finish (up to `graceMs`) and writes their outcomes. */
  async stop(graceMs = 15_000): Promise<void> {
    this.queues.stopStarting();
    this.outcomes.beginShutdown();
    await this.claims.stop();
    // Rows still waiting in a queue were never sent: hand them back at once.
    await this.claims.release([...this.queues.takeUnsent(), ...this.queues.takeExpired()]);
    if (!(await this.queues.waitUntilIdle(graceMs))) {
      const message = 'dispatcher stopped with deliveries in flight; their leases will expire and they will be sent again';
      this.options.logger.warn({ inFlight: this.queues.sending }, message);
    }
    await this.outcomes.flushed();
  }

  private async deliver(item: HeldDelivery): Promise<void> {
    const completion = await this.attempts.run(item.row, item.claimToken);
    // The endpoint's slot frees as soon as its answer is in; the claim stays held until the outcome is written.
    this.queues.sent(item.row.endpointId);
    await this.outcomes.write(completion);
    this.queues.outcomeWritten();
    this.claims.wake();
  }
}
