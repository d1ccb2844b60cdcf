/**
 * Observability through the whole stack, from outside: a request with a W3C traceparent is followed by its trace
 * id through the processes' JSON logs (gateway -> studio over HTTP, gateway -> studio over gRPC, studio ->
 * RabbitMQ -> search and webhooks, webhooks -> the delivery attempt to a subscriber), and every process's /metrics
 * (on its admin port) names the metrics operators rely on.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { findSamples, metricNames } from '@studio/testkit/prometheus';
import { adminPortOf } from '../scripts/lib/stack.js';
import { api } from './support/client.js';
import { tenant } from './support/operator.js';
import { startReceiver, subscribe } from './support/webhooks.js';

type Line = Record<string, unknown>;

/** JSON lines of one process's log (launch markers and anything else that is not JSON are skipped). */
function logLines(process: string): Line[] {
  const file = path.join(inject('logDir'), `${process}.log`);
  if (!existsSync(file)) return [];
  const out: Line[] = [];
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (!text.startsWith('{')) continue;
    try {
      out.push(JSON.parse(text) as Line);
    } catch {
      /* a line being written */
    }
  }
  return out;
}

async function waitForLine(process: string, match: (l: Line) => boolean, timeoutMs = 15_000): Promise<Line> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const hit = logLines(process).find(match);
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`no matching line in ${process}.log within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe('observability through the stack', () => {
  it('follows one trace id from the caller through gateway, studio (HTTP and gRPC) and the event consumers', async () => {
    const t = await tenant(['owner', 'admin']);
    const receiver = await startReceiver();
    // Subscribed with the admin's token: the owner's stays unused until the traced call authenticates it.
    const endpoint = await subscribe(t.tokens.admin!, t.workspaceId, `${receiver.url}/traced`, 'client.created');
    const traceId = hex(16);
    const callerSpan = hex(8);
    const requestId = `bb-obs-${hex(6)}`;
    const res = await api('POST', '/clients', {
      token: t.tokens.owner,
      headers: { traceparent: `00-${traceId}-${callerSpan}-01`, 'x-request-id': requestId },
      body: { workspace_id: t.workspaceId, name: 'Traced Through The Stack' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const clientId = res.body.client.id as string;

    // Gateway: the caller's trace continued with the gateway's own span.
    const gw = await waitForLine('gateway', (l) => l.msg === 'request' && l.request_id === requestId);
    expect(gw).toMatchObject({ service: 'gateway', trace_id: traceId, parent_span_id: callerSpan, status: 201, route: '/api/v1/clients' });
    const gatewaySpan = gw.span_id as string;
    expect(gatewaySpan).toMatch(/^[0-9a-f]{16}$/);
    expect(gatewaySpan).not.toBe(callerSpan);

    // Studio over the proxied HTTP hop: same trace and request id, a child span of the gateway's.
    const st = await waitForLine('studio', (l) => l.msg === 'request' && l.request_id === requestId);
    expect(st).toMatchObject({ service: 'studio', trace_id: traceId, parent_span_id: gatewaySpan, route: '/api/v1/clients', status: 201 });
    const studioSpan = st.span_id as string;
    expect(studioSpan).not.toBe(gatewaySpan);

    // Studio over gRPC: the gateway authenticated the (new) token with AuthenticateToken inside the same trace.
    const auth = await waitForLine('studio', (l) => l.msg === 'grpc call' && l.request_id === requestId);
    expect(auth).toMatchObject({ trace_id: traceId, parent_span_id: gatewaySpan, grpc_method: 'AuthenticateToken', grpc_code: 'OK' });

    // The client.created event (outbox -> relay -> RabbitMQ headers) is consumed in the same trace, as children
    // of studio's span, by search (indexing) and by webhook-dispatch (fan-out).
    const consumed = (l: Line) => l.msg === 'message' && l.trace_id === traceId && l.event_type === 'client.created';
    const indexed = await waitForLine('search', consumed);
    expect(indexed).toMatchObject({ service: 'search', request_id: requestId, parent_span_id: studioSpan, outcome: 'applied' });
    const fanned = await waitForLine('webhooks', consumed);
    expect(fanned).toMatchObject({ service: 'webhooks', request_id: requestId, parent_span_id: studioSpan, outcome: 'fanned_out' });
    expect(new Set([gatewaySpan, studioSpan, indexed.span_id, fanned.span_id, auth.span_id]).size).toBe(5);

    // The webhook delivery of that event: the dispatcher's attempt is a child span of the fan-out's.
    const delivered = await receiver.waitFor('the traced client.created', (d) => d.eventType === 'client.created');
    await receiver.close();
    const attempt = await waitForLine('webhooks-worker', (l) => l.msg === 'delivery attempt' && l.trace_id === traceId);
    expect(attempt).toMatchObject({
      request_id: requestId,
      parent_span_id: fanned.span_id,
      endpoint_id: endpoint.id,
      event_type: 'client.created',
      http_status: 200,
      outcome: 'succeeded',
      attempt: 1,
    });
    expect(attempt.event_id).toBe(delivered[0]!.eventId);

    // And the search index really has the client (the traced event was applied).
    const found = await api('GET', '/search', { token: t.tokens.owner, query: { workspace_id: t.workspaceId, q: 'traced' } });
    expect(found.status).toBe(200);
    expect(found.body.items.map((i: { id: string }) => i.id)).toContain(clientId);
  });

  it('starts a new trace at the gateway when the caller sends an invalid traceparent', async () => {
    const t = await tenant(['owner']);
    const requestId = `bb-obs-${hex(6)}`;
    const badTrace = 'A'.repeat(32);
    const res = await api('GET', '/clients', {
      token: t.tokens.owner,
      query: { workspace_id: t.workspaceId },
      headers: { traceparent: `00-${badTrace}-${hex(8)}-01`, 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    const gw = await waitForLine('gateway', (l) => l.msg === 'request' && l.request_id === requestId);
    expect(gw.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(gw.parent_span_id).toBeUndefined();
    const st = await waitForLine('studio', (l) => l.msg === 'request' && l.request_id === requestId);
    expect(st).toMatchObject({ trace_id: gw.trace_id, parent_span_id: gw.span_id });
  });

  it('exposes the required metrics on every process', async () => {
    const ports = inject('ports');
    /** /metrics of a process, on its admin port (the API ports do not serve it). */
    const scrape = async (port: number) => {
      const r = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(r.status).toBe(200);
      return r.text();
    };
    const http = ['http_request_duration_seconds'];
    const grpcServer = ['grpc_server_handling_seconds'];
    const outbox = [
      'outbox_pending_events',
      'outbox_oldest_pending_age_seconds',
      'outbox_events_published_total',
      'outbox_publish_failures_total',
    ];
    const consumer = ['amqp_consumer_lag_seconds', 'amqp_queue_messages_ready', 'amqp_queue_consumers'];
    const expected: Record<string, { port: number; names: string[] }> = {
      gateway: {
        port: adminPortOf(ports, 'gateway'),
        names: [...http, 'grpc_client_handling_seconds', 'gateway_rate_limit_refusals_total', 'gateway_upstream_errors_total'],
      },
      studio: { port: adminPortOf(ports, 'studio'), names: [...http, ...grpcServer, ...outbox] },
      upload: { port: adminPortOf(ports, 'upload'), names: [...http, ...grpcServer, ...outbox, 'grpc_client_handling_seconds'] },
      'upload-worker': {
        port: adminPortOf(ports, 'upload-worker'),
        names: [...http, ...outbox, ...consumer, 'upload_job_duration_seconds'],
      },
      gallery: { port: adminPortOf(ports, 'gallery'), names: [...http, ...grpcServer, ...outbox, 'grpc_client_handling_seconds'] },
      search: {
        port: adminPortOf(ports, 'search'),
        names: [...http, ...grpcServer, ...consumer, 'search_index_apply_duration_seconds', 'search_index_events_total'],
      },
      webhooks: { port: adminPortOf(ports, 'webhooks'), names: [...http, ...grpcServer, ...consumer, 'webhook_fanout_events_total'] },
      'webhooks-worker': {
        port: adminPortOf(ports, 'webhooks-worker'),
        names: [...http, 'webhook_delivery_attempts_total', 'webhook_delivery_attempt_duration_seconds'],
      },
    };
    for (const [process, { port, names }] of Object.entries(expected)) {
      const text = await scrape(port);
      const have = metricNames(text);
      expect(
        names.filter((n) => !have.has(n)),
        `${process} is missing metrics`,
      ).toEqual([]);
      // Every sample of the HTTP histogram carries a route pattern or `unmatched`, never a raw id.
      for (const s of findSamples(text, 'http_request_duration_seconds_count'))
        expect(s.labels.route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    }

    // Queue depth is read from the broker for each consumed queue (the stack's own queue names).
    const search = await scrape(ports.searchAdmin);
    expect(findSamples(search, 'amqp_queue_consumers', { queue: `search.index-${ports.searchHttp}` })[0]?.value).toBeGreaterThanOrEqual(1);
    const webhooks = await scrape(ports.webhooksAdmin);
    expect(
      findSamples(webhooks, 'amqp_queue_consumers', { queue: `webhooks.fanout.${ports.webhooksHttp}` })[0]?.value,
    ).toBeGreaterThanOrEqual(1);
    const worker = await scrape(ports.uploadWorkerAdmin);
    expect(
      findSamples(worker, 'amqp_queue_consumers', { queue: `upload-${ports.uploadHttp}.derivatives` })[0]?.value,
    ).toBeGreaterThanOrEqual(1);
    // The studio outbox has drained the traced event; its backlog is reported (a number, not NaN).
    const studio = await scrape(ports.studioAdmin);
    expect(Number.isFinite(findSamples(studio, 'outbox_pending_events')[0]?.value)).toBe(true);
    expect(findSamples(studio, 'outbox_events_published_total')[0]?.value).toBeGreaterThan(0);
  });
});
