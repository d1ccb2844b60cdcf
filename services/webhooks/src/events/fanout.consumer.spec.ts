import { describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { startCall } from '@studio/trace';
import type { FanoutEvent } from '../store/delivery.store.js';
import { queueArguments, type Delivery } from '@studio/amqp/consumer';
import { FANNED_OUT, fanoutBatcher, fanoutConsumer, fanoutQueue } from './fanout.consumer.js';

const envelope = {
  id: '6F1C1A51-5D2C-4C55-9A8F-2F6F3B0F7D11',
  type: 'gallery.published',
  created_at: '2026-11-22T10:00:00.000Z',
  workspace_id: '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10',
  api_version: '2026-11',
  data: { gallery_id: 'b3b0f8e2-8a47-4a0e-9d38-4a7a6c1f7f52', nested: { a: [1, 2] } },
};
const buf = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));

describe('fanoutConsumer', () => {
  const fanned: FanoutEvent[] = [];
  const definition = fanoutConsumer({
    store: {
      async fanOut(rows) {
        fanned.push(...rows);
        return rows.length;
      },
    },
    logger: createLogger({ service: 'spec', level: 'silent' }),
    queue: 'spec.fanout',
    prefetch: 10,
  });
  const handle = (content: Buffer) =>
    definition.handle({
      message: { content, fields: { routingKey: 'gallery.published' }, properties: {} },
      deliveryCount: 0,
      context: startCall({}),
      signal: new AbortController().signal,
      lag: () => undefined,
      describe: () => undefined,
    } as unknown as Delivery);

  it('stores exactly the public envelope members, in order', async () => {
    fanned.length = 0;
    expect(await handle(buf({ internal_note: 'x', ...envelope, request_id: 'r' }))).toEqual(FANNED_OUT);
    const [event] = fanned;
    expect(event?.id).toBe(envelope.id.toLowerCase());
    expect(event?.workspaceId).toBe(envelope.workspace_id);
    expect(Object.keys(JSON.parse(event!.payload))).toEqual(['id', 'type', 'created_at', 'workspace_id', 'api_version', 'data']);
    expect(JSON.parse(event!.payload).data).toEqual(envelope.data);
  });

  it('ignores internal-only event types', async () => {
    fanned.length = 0;
    expect(await handle(buf({ ...envelope, type: 'lead.created' }))).toEqual({ outcome: 'ack', logAs: 'ignored' });
    expect(fanned).toEqual([]);
  });

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['a bad id', { ...envelope, id: 'nope' }],
    ['no workspace', { ...envelope, workspace_id: undefined }],
    ['a bad time', { ...envelope, created_at: 'yesterday' }],
    ['a bad api_version', { ...envelope, api_version: 'v1' }],
    ['data not an object', { ...envelope, data: [1] }],
  ])('dead-letters %s', async (_name, value) => {
    fanned.length = 0;
    expect(await handle(buf(value))).toBe('dead_letter');
    expect(fanned).toEqual([]);
  });

  it('declares the classic queue it declared before (its arguments are fixed on the broker)', () => {
    expect(queueArguments(fanoutQueue('spec.fanout', 1000))).toEqual({
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': 'spec.fanout.dlq',
      'x-expires': 1000,
    });
  });
});

describe('fanoutBatcher', () => {
  const logger = createLogger({ service: 'spec', level: 'silent' });
  const event = (id: string): FanoutEvent => ({ id, type: 'gallery.published', workspaceId: 'w', payload: '{}' });
  const delivery = (signal = new AbortController().signal) => ({ context: startCall({ requestId: 'r-1' }), signal });

  it('inserts what gathers while an insert runs as the next batch, in order, at most maxBatch at a time', async () => {
    const batches: string[][] = [];
    const committed: [number, number][] = [];
    const batcher = fanoutBatcher({
      store: {
        async fanOut(events) {
          batches.push(events.map((e) => e.id));
          await new Promise((r) => setTimeout(r, 5));
          return events.length * 2;
        },
      },
      logger,
      maxBatch: 2,
      committed: (events, deliveries) => void committed.push([events, deliveries]),
    });
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => batcher.add(event(id), delivery())));
    expect(answers).toEqual(Array(5).fill(FANNED_OUT));
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    expect(committed).toEqual([
      [1, 2],
      [2, 4],
      [2, 4],
    ]);
  });

  it('retries a failed insert, and gives up the events of messages abandoned meanwhile', async () => {
    let calls = 0;
    const rows: FanoutEvent[][] = [];
    const batcher = fanoutBatcher({
      store: {
        async fanOut(events) {
          rows.push([...events]);
          if (++calls < 3) throw new Error('Connection terminated');
          return events.length;
        },
      },
      logger,
      maxBatch: 10,
    });
    const abandoned = new AbortController();
    const kept = batcher.add(event('kept'), delivery());
    const given = batcher.add(event('given-up'), delivery(abandoned.signal));
    abandoned.abort();
    expect(await given).toBe('retry');
    expect(await kept).toEqual(FANNED_OUT);
    expect(rows.map((batch) => batch.map((e) => e.id))).toEqual([['kept'], ['kept'], ['kept']]);
    expect(rows[0]![0]).toMatchObject({ requestId: 'r-1', traceparent: expect.stringMatching(/^00-/) });
  });
});
