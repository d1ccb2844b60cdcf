/**
 * OpenTelemetry export through the whole stack, from outside: every process of the black-box stack exports its
 * spans over OTLP/HTTP to the receiver of test/global-setup.ts. One request with a W3C traceparent through the
 * gateway gives ONE exported trace: gateway -> studio over HTTP and over gRPC (the gateway authenticates the token)
 * -> studio's outbox relay publish -> search's and webhook-dispatch's consumers -> the delivery attempt; each span's
 * parent is a span of the same trace, except the root, whose parent is the caller's span. The ids are the ones
 * the processes log (the project's own spans, exported unchanged). An unsampled trace exports nothing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { fetchTraceSpans, type ReceivedSpan } from '@studio/testkit/otlp';
import { api } from './support/client.js';
import { tenant } from './support/operator.js';
import { until } from './support/poll.js';
import { startReceiver, subscribe } from './support/webhooks.js';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** The access-log line of a request in one process's log (its ids are the span's). */
function requestLine(process: string, requestId: string): Record<string, unknown> | undefined {
  const file = path.join(inject('logDir'), `${process}.log`);
  if (!existsSync(file)) return undefined;
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (!text.startsWith('{') || !text.includes(requestId)) continue;
    try {
      const line = JSON.parse(text) as Record<string, unknown>;
      if (line.msg === 'request' && line.request_id === requestId) return line;
    } catch {
      /* a line being written */
    }
  }
  return undefined;
}

describe('OpenTelemetry export through the stack', () => {
  it('exports one trace from the caller through gateway, studio (HTTP, gRPC, outbox), search, webhooks and the delivery attempt', async () => {
    const otlpUrl = inject('otlpUrl');
    const t = await tenant(['owner', 'admin']);
    const receiver = await startReceiver();
    // Subscribed with the admin's token: the owner's stays unused, so the traced call authenticates it over gRPC.
    const endpoint = await subscribe(t.tokens.admin!, t.workspaceId, `${receiver.url}/otel`, 'client.created');

    // First a request in an unsampled trace (flags 00): it is served, and none of its spans is exported.
    const unsampled = hex(16);
    const quiet = await api('GET', '/clients', {
      token: t.tokens.admin,
      query: { workspace_id: t.workspaceId },
      headers: { traceparent: `00-${unsampled}-${hex(8)}-00` },
    });
    expect(quiet.status).toBe(200);

    const traceId = hex(16);
    const callerSpan = hex(8);
    const requestId = `bb-otel-${hex(6)}`;
    const res = await api('POST', '/clients', {
      token: t.tokens.owner,
      headers: { traceparent: `00-${traceId}-${callerSpan}-01`, 'x-request-id': requestId },
      body: { workspace_id: t.workspaceId, name: 'Exported Through The Stack' },
    });
    expect(res.status).toBe(201);
    await receiver.waitFor('the traced client.created', (d) => d.eventType === 'client.created');
    await receiver.close();

    const find = (spans: ReceivedSpan[]) => {
      const one = (service: string, kind: ReceivedSpan['kind'], match: (s: ReceivedSpan) => boolean) =>
        spans.find((s) => s.service === service && s.kind === kind && match(s));
      const event = (s: ReceivedSpan) => s.attributes['messaging.rabbitmq.destination.routing_key'] === 'client.created';
      return {
        gateway: one('gateway', 'server', (s) => s.name === 'POST /api/v1/clients'),
        studioHttp: one('studio', 'server', (s) => s.name === 'POST /api/v1/clients'),
        studioGrpc: one('studio', 'server', (s) => s.name === 'studio.v1.StudioInternal/AuthenticateToken'),
        publish: one('studio', 'producer', event),
        search: one('search', 'consumer', event),
        fanout: one('webhooks', 'consumer', event),
        attempt: one('webhooks-worker', 'client', (s) => s.attributes['webhook.endpoint_id'] === endpoint.id),
      };
    };
    const spans = await until(
      'every hop of the trace exported',
      async () => {
        const got = await fetchTraceSpans(otlpUrl, traceId);
        return Object.values(find(got)).every(Boolean) ? got : null;
      },
      30_000,
    );
    const hop = find(spans) as { [K in keyof ReturnType<typeof find>]: ReceivedSpan };

    // One trace: every span is the caller's trace, ids are unique, and every parent is a span of this trace except
    // the gateway's, whose parent is the caller's span.
    expect(spans.every((s) => s.traceId === traceId)).toBe(true);
    const ids = new Set(spans.map((s) => s.spanId));
    expect(ids.size).toBe(spans.length);
    expect(spans.filter((s) => !ids.has(s.parentSpanId ?? '')).map((s) => [s.service, s.name, s.parentSpanId])).toEqual([
      ['gateway', 'POST /api/v1/clients', callerSpan],
    ]);

    // The links, hop by hop.
    expect(hop.studioHttp.parentSpanId).toBe(hop.gateway.spanId);
    expect(hop.studioGrpc.parentSpanId).toBe(hop.gateway.spanId);
    expect(hop.publish.parentSpanId).toBe(hop.studioHttp.spanId);
    expect(hop.search.parentSpanId).toBe(hop.studioHttp.spanId); // the traceparent on the wire is the writer's, as before
    expect(hop.fanout.parentSpanId).toBe(hop.studioHttp.spanId);
    expect(hop.attempt.parentSpanId).toBe(hop.fanout.spanId);

    // What each span says.
    expect(hop.gateway.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/v1/clients',
      'http.response.status_code': 201,
      'studio.upstream': 'studio',
    });
    expect(hop.studioHttp.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/v1/clients',
      'http.response.status_code': 201,
    });
    expect(hop.studioGrpc.attributes).toMatchObject({ 'rpc.system': 'grpc', 'rpc.method': 'AuthenticateToken', 'rpc.grpc.status_code': 0 });
    expect(hop.publish.attributes).toMatchObject({ 'messaging.system': 'rabbitmq', 'messaging.destination.name': 'studio.events' });
    expect(hop.search.attributes).toMatchObject({
      'messaging.destination.name': `search.index-${inject('ports').searchHttp}`,
      'studio.outcome': 'applied',
    });
    expect(hop.fanout.attributes).toMatchObject({ 'studio.outcome': 'fanned_out' });
    expect(hop.attempt.attributes).toMatchObject({
      'http.response.status_code': 200,
      'webhook.outcome': 'succeeded',
      'webhook.attempt': 1,
    });
    expect(hop.publish.attributes['messaging.message.id']).toBe(hop.search.attributes['messaging.message.id']);
    for (const s of Object.values(hop)) {
      expect(s.status.code, `${s.service} ${s.name}`).toBe(0);
      expect(s.scope).toBe('@studio/trace');
      expect(s.end).toBeGreaterThanOrEqual(s.start);
    }
    // Times are real: studio's request lies within the gateway's (a few ms of slack for the clock conversion).
    expect(hop.studioHttp.start).toBeGreaterThanOrEqual(hop.gateway.start - 5);
    expect(hop.studioHttp.end).toBeLessThanOrEqual(hop.gateway.end + 5);

    // The exported ids are the ones the processes log.
    expect(requestLine('gateway', requestId)).toMatchObject({ trace_id: traceId, span_id: hop.gateway.spanId, parent_span_id: callerSpan });
    expect(requestLine('studio', requestId)).toMatchObject({
      trace_id: traceId,
      span_id: hop.studioHttp.spanId,
      parent_span_id: hop.gateway.spanId,
    });

    // The unsampled request went through the same processes before this trace: by now its spans would be here.
    expect(await fetchTraceSpans(otlpUrl, unsampled)).toEqual([]);
  });
});
