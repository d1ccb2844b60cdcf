import { afterEach, describe, expect, it } from 'vitest';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { startOtlpReceiver } from '@studio/testkit/otlp';
import { httpServerSpan, spanSink, spanSinkFor, startCall, type SpanIds } from '@studio/trace';
import { hrTime, startTelemetry, type Telemetry } from './index.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER = '00f067aa0ba902b7';

let telemetry: Telemetry | null = null;
afterEach(async () => {
  await telemetry?.shutdown();
  telemetry = null;
});

describe('startTelemetry off', () => {
  it('registers nothing without an endpoint: the hops get no sink and build no span', async () => {
    telemetry = await startTelemetry({ role: 'studio', tracesEndpoint: null });
    expect(telemetry.enabled).toBe(false);
    expect(spanSink()).toBeNull();
    expect(spanSinkFor(startCall({ traceparent: `00-${TRACE}-${CALLER}-01` }))).toBeNull();
  });
});

describe('startTelemetry on', () => {
  it('exports a reported span with exactly the project ids, parent, kind, attributes, status and times', async () => {
    const exporter = new InMemorySpanExporter();
    telemetry = await startTelemetry({ role: 'studio', exporter, exportDelayMs: 60_000 });
    expect(telemetry.enabled).toBe(true);

    const ctx = startCall({ traceparent: `00-${TRACE}-${CALLER}-01` });
    const sink = spanSinkFor(ctx)!;
    sink({ ...httpServerSpan(ctx, 'POST', '/api/v1/clients', 201, 25), endTime: 1_800_000_000_123.5 });
    const producer: SpanIds = { traceId: TRACE, spanId: 'aaaaaaaaaaaaaaaa', parentSpanId: ctx.spanId, flags: 1 };
    spanSinkFor(producer)!({
      ids: producer,
      name: 'publish studio.events',
      kind: 'producer',
      durationMs: 2,
      attributes: { 'messaging.system': 'rabbitmq', 'messaging.message.id': undefined },
    });
    const failed = startCall({ traceparent: `00-${TRACE}-${CALLER}-01` });
    spanSinkFor(failed)!({ ids: failed, name: 'process q', kind: 'consumer', durationMs: 1, attributes: {}, error: 'dead_lettered' });
    // An unsampled trace never reaches the exporter: the hop gets no sink.
    expect(spanSinkFor(startCall({ traceparent: `00-${TRACE}-${CALLER}-00` }))).toBeNull();

    await telemetry.flush();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['POST /api/v1/clients', 'publish studio.events', 'process q']);
    const [server, pub, consumer] = spans as [(typeof spans)[0], (typeof spans)[0], (typeof spans)[0]];

    expect(server.spanContext()).toMatchObject({ traceId: TRACE, spanId: ctx.spanId, traceFlags: 1 });
    expect(server.parentSpanContext).toMatchObject({ traceId: TRACE, spanId: CALLER, isRemote: true });
    expect(server.kind).toBe(1); // SpanKind.SERVER
    expect(server.attributes).toEqual({ 'http.request.method': 'POST', 'http.route': '/api/v1/clients', 'http.response.status_code': 201 });
    expect(server.status).toEqual({ code: 0 });
    expect(server.endTime).toEqual([1_800_000_000, 123_500_000]);
    expect(server.startTime).toEqual([1_800_000_000, 98_500_000]);
    expect(server.duration).toEqual([0, 25_000_000]);
    expect(server.resource.attributes['service.name']).toBe('studio');
    expect(server.instrumentationScope.name).toBe('@studio/trace');

    expect(pub.spanContext().spanId).toBe('aaaaaaaaaaaaaaaa');
    expect(pub.parentSpanContext).toMatchObject({ spanId: ctx.spanId, isRemote: false });
    expect(pub.kind).toBe(3); // PRODUCER
    expect(pub.attributes).toEqual({ 'messaging.system': 'rabbitmq' });

    expect(consumer.kind).toBe(4); // CONSUMER
    expect(consumer.status).toEqual({ code: 2, message: 'dead_lettered' });

    await telemetry.shutdown();
    expect(spanSink()).toBeNull();
  });

  it('sends the spans over OTLP/HTTP (JSON) to a receiver, named by OTEL_SERVICE_NAME when given, and flushes on shutdown', async () => {
    const receiver = await startOtlpReceiver();
    try {
      telemetry = await startTelemetry({
        role: 'gateway',
        tracesEndpoint: `${receiver.url}/v1/traces`,
        serviceName: 'edge',
        exportDelayMs: 60_000,
        headers: { 'x-scope': 'spec' },
      });
      const ctx = startCall({ traceparent: `00-${TRACE}-${CALLER}-01` });
      spanSinkFor(ctx)!(httpServerSpan(ctx, 'GET', '/api/v1/shoots', 200, 3, { 'studio.upstream': 'studio' }));
      await telemetry.shutdown(); // the 60 s batch delay has not passed: shutdown exports
      expect(receiver.spans()).toEqual([
        expect.objectContaining({
          service: 'edge',
          traceId: TRACE,
          spanId: ctx.spanId,
          parentSpanId: CALLER,
          name: 'GET /api/v1/shoots',
          kind: 'server',
          attributes: {
            'http.request.method': 'GET',
            'http.route': '/api/v1/shoots',
            'http.response.status_code': 200,
            'studio.upstream': 'studio',
          },
          status: { code: 0 },
        }),
      ]);
      const [span] = receiver.spans();
      expect(span!.end - span!.start).toBeCloseTo(3, 3);
    } finally {
      await receiver.close();
    }
  });

  it('does not hold up shutdown when the collector is unreachable', async () => {
    const warnings: string[] = [];
    telemetry = await startTelemetry({
      role: 'search',
      tracesEndpoint: 'http://127.0.0.1:9/v1/traces',
      exportDelayMs: 60_000,
      shutdownTimeoutMs: 2000,
      logger: { warn: (_o, msg) => warnings.push(msg) },
    });
    const ctx = startCall();
    spanSinkFor(ctx)!(httpServerSpan(ctx, 'GET', '/search', 200, 1));
    const started = Date.now();
    await telemetry.shutdown();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('hrTime', () => {
  it('splits milliseconds into seconds and nanoseconds without overflowing the nanoseconds', () => {
    expect(hrTime(1500.25)).toEqual([1, 500_250_000]);
    expect(hrTime(1999.9999999)).toEqual([2, 0]);
    expect(hrTime(0)).toEqual([0, 0]);
  });
});
