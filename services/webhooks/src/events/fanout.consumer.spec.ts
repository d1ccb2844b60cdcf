import { describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { startCall } from '@studio/trace';
import type { FanoutEvent } from '../store/delivery.store.js';
import { FANNED_OUT, fanoutBatcher, parseEnvelope } from './fanout.consumer.js';

const envelope = {
  id: '6F1C1A51-5D2C-4C55-9A8F-2F6F3B0F7D11',
  type: 'gallery.published',
  created_at: '2026-11-22T10:00:00.000Z',
  workspace_id: '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10',
  api_version: '2026-11',
  data: { gallery_id: 'b3b0f8e2-8a47-4a0e-9d38-4a7a6c1f7f52', nested: { a: [1, 2] } },
};
const buf = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));

describe('parseEnvelope', () => {
  it('keeps exactly the public envelope members, in order', () => {
    const r = parseEnvelope(buf({ internal_note: 'x', ...envelope, request_id: 'r' }));
    expect(r.ok).toBe(true);
    if (r.ok !== true) return;
    expect(r.event.id).toBe(envelope.id.toLowerCase());
    expect(r.event.workspaceId).toBe(envelope.workspace_id);
    expect(Object.keys(JSON.parse(r.event.payload))).toEqual(['id', 'type', 'created_at', 'workspace_id', 'api_version', 'data']);
    expect(JSON.parse(r.event.payload).data).toEqual(envelope.data);
  });

  it('ignores internal-only event types', () => {
    expect(parseEnvelope(buf({ ...envelope, type: 'lead.created' }))).toEqual({ ok: 'ignore' });
  });

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['a bad id', { ...envelope, id: 'nope' }],
    ['no workspace', { ...envelope, workspace_id: undefined }],
    ['a bad time', { ...envelope, created_at: 'yesterday' }],
    ['a bad api_version', { ...envelope, api_version: 'v1' }],
    ['data not an object', { ...envelope, data: [1] }],
  ])('rejects %s', (_name, value) => {
    expect(parseEnvelope(buf(value)).ok).toBe(false);
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
