import type { Delivery } from '@studio/amqp/consumer';
import { createLogger } from '@studio/logger';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DELAY_MS, parseWorkEnvelope, workConsumer } from './work.consumer.js';
import { workTopology } from './work-queues.js';

const envelope = {
  id: 'e-1',
  type: 'photo.uploaded',
  created_at: '2026-11-24T10:00:00.000Z',
  workspace_id: 'w',
  api_version: '2026-11',
  data: { photo_id: 'p-1' },
};
const body = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));
const logger = createLogger({ service: 'spec', level: 'silent' });

function delivery(content: Buffer) {
  const described: Record<string, unknown> = {};
  const lags: unknown[] = [];
  const d = {
    message: { content, fields: {}, properties: { messageId: 'm-1' } },
    deliveryCount: 0,
    signal: new AbortController().signal,
    lag: (createdAt: unknown) => void lags.push(createdAt),
    describe: (fields: Record<string, unknown>) => void Object.assign(described, fields),
  } as unknown as Delivery;
  return { d, described, lags };
}

describe('parseWorkEnvelope', () => {
  it('reads an envelope with an id and data, and nothing else', () => {
    expect(parseWorkEnvelope(body(envelope))).toEqual(envelope);
    expect(parseWorkEnvelope(body('{'))).toBeNull();
    expect(parseWorkEnvelope(body('null'))).toBeNull();
    expect(parseWorkEnvelope(body({ ...envelope, id: 7 }))).toBeNull();
    expect(parseWorkEnvelope(body({ ...envelope, data: undefined }))).toBeNull();
  });
});

describe('workConsumer', () => {
  const topology = workTopology('spec');
  const seen: unknown[] = [];
  const definition = workConsumer<{ photo_id: string }>({
    name: 'derivatives',
    queue: topology.derivatives.queue,
    topology,
    prefetch: 3,
    logger,
    handle: async (e) => {
      seen.push(e.data.photo_id);
      return 'retry';
    },
  });

  it('consumes its queue with its prefetch and retries after a second by default', () => {
    expect(definition).toMatchObject({ name: 'derivatives', queue: 'spec.derivatives', prefetch: 3, retryDelayMs: DEFAULT_RETRY_DELAY_MS });
  });

  it('hands the envelope to the job, naming the access line and recording the lag', async () => {
    const { d, described, lags } = delivery(body(envelope));
    expect(await definition.handle(d)).toBe('retry');
    expect(seen).toEqual(['p-1']);
    expect(described).toEqual({ event_id: 'e-1', event_type: 'photo.uploaded' });
    expect(lags).toEqual([envelope.created_at]);
  });

  it('acks a body that is not an envelope without running the job', async () => {
    seen.length = 0;
    expect(await definition.handle(delivery(body('not json')).d)).toBe('ack');
    expect(seen).toEqual([]);
  });
});
