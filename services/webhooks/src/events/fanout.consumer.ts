/**
 * Fan-out: the durable queue `webhooks.fanout` is bound to `studio.events` for the 28 public event types only.
 * Each event becomes one delivery per ACTIVE endpoint of its workspace subscribed to its type, idempotent on
 * (event id, endpoint), so a redelivered message creates nothing new. Messages are acknowledged after the
 * deliveries are committed. Messages are batched: while one insert runs, the next batch gathers.
 *
 * A message that is not a valid envelope goes to `<queue>.dlq` (rejected without requeue). A database failure
 * keeps the message unacknowledged and retries with backoff, so an outage delays events and never drops them.
 */
import client from 'prom-client';
import { z } from 'zod';
import type { Channel, ConsumeMessage } from 'amqplib';
import { EVENTS_EXCHANGE, assertTopology, type AmqpConnection } from '@studio/amqp';
import { consumerObserver, registerQueueDepth, type Consumption } from '@studio/amqp/metrics';
import type { Logger } from '@studio/logger';
import { traceparentOf } from '@studio/trace';
import type { DeliveryStore, FanoutEvent } from '../store/delivery.store.js';
import { PUBLIC_EVENT_TYPES, isPublicEventType } from '../services/event-types.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const envelopeSchema = z.object({
  id: z.string().regex(UUID_RE).transform((s) => s.toLowerCase()),
  type: z.string().min(1).max(100),
  created_at: z.iso.datetime({ offset: true }),
  workspace_id: z.string().regex(UUID_RE).transform((s) => s.toLowerCase()),
  api_version: z.string().regex(/^\d{4}-\d{2}$/),
  data: z.record(z.string(), z.unknown()),
});

/** Turns a message body into the delivery payload, or explains why it cannot be one. */
export function parseEnvelope(content: Buffer): { ok: true; event: FanoutEvent; createdAt: string } | { ok: false; reason: string } | { ok: 'ignore' } {
  let json: unknown;
  try {
    json = JSON.parse(content.toString('utf8'));
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `not an event envelope: ${parsed.error.issues[0]?.path.join('.') ?? ''}` };
  const e = parsed.data;
  if (!isPublicEventType(e.type)) return { ok: 'ignore' }; // internal-only types are never delivered
  // Exactly the public envelope, in the documented member order; nothing internal leaks to subscribers.
  const payload = JSON.stringify({ id: e.id, type: e.type, created_at: e.created_at, workspace_id: e.workspace_id, api_version: e.api_version, data: e.data });
  return { ok: true, event: { id: e.id, type: e.type, workspaceId: e.workspace_id, payload }, createdAt: e.created_at };
}

export interface FanoutConsumerOptions {
  amqp: AmqpConnection;
  store: DeliveryStore;
  logger: Logger;
  queue: string;
  /** x-expires of the queues (0: never), for per-stack development and test queues. */
  queueExpiresMs?: number;
  prefetch: number;
  /** Largest batch for one insert. */
  maxBatch?: number;
  /** The process registry: fan-out counters, consumer lag, queue depth. */
  registry?: client.Registry;
  /** One access-log line per message (ACCESS_LOG). */
  accessLog?: boolean;
}

export interface FanoutConsumer {
  isConsuming(): boolean;
  /** Stops taking messages and waits for the batches in progress. */
  stop(): Promise<void>;
}

/** Declares the queue, its dead-letter queue and the 28 bindings. Idempotent. */
export async function assertFanoutTopology(ch: Channel, queue: string, expiresMs = 0): Promise<void> {
  await assertTopology(ch);
  const dlq = `${queue}.dlq`;
  const expiry = expiresMs > 0 ? { 'x-expires': expiresMs } : {};
  await ch.assertQueue(dlq, { durable: true, arguments: { ...expiry } });
  await ch.assertQueue(queue, { durable: true, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': dlq, ...expiry } });
  for (const type of PUBLIC_EVENT_TYPES) await ch.bindQueue(queue, EVENTS_EXCHANGE, type);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export async function startFanoutConsumer(o: FanoutConsumerOptions): Promise<FanoutConsumer> {
  const maxBatch = o.maxBatch ?? 500;
  const registers = o.registry ? [o.registry] : [];
  const eventsTotal = new client.Counter({ name: 'webhook_fanout_events_total', help: 'Events taken from the fan-out queue by outcome', labelNames: ['result'] as const, registers });
  const createdTotal = new client.Counter({ name: 'webhook_fanout_deliveries_created_total', help: 'Deliveries created by the fan-out', registers });
  const observer = consumerObserver({ registry: o.registry, logger: o.logger, accessLog: o.accessLog });
  if (o.registry) registerQueueDepth({ registry: o.registry, amqp: () => o.amqp, queues: [o.queue, `${o.queue}.dlq`] });
  let channel: Channel | null = null;
  let consumerTag: string | null = null;
  let stopped = false;
  let settingUp: Promise<void> | null = null;
  let buffer: { msg: ConsumeMessage; ch: Channel; event: FanoutEvent; consumption: Consumption }[] = [];
  let running: Promise<void> | null = null;

  const runBatches = async () => {
    let failures = 0;
    while (buffer.length > 0) {
      const batch = buffer.slice(0, maxBatch);
      try {
        createdTotal.inc(await o.store.fanOut(batch.map((b) => ({ ...b.event, traceparent: traceparentOf(b.consumption.ctx), requestId: b.consumption.ctx.requestId }))));
        eventsTotal.inc({ result: 'fanned_out' }, batch.length);
        buffer = buffer.slice(batch.length);
        failures = 0;
        for (const b of batch) {
          try {
            b.ch.ack(b.msg);
            b.consumption.done('fanned_out', { event_id: b.event.id, event_type: b.event.type });
          } catch {
            /* channel gone: the broker redelivers, and the insert is idempotent */
          }
        }
      } catch (err) {
        failures++;
        o.logger.warn({ err: (err as Error).message, batch: batch.length }, 'fan-out: insert failed; retrying');
        if (stopped) break; // unacknowledged messages return to the queue when the channel closes
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
      }
      // Messages of a channel that has closed are redelivered by the broker: drop them here.
      buffer = buffer.filter((b) => b.ch === channel);
    }
    running = null;
  };

  const onMessage = (ch: Channel) => (msg: ConsumeMessage | null) => {
    if (!msg) {
      // Consumer cancelled by the broker (e.g. the queue was deleted): drop this channel and set up again.
      if (channel === ch) {
        channel = null;
        consumerTag = null;
        ch.close().catch(() => undefined);
      }
      if (!stopped) scheduleSetup(1000);
      return;
    }
    // Each message continues its publisher's trace (a new span); its lines carry that trace's ids.
    const consumption = observer.start(o.queue, msg);
    const parsed = parseEnvelope(msg.content);
    if (parsed.ok === 'ignore') {
      eventsTotal.inc({ result: 'ignored' });
      ch.ack(msg);
      consumption.done('ignored');
      return;
    }
    if (parsed.ok === false) {
      consumption.run(() => o.logger.warn({ reason: parsed.reason, message_id: msg.properties.messageId }, 'fan-out: poison message sent to the dead-letter queue'));
      eventsTotal.inc({ result: 'dead_lettered' });
      ch.nack(msg, false, false);
      consumption.done('dead_lettered');
      return;
    }
    consumption.lag(parsed.createdAt);
    buffer.push({ msg, ch, event: parsed.event, consumption });
    running ??= runBatches();
  };

  const setup = async () => {
    if (stopped || !o.amqp.isConnected()) return;
    const ch = await o.amqp.model.createChannel();
    ch.on('error', (err: Error) => o.logger.warn({ err: err.message }, 'fan-out channel error'));
    ch.on('close', () => {
      if (channel === ch) {
        channel = null;
        consumerTag = null;
        if (!stopped) scheduleSetup(500);
      }
    });
    await assertFanoutTopology(ch, o.queue, o.queueExpiresMs);
    await ch.prefetch(o.prefetch);
    channel = ch;
    const res = await ch.consume(o.queue, onMessage(ch), { noAck: false });
    consumerTag = res.consumerTag;
    o.logger.info({ queue: o.queue }, 'fan-out consumer started');
  };

  const scheduleSetup = (delayMs: number) => {
    setTimeout(() => {
      if (stopped || channel || settingUp) return;
      settingUp = setup()
        .catch((err: Error) => {
          o.logger.warn({ err: err.message }, 'fan-out consumer setup failed; retrying');
          scheduleSetup(2000);
        })
        .finally(() => {
          settingUp = null;
        });
    }, delayMs).unref();
  };

  o.amqp.model.on('connect', () => scheduleSetup(0));
  if (o.amqp.isConnected()) {
    settingUp = setup().finally(() => {
      settingUp = null;
    });
    await settingUp;
  } else {
    scheduleSetup(0);
  }

  return {
    isConsuming: () => channel !== null && consumerTag !== null,
    async stop() {
      stopped = true;
      const ch = channel;
      if (ch && consumerTag) await ch.cancel(consumerTag).catch(() => undefined);
      if (running) await running;
      channel = null;
      if (ch) await ch.close().catch(() => undefined);
    },
  };
}
