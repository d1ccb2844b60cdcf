/** The spans the consumer observer and the outbox relay report to a registered span sink (@studio/trace). */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { setSpanSink, type FinishedSpan } from '@studio/trace';
import type { AmqpConnection } from './index.js';
import { consumerObserver } from './metrics.js';
import { createOutboxRelay, outboxHeaders, type OutboxRow, type OutboxStore } from './outbox.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';
const msg = (headers?: Record<string, unknown>) => ({ properties: { headers } }) as never;

afterEach(() => setSpanSink(null));

describe('consumer spans', () => {
  it('reports one consumer span per message when a sink is registered: the publisher span is the parent', () => {
    const spans: FinishedSpan[] = [];
    const observer = consumerObserver({});
    observer.start('q.off', msg({ traceparent: `00-${TRACE}-${SPAN}-01` })).done('acked'); // no sink yet: nothing
    setSpanSink((s) => spans.push(s));
    const c = observer.start('search.index', msg({ traceparent: `00-${TRACE}-${SPAN}-01` }));
    c.done('applied', { event_id: 'e-1', event_type: 'client.created' });
    c.done('applied'); // once
    observer.start('search.index', msg({ traceparent: `00-${TRACE}-${SPAN}-01` })).done('dead_lettered', { event_type: 'x' });
    observer.start('search.index', msg({ traceparent: `00-${TRACE}-${SPAN}-00` })).done('applied'); // unsampled
    expect(spans).toHaveLength(2);
    expect(spans[0]).toMatchObject({
      ids: { traceId: TRACE, spanId: c.ctx.spanId, parentSpanId: SPAN },
      name: 'process search.index',
      kind: 'consumer',
      attributes: {
        'messaging.system': 'rabbitmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': 'search.index',
        'messaging.message.id': 'e-1',
        'messaging.rabbitmq.destination.routing_key': 'client.created',
        'studio.outcome': 'applied',
      },
      error: undefined,
    });
    expect(spans[1]).toMatchObject({ error: 'dead_lettered', attributes: { 'messaging.message.id': undefined } });
  });
});

describe('outbox relay producer spans', () => {
  it('reports a producer span per confirmed row of a sampled trace, child of the writer span; the headers stay the writer span', async () => {
    const spans: FinishedSpan[] = [];
    setSpanSink((s) => spans.push(s));
    const row = (id: string, traceparent: string | null): OutboxRow => ({
      id,
      type: 'client.created',
      workspaceId: 'w',
      payload: {},
      createdAt: new Date(),
      requestId: 'r',
      traceparent,
    });
    let pending = [row('e-1', `00-${TRACE}-${SPAN}-01`), row('e-2', null), row('e-3', `00-${TRACE}-${SPAN}-00`)];
    const published: Record<string, unknown>[] = [];
    const store: OutboxStore = {
      async withPendingBatch(_limit, publish) {
        const rows = pending;
        pending = [];
        return (await publish(rows)).length;
      },
    };
    const channel = {
      publish: (_x: string, _k: string, _b: Buffer, options: { headers: Record<string, unknown> }) => published.push(options.headers),
      waitForConfirms: async () => undefined,
    };
    const amqp = { confirmChannel: async () => channel, model: { on: () => undefined } } as unknown as AmqpConnection;
    const relay = createOutboxRelay({
      store,
      logger: createLogger({ service: 'spec', level: 'silent' }),
      apiVersion: 'v',
      intervalMs: 60_000,
    });
    relay.start(amqp);
    await relay.drain();
    await relay.stop();

    expect(published).toEqual([
      outboxHeaders(row('e-1', `00-${TRACE}-${SPAN}-01`)),
      { 'x-request-id': 'r' },
      outboxHeaders(row('e-3', `00-${TRACE}-${SPAN}-00`)),
    ]);
    expect(spans).toHaveLength(1);
    expect(spans[0]).toMatchObject({
      ids: { traceId: TRACE, parentSpanId: SPAN, flags: 1 },
      name: 'publish studio.events',
      kind: 'producer',
      attributes: {
        'messaging.destination.name': 'studio.events',
        'messaging.rabbitmq.destination.routing_key': 'client.created',
        'messaging.message.id': 'e-1',
      },
    });
    expect(spans[0]!.ids.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(spans[0]!.ids.spanId).not.toBe(SPAN);
  });
});
