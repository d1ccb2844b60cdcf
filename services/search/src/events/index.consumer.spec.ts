/** The index consumer's declaration and what becomes of messages the index cannot take. */
import { deadLetterQueueArguments, queueArguments, type Delivery } from '@studio/amqp/consumer';
import { createLogger } from '@studio/logger';
import { describe, expect, it } from 'vitest';
import { INDEXED_EVENT_TYPES, IndexerService } from '../services/indexer.service.js';
import type { IndexStore } from '../store/index.store.js';
import { indexConsumer, indexQueue } from './index.consumer.js';

const ID = '0b7e4c1a-2d3f-4e5a-8b6c-7d8e9f0a1b2c';
const envelope = (data: Record<string, unknown>, type = 'client.created') => ({
  id: '11111111-2222-4333-8444-555555555555',
  type,
  created_at: '2026-11-22T10:00:00.000Z',
  workspace_id: '6f1c2a8e-4b1d-4c3a-9f0e-1a2b3c4d5e6f',
  api_version: '2026-11',
  data,
});

describe('indexQueue', () => {
  it('is the quorum queue declared before (its arguments are fixed on the broker), bound to the indexed types', () => {
    const q = indexQueue('search.index.spec', 1000);
    expect(q.events).toEqual(INDEXED_EVENT_TYPES);
    expect(queueArguments(q)).toEqual({
      'x-queue-type': 'quorum',
      'x-delivery-limit': 5,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': 'search.index.spec.dlq',
      'x-expires': 1000,
    });
    expect(deadLetterQueueArguments(q)).toEqual({ 'x-queue-type': 'quorum', 'x-expires': 1000 });
  });
});

describe('indexConsumer', () => {
  const writes: string[] = [];
  const store = {
    async upsertFromEvent(eventId: string) {
      writes.push(eventId);
      return 'applied';
    },
  } as unknown as IndexStore;
  const definition = indexConsumer({
    indexer: new IndexerService(store),
    logger: createLogger({ service: 'spec', level: 'silent' }),
    prefetch: 1,
  });
  const handle = (value: unknown) =>
    definition.handle({
      message: {
        content: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
        fields: { routingKey: 'client.created' },
        properties: {},
      },
      deliveryCount: 0,
      signal: new AbortController().signal,
      lag: () => undefined,
      describe: () => undefined,
    } as unknown as Delivery);

  it('applies an event and acks it with its outcome', async () => {
    expect(await handle(envelope({ client_id: ID, name: 'Ada', updated_at: '2026-11-22T10:00:00.000Z' }))).toEqual({
      outcome: 'ack',
      logAs: 'applied',
    });
    expect(writes).toHaveLength(1);
  });

  it.each([
    ['not JSON', '{'],
    ['a bad envelope', { ...envelope({ client_id: ID }), id: 'nope' }],
    ['data without a UUID <type>_id', envelope({ client_id: 'nope' })],
    ['a bad updated_at', envelope({ client_id: ID, updated_at: 'yesterday' })],
  ])('dead-letters %s', async (_name, value) => {
    writes.length = 0;
    expect(await handle(value)).toBe('dead_letter');
    expect(writes).toEqual([]);
  });
});
