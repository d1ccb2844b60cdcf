/**
 * @studio/amqp: one recovering RabbitMQ connection per process, the event exchange topology, and the
 * domain-event envelope. The outbox relay lives in `@studio/amqp/outbox`.
 */
import amqp, { type Channel, type ConfirmChannel, type RecoveringChannelModel } from 'amqplib';
import type { Logger } from '@studio/logger';

/** Topic exchange every domain event is published to; the routing key is the event type. */
export const EVENTS_EXCHANGE = 'studio.events';
/** Webhook payloads carry this year-month API version. */
export const API_VERSION = '2026-11';

/** The public envelope of a domain event (spec section 6). */
export interface EventEnvelope<D = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  workspace_id: string;
  api_version: string;
  data: D;
}

export interface AmqpConnection {
  model: RecoveringChannelModel;
  /** A confirm channel, created on first use and again after the connection or channel was lost. */
  confirmChannel(): Promise<ConfirmChannel>;
  channel(): Promise<Channel>;
  isConnected(): boolean;
  close(): Promise<void>;
}

/** Declares the exchange(s) every process relies on. Idempotent. */
export async function assertTopology(ch: Channel): Promise<void> {
  await ch.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
}

/**
 * How long one connection attempt may take from TCP connect to an open AMQP connection. Without it, an attempt
 * that reaches a broker (or a proxy or load balancer in front of it) which accepts the socket but never answers
 * the handshake waits forever, and the recovering connection never makes another attempt: the process would not
 * reconnect even after the broker is healthy again. amqplib lifts the timeout once the connection is open
 * (heartbeats watch it from then on).
 */
export const AMQP_CONNECT_TIMEOUT_MS = 10_000;

export async function connectAmqp(
  url: string,
  logger: Logger,
  name: string,
  opts: { connectTimeoutMs?: number } = {},
): Promise<AmqpConnection> {
  let connected = false;
  let confirm: Promise<ConfirmChannel> | null = null;
  let plain: Promise<Channel> | null = null;
  const model = await amqp.connect(url, {
    clientProperties: { connection_name: name },
    timeout: opts.connectTimeoutMs ?? AMQP_CONNECT_TIMEOUT_MS,
    recovery: { initialDelay: 200, maxDelay: 5000, waitForConnect: false },
  });
  model.on('connect', () => {
    connected = true;
    logger.info('amqp connected');
  });
  model.on('disconnect', (err: Error) => {
    connected = false;
    confirm = null;
    plain = null;
    logger.warn({ err: err?.message }, 'amqp disconnected; reconnecting');
  });
  model.on('error', (err: Error) => logger.warn({ err: err?.message }, 'amqp error'));

  const track = <C extends Channel>(p: Promise<C>, reset: () => void): Promise<C> => {
    p.then((ch) => {
      ch.on('close', reset);
      ch.on('error', reset);
    }, reset);
    return p;
  };
  return {
    model,
    isConnected: () => connected,
    confirmChannel() {
      if (!connected) return Promise.reject(new Error('amqp not connected'));
      confirm ??= track(
        model.createConfirmChannel().then(async (ch) => {
          await assertTopology(ch);
          return ch;
        }),
        () => {
          confirm = null;
        },
      );
      return confirm;
    },
    channel() {
      if (!connected) return Promise.reject(new Error('amqp not connected'));
      plain ??= track(model.createChannel(), () => {
        plain = null;
      });
      return plain;
    },
    async close() {
      await model.close().catch(() => undefined);
    },
  };
}
