/** The consumer declaration: catalog types only, the queue arguments it states, one envelope parser with reasons. */
import type { Channel } from 'amqplib';
import { createLogger } from '@studio/logger';
import { describe, expect, it } from 'vitest';
import type { Delivery } from './consumer.js';
import { parseEnvelope } from './envelope.js';
import { assertEventQueue, eventConsumer, IGNORED, queueArguments, readEvent, type EventQueue } from './event-consumer.js';
import { EVENTS_EXCHANGE } from './index.js';

const PHOTO = 'b3b0f8e2-8a47-4a0e-9d38-4a7a6c1f7f52';
const envelope = {
  id: '6F1C1A51-5D2C-4C55-9A8F-2F6F3B0F7D11',
  type: 'photo.uploaded',
  created_at: '2026-11-24T10:00:00.000+01:00',
  workspace_id: '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10',
  api_version: '2026-11',
  data: { photo_id: PHOTO, extra: 1 },
};
const body = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));
const logger = createLogger({ service: 'spec', level: 'silent' });

const quorum: EventQueue<'photo.uploaded' | 'ai_job.queued'> = {
  queue: 'spec.work',
  kind: 'quorum',
  deliveryLimit: 5,
  events: ['photo.uploaded', 'ai_job.queued'],
  deadLetter: { queue: 'spec.work.dlq', exchange: { name: 'spec.dlx', routingKey: 'work' } },
  expiresMs: 60_000,
};
/** One type: the handler reads its own data members (several types share only their common members). */
const photos: EventQueue<'photo.uploaded'> = { ...quorum, events: ['photo.uploaded'] };
const classic: EventQueue<'client.created'> = {
  queue: 'spec.classic',
  kind: 'classic',
  events: ['client.created'],
  deadLetter: { queue: 'spec.classic.dlq' },
};

describe('a declaration', () => {
  it('names only event types of the catalog, and a delivery limit only for a quorum queue (compile-time)', () => {
    const wrong: EventQueue = {
      ...classic,
      // @ts-expect-error: not an event type of @studio/contracts/events
      events: ['client.renamed'],
    };
    // @ts-expect-error: a classic queue counts no deliveries
    const limited: EventQueue = { ...classic, deliveryLimit: 5 };
    // @ts-expect-error: a quorum queue states its delivery limit
    const unlimited: EventQueue = { ...classic, kind: 'quorum' };
    expect([wrong, limited, unlimited]).toHaveLength(3);
    eventConsumer({
      name: 'spec',
      topology: classic,
      prefetch: 1,
      malformed: 'ack',
      logger,
      // @ts-expect-error: client.created data has no photo_id
      reads: ['photo_id'],
      handle: async () => 'ack',
    });
  });

  it('states the queue arguments: quorum with its limit and dead-letter exchange, or classic', () => {
    expect(queueArguments(quorum)).toEqual({
      'x-queue-type': 'quorum',
      'x-delivery-limit': 5,
      'x-dead-letter-exchange': 'spec.dlx',
      'x-dead-letter-routing-key': 'work',
      'x-expires': 60_000,
    });
    expect(queueArguments(classic)).toEqual({ 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'spec.classic.dlq' });
  });

  it('declares the exchange, the dead-letter queue of the same kind and one binding per event type', async () => {
    const calls: unknown[][] = [];
    const channel = new Proxy(
      {},
      {
        get:
          (_t, name) =>
          async (...args: unknown[]) =>
            void calls.push([name, ...args]),
      },
    ) as Channel;
    await assertEventQueue(channel, quorum);
    expect(calls).toEqual([
      ['assertExchange', EVENTS_EXCHANGE, 'topic', { durable: true }],
      ['assertExchange', 'spec.dlx', 'direct', { durable: true }],
      ['assertQueue', 'spec.work.dlq', { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-expires': 60_000 } }],
      ['bindQueue', 'spec.work.dlq', 'spec.dlx', 'work'],
      ['assertQueue', 'spec.work', { durable: true, arguments: queueArguments(quorum) }],
      ['bindQueue', 'spec.work', EVENTS_EXCHANGE, 'photo.uploaded'],
      ['bindQueue', 'spec.work', EVENTS_EXCHANGE, 'ai_job.queued'],
    ]);
    calls.length = 0;
    await assertEventQueue(channel, classic);
    expect(calls.filter(([name]) => name === 'assertQueue')).toEqual([
      ['assertQueue', 'spec.classic.dlq', { durable: true, arguments: {} }],
      ['assertQueue', 'spec.classic', { durable: true, arguments: queueArguments(classic) }],
    ]);
  });
});

describe('parseEnvelope', () => {
  it('reads the public members, ids in lower case, and drops the rest', () => {
    const parsed = parseEnvelope(body({ ...envelope, request_id: 'r' }));
    expect(parsed).toEqual({ ok: true, envelope: { ...envelope, id: envelope.id.toLowerCase() } });
  });

  it.each([
    ['{', 'body is not JSON'],
    [[], 'not an event envelope: '],
    [{ ...envelope, id: 'nope' }, 'not an event envelope: id'],
    [{ ...envelope, created_at: 'yesterday' }, 'not an event envelope: created_at'],
    [{ ...envelope, api_version: 'v1' }, 'not an event envelope: api_version'],
    [{ ...envelope, data: null }, 'not an event envelope: data'],
  ])('refuses %j with a reason', (value, reason) => {
    expect(parseEnvelope(body(value))).toEqual({ ok: false, reason });
  });
});

describe('readEvent', () => {
  it('checks the members the consumer reads with the catalog schema of the type', () => {
    const read = readEvent(body(envelope), ['photo.uploaded'], ['photo_id']);
    expect(read).toMatchObject({ ok: true, event: { type: 'photo.uploaded', data: { photo_id: PHOTO, extra: 1 } } });
    expect(readEvent(body({ ...envelope, data: { photo_id: 'p-1' } }), ['photo.uploaded'], ['photo_id'])).toEqual({
      ok: false,
      reason: expect.stringMatching(/^data\.photo_id: /),
    });
    // Without reads the data is the producer's, unchecked: a consumer that reads nothing refuses nothing for it.
    expect(readEvent(body({ ...envelope, data: {} }), ['photo.uploaded']).ok).toBe(true);
  });

  it('ignores an envelope of a type it is not declared for, catalog type or not', () => {
    expect(readEvent(body({ ...envelope, type: 'lead.created' }), ['photo.uploaded'])).toEqual({ ok: 'ignored', type: 'lead.created' });
    expect(readEvent(body({ ...envelope, type: 'nothing.known' }), ['photo.uploaded'])).toEqual({ ok: 'ignored', type: 'nothing.known' });
  });
});

describe('eventConsumer', () => {
  const handled: unknown[] = [];
  const refused: string[] = [];
  const ignored: string[] = [];
  const make = (malformed: 'ack' | 'dead_letter', consumes?: 'dead_letters') =>
    eventConsumer({
      name: 'spec',
      topology: photos,
      consumes,
      prefetch: 2,
      malformed,
      reads: ['photo_id'],
      logger,
      refused: (reason) => void refused.push(reason),
      ignored: (type) => void ignored.push(type),
      handle: async (event) => {
        handled.push(event.data.photo_id);
        return 'ack';
      },
    });
  const delivery = (content: Buffer) => {
    const described: Record<string, unknown> = {};
    const lags: unknown[] = [];
    const d = {
      message: { content, fields: { routingKey: 'photo.uploaded' }, properties: { messageId: 'm-1' } },
      lag: (at: unknown) => void lags.push(at),
      describe: (fields: Record<string, unknown>) => void Object.assign(described, fields),
    } as unknown as Delivery;
    return { d, described, lags };
  };

  it('consumes the queue or its dead letters', () => {
    expect(make('ack')).toMatchObject({ name: 'spec', queue: 'spec.work', prefetch: 2 });
    expect(make('ack', 'dead_letters').queue).toBe('spec.work.dlq');
  });

  it('hands a valid envelope to the handler, naming the access-log line and recording the lag', async () => {
    const { d, described, lags } = delivery(body(envelope));
    expect(await make('dead_letter').handle(d)).toBe('ack');
    expect(handled).toEqual([PHOTO]);
    expect(described).toEqual({ event_id: envelope.id.toLowerCase(), event_type: 'photo.uploaded' });
    expect(lags).toEqual([envelope.created_at]);
  });

  it('refuses a malformed message as declared, with its reason, without calling the handler', async () => {
    handled.length = 0;
    const { d, described } = delivery(body('{'));
    expect(await make('dead_letter').handle(d)).toBe('dead_letter');
    expect(await make('ack').handle(delivery(body({ ...envelope, data: {} })).d)).toBe('ack');
    expect(refused).toEqual(['body is not JSON', expect.stringMatching(/^data\.photo_id: /)]);
    expect(described).toEqual({ event_type: 'photo.uploaded' });
    expect(handled).toEqual([]);
  });

  it('acks an envelope of another type as ignored', async () => {
    expect(await make('dead_letter').handle(delivery(body({ ...envelope, type: 'lead.created' })).d)).toEqual(IGNORED);
    expect(ignored).toEqual(['lead.created']);
    expect(handled).toEqual([]);
  });
});
