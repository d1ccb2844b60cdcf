/**
 * The consumer side of trace propagation over a real RabbitMQ message: an event published with `traceparent`
 * and `x-request-id` headers (as the outbox relays publish them) is indexed in that trace, as a new span whose
 * parent is the publisher's; /metrics shows the consumer lag, the queue depth and the indexing job durations.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_EXCHANGE } from '@studio/amqp';
import { createLogger } from '@studio/logger';
import { captureLogs } from '@studio/testkit/log-capture';
import { findSamples, sampleSum } from '@studio/testkit/prometheus';
import { dlqOf } from '../src/events/index.consumer.js';
import { envelope, startHarness, waitForHit, waitUntil, type Harness } from './support/harness.js';

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const PUBLISHER_SPAN = 'b7ad6b7169203331';

let h: Harness;
const logs = captureLogs();

beforeAll(async () => {
  h = await startHarness({}, { logger: createLogger({ service: 'search', level: 'info', destination: logs.stream }) });
});
afterAll(async () => {
  await h?.close();
});

describe('search consumer observability', () => {
  it('indexes an event in the trace of the call that wrote it, as a child span', async () => {
    const ws = randomUUID();
    const id = randomUUID();
    const e = envelope(
      'client.created',
      ws,
      { client_id: id, name: 'Theodora Quillon', updated_at: new Date().toISOString() },
      { createdAt: new Date(Date.now() - 1500) },
    );
    h.publisher.publish(EVENTS_EXCHANGE, e.type, Buffer.from(JSON.stringify(e)), {
      persistent: true,
      contentType: 'application/json',
      messageId: e.id,
      headers: { traceparent: `00-${TRACE}-${PUBLISHER_SPAN}-01`, 'x-request-id': 'obs-event-1' },
    });
    await h.publisher.waitForConfirms();
    await waitForHit(h, ws, 'quillon', id);
    await waitUntil(async () => logs.find({ msg: 'message', event_id: e.id }).length > 0, 5000, 'the access line');

    const [line] = logs.find({ msg: 'message', event_id: e.id });
    expect(line).toMatchObject({
      log: 'access',
      service: 'search',
      request_id: 'obs-event-1',
      trace_id: TRACE,
      parent_span_id: PUBLISHER_SPAN,
      queue: h.queue,
      outcome: 'applied',
      event_type: 'client.created',
    });
    expect(line!.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(line!.span_id).not.toBe(PUBLISHER_SPAN);
    expect(line!.lag_ms as number).toBeGreaterThanOrEqual(1400);
  });

  it('starts a new trace for a message without trace headers', async () => {
    const ws = randomUUID();
    const id = randomUUID();
    const e = envelope('client.created', ws, { client_id: id, name: 'Barnaby Orlowe', updated_at: new Date().toISOString() });
    h.publisher.publish(EVENTS_EXCHANGE, e.type, Buffer.from(JSON.stringify(e)), {
      persistent: true,
      contentType: 'application/json',
      messageId: e.id,
    });
    await h.publisher.waitForConfirms();
    await waitForHit(h, ws, 'orlowe', id);
    await waitUntil(async () => logs.find({ msg: 'message', event_id: e.id }).length > 0, 5000, 'the access line');
    const [line] = logs.find({ msg: 'message', event_id: e.id });
    expect(line!.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(line!.trace_id).not.toBe(TRACE);
    expect(line!.parent_span_id).toBeUndefined();
  });

  it('exposes consumer lag, queue depth and indexing durations on /metrics', async () => {
    const text = await (await fetch(`http://127.0.0.1:${h.running.adminPort}/metrics`)).text();
    expect(sampleSum(text, 'amqp_consumer_lag_seconds_count', { queue: h.queue })).toBeGreaterThanOrEqual(2);
    expect(findSamples(text, 'amqp_queue_messages_ready', { queue: h.queue })).toHaveLength(1);
    expect(findSamples(text, 'amqp_queue_messages_ready', { queue: dlqOf(h.queue) })).toHaveLength(1);
    expect(sampleSum(text, 'amqp_queue_consumers', { queue: h.queue })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(text, 'search_index_apply_duration_seconds_count', { outcome: 'applied' })).toBeGreaterThanOrEqual(2);
    expect(findSamples(text, 'grpc_server_handling_seconds_count')).toEqual([]); // nothing called its gRPC server yet
    expect(text).toContain('# TYPE grpc_server_handling_seconds histogram');
  });
});
