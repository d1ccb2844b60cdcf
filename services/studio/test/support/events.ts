/**
 * Test-side view of studio's domain events: a temporary queue bound to the `studio.events` exchange (real
 * RabbitMQ) that collects every envelope, and a direct read of the outbox table.
 */
import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import pg from 'pg';
import { EVENTS_EXCHANGE } from '@studio/amqp';

export interface Envelope {
  id: string;
  type: string;
  created_at: string;
  workspace_id: string;
  api_version: string;
  data: Record<string, any>;
}

export interface Received {
  envelope: Envelope;
  message: ConsumeMessage;
}

export interface Listener {
  received: Received[];
  waitFor(pred: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  /** Everything received for a workspace so far. */
  of(workspaceId: string): Received[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A temporary, exclusive queue bound to studio.events for `keys` (default: every routing key). */
export async function listen(conn: ChannelModel, keys: string[] = ['#']): Promise<Listener> {
  const ch: Channel = await conn.createChannel();
  await ch.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
  const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
  for (const key of keys) await ch.bindQueue(queue, EVENTS_EXCHANGE, key);
  const received: Received[] = [];
  await ch.consume(
    queue,
    (m) => {
      if (!m) return;
      // Other services' tests publish to the same exchange, poison messages included: keep only envelopes.
      try {
        const envelope = JSON.parse(m.content.toString()) as Envelope;
        if (envelope && typeof envelope === 'object' && typeof envelope.workspace_id === 'string') received.push({ envelope, message: m });
      } catch {
        // not JSON: not one of ours
      }
    },
    { noAck: true },
  );
  return {
    received,
    async waitFor(pred, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const hit = received.find(pred);
        if (hit) return hit;
        await sleep(25);
      }
      throw new Error('event did not arrive in time');
    },
    of: (workspaceId) => received.filter((r) => r.envelope.workspace_id === workspaceId),
    close: () => ch.close(),
  };
}

export interface OutboxRow {
  id: string;
  type: string;
  payload: Record<string, any>;
  request_id: string | null;
  traceparent: string | null;
  sent_at: Date | null;
}

export async function outboxRows(url: string, workspaceId: string): Promise<OutboxRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query(
      'SELECT id::text, type, payload, request_id, traceparent, sent_at FROM outbox WHERE workspace_id = $1 ORDER BY created_at, id',
      [workspaceId],
    );
    return res.rows as OutboxRow[];
  } finally {
    await client.end();
  }
}

/**
 * Collects the events of one workspace that arrive after `mark` (a count from `listener.of(ws).length`): waits
 * until `expected` of them arrived, then a little longer, so an extra or duplicate event would be seen too.
 */
export async function eventsSince(
  listener: Listener,
  workspaceId: string,
  mark: number,
  expected: number,
  settleMs = 250,
): Promise<Envelope[]> {
  const until = Date.now() + 15_000;
  while (listener.of(workspaceId).length - mark < expected && Date.now() < until) await sleep(25);
  await sleep(settleMs);
  return listener
    .of(workspaceId)
    .slice(mark)
    .map((r) => r.envelope);
}
