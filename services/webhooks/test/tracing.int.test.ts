/**
 * A delivery continues the trace of the event it delivers: the fan-out stores the producer's trace context with
 * each delivery, and the dispatcher (a separate worker process here, as in production) writes one access-log
 * line per attempt carrying that trace id and request id, as a new span whose parent is the fan-out's span.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, envelope, startHarness, startReceiver, waitFor, type Harness, type Receiver } from './support/harness.js';

let h: Harness;
let r: Receiver;
const ws = randomUUID();

beforeAll(async () => {
  h = await startHarness();
  r = await startReceiver();
});
afterAll(async () => {
  await h?.close();
  await r?.close();
});

type Line = Record<string, unknown>;
const jsonLines = (text: string): Line[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Line];
      } catch {
        return [];
      }
    });

describe('trace of a delivery', () => {
  it('stores the producer trace with the delivery and logs each attempt in it', async () => {
    const admin = caller(h.config, { [ws]: 'owner' });
    const ep = await h.api.call('POST', '/webhook-endpoints', {
      as: admin,
      body: { workspace_id: ws, url: r.url, event_types: ['gallery.published'] },
    });
    expect(ep.status).toBe(201);

    const traceId = randomBytes(16).toString('hex');
    const producerSpan = randomBytes(8).toString('hex');
    const requestId = `trace-test-${randomBytes(4).toString('hex')}`;
    const event = envelope('gallery.published', ws, { gallery_id: randomUUID() });
    await h.publishWithHeaders({ traceparent: `00-${traceId}-${producerSpan}-01`, 'x-request-id': requestId }, event);

    const [row] = await waitFor('the delivery', async () => {
      const rows = await h.sql(`SELECT id, traceparent, request_id FROM deliveries WHERE event_id = $1`, [event.id]);
      return rows.length ? rows : null;
    });
    expect(row.request_id).toBe(requestId);
    // The fan-out's own span of the producer's trace (a child of the producer's span).
    const [, storedTrace, fanoutSpan] = String(row.traceparent).split('-');
    expect(storedTrace).toBe(traceId);
    expect(fanoutSpan).toMatch(/^[0-9a-f]{16}$/);
    expect(fanoutSpan).not.toBe(producerSpan);

    const worker = h.spawnWorker({ LOG_LEVEL: 'info', ACCESS_LOG: 'true' });
    const attempt = await waitFor(
      'the attempt log line',
      async () => jsonLines(worker.output()).find((l) => l.msg === 'delivery attempt' && l.delivery_id === row.id) ?? null,
    );
    expect(attempt).toMatchObject({
      log: 'access',
      trace_id: traceId,
      parent_span_id: fanoutSpan,
      request_id: requestId,
      event_id: event.id,
      event_type: 'gallery.published',
      endpoint_id: ep.body.webhook_endpoint.id,
      attempt: 1,
      http_status: 200,
      outcome: 'succeeded',
    });
    expect(attempt.span_id).not.toBe(fanoutSpan);
    expect(r.requests.length).toBeGreaterThanOrEqual(1);
  });

  it('starts a trace of its own for an event published without one', async () => {
    const event = envelope('gallery.published', ws, { gallery_id: randomUUID() });
    await h.publish(event);
    const [row] = await waitFor('the delivery', async () => {
      const rows = await h.sql(`SELECT traceparent, request_id FROM deliveries WHERE event_id = $1`, [event.id]);
      return rows.length ? rows : null;
    });
    // The fan-out started a trace for the message; the delivery carries it.
    expect(String(row.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    expect(typeof row.request_id).toBe('string');
  });
});
