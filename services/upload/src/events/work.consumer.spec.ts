import { deadLetterQueueArguments, queueArguments, type Delivery } from '@studio/amqp/consumer';
import { createLogger } from '@studio/logger';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DELAY_MS, workConsumers } from './work.consumer.js';
import { workTopology } from './work-queues.js';

const PHOTO = 'b3b0f8e2-8a47-4a0e-9d38-4a7a6c1f7f52';
const envelope = {
  id: '6f1c1a51-5d2c-4c55-9a8f-2f6f3b0f7d11',
  type: 'photo.uploaded',
  created_at: '2026-11-24T10:00:00.000Z',
  workspace_id: '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10',
  api_version: '2026-11',
  data: { photo_id: PHOTO },
};
const body = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));
const logger = createLogger({ service: 'spec', level: 'silent' });

function delivery(content: Buffer) {
  const described: Record<string, unknown> = {};
  const lags: unknown[] = [];
  const d = {
    message: { content, fields: { routingKey: 'photo.uploaded' }, properties: { messageId: 'm-1' } },
    deliveryCount: 0,
    signal: new AbortController().signal,
    lag: (createdAt: unknown) => void lags.push(createdAt),
    describe: (fields: Record<string, unknown>) => void Object.assign(described, fields),
  } as unknown as Delivery;
  return { d, described, lags };
}

describe('workTopology', () => {
  it('declares the quorum work queues as before (their arguments are fixed on the broker)', () => {
    const t = workTopology('spec', 1000);
    expect(t.dlx).toBe('spec.work.dlx');
    for (const [q, name, type] of [
      [t.derivatives, 'derivatives', 'photo.uploaded'],
      [t.aiJobs, 'ai-jobs', 'ai_job.queued'],
    ] as const) {
      expect([q.queue, q.deadLetter.queue, q.events]).toEqual([`spec.${name}`, `spec.${name}.dlq`, [type]]);
      expect(queueArguments(q)).toEqual({
        'x-queue-type': 'quorum',
        'x-delivery-limit': 5,
        'x-dead-letter-exchange': 'spec.work.dlx',
        'x-dead-letter-routing-key': name,
        'x-expires': 1000,
      });
      expect(deadLetterQueueArguments(q)).toEqual({ 'x-queue-type': 'quorum', 'x-expires': 1000 });
    }
  });
});

describe('workConsumers', () => {
  const topology = workTopology('spec');
  const ran: unknown[] = [];
  const failed: unknown[] = [];
  const [work, dead] = workConsumers({
    name: 'derivatives',
    queue: topology.derivatives,
    reads: ['photo_id'],
    prefetch: 3,
    logger,
    run: async (e) => void ran.push(e.data.photo_id),
    failed: async (e) => void failed.push(e.data.photo_id),
  });

  it('consume the queue with its prefetch and its dead letters, retrying after a second by default', () => {
    expect(work).toMatchObject({ name: 'derivatives', queue: 'spec.derivatives', prefetch: 3, retryDelayMs: DEFAULT_RETRY_DELAY_MS });
    expect(dead).toMatchObject({ name: 'derivatives-dead-letters', queue: 'spec.derivatives.dlq', prefetch: 10 });
  });

  it('hand the envelope to the job (or marks dead work failed), naming the access line and recording the lag', async () => {
    const { d, described, lags } = delivery(body(envelope));
    expect(await work!.handle(d)).toBe('ack');
    expect(ran).toEqual([PHOTO]);
    expect(described).toEqual({ event_id: envelope.id, event_type: 'photo.uploaded' });
    expect(lags).toEqual([envelope.created_at]);
    expect(await dead!.handle(delivery(body(envelope)).d)).toBe('ack');
    expect(failed).toEqual([PHOTO]);
  });

  it.each([
    ['not JSON', 'not json'],
    ['not an envelope', { ...envelope, id: 7 }],
    ['without the data the job reads', { ...envelope, data: {} }],
    ['with a photo_id that is not a UUID', { ...envelope, data: { photo_id: 'p-1' } }],
  ])('ack a body %s without running the job (dropped: it would never succeed)', async (_name, value) => {
    ran.length = 0;
    failed.length = 0;
    expect(await work!.handle(delivery(body(value)).d)).toBe('ack');
    expect(await dead!.handle(delivery(body(value)).d)).toBe('ack');
    expect([ran, failed]).toEqual([[], []]);
  });
});
