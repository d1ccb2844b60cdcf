/**
 * Request id and W3C trace context at the gateway, over real hops: an HTTP request to the gateway, the proxied
 * HTTP request it makes (echo upstream), and the gRPC AuthenticateToken call to (fake) studio.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { captureLogs } from '@studio/testkit/log-capture';
import { sampleSum } from '@studio/testkit/prometheus';
import { parseTraceparent } from '@studio/trace';
import { OWNER, startHarness, WS1, type Harness } from './support/harness.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';
const path = `/api/v1/workspaces/${WS1}/shoots`;

let h: Harness;
const logs = captureLogs();

beforeAll(async () => {
  h = await startHarness({
    env: { ACCESS_LOG: 'true', LOG_LEVEL: 'warn', AUTH_CACHE_TTL_MS: '0' },
    logger: createLogger({ service: 'gateway', level: 'warn', destination: logs.stream }),
  });
});
afterAll(async () => {
  await h?.close();
});

function forwarded(): { traceparent: ReturnType<typeof parseTraceparent>; headers: Record<string, unknown> } {
  const last = h.upstream.requests.at(-1)!;
  return { traceparent: parseTraceparent(last.headers.traceparent), headers: last.headers };
}

describe('trace context through the gateway', () => {
  it('continues a valid incoming trace with its own span, upstream over HTTP and to studio over gRPC', async () => {
    const contextsBefore = h.studio.contexts.length;
    const res = await h.call(path, {
      token: OWNER,
      headers: { traceparent: `00-${TRACE}-${SPAN}-01`, tracestate: 'vendor=opaque', 'x-request-id': 'trace-test-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-test-1');

    // HTTP hop: same trace, the gateway's new span as the parent, the sampled flag kept, tracestate passed on.
    const up = forwarded();
    expect(up.traceparent).toMatchObject({ traceId: TRACE, flags: 1 });
    const gatewaySpan = up.traceparent!.spanId;
    expect(gatewaySpan).not.toBe(SPAN);
    expect(up.headers['x-request-id']).toBe('trace-test-1');
    expect(up.headers.tracestate).toBe('vendor=opaque');

    // gRPC hop: studio's handler ran in the same trace, as a child of the gateway's span, with the request id.
    const grpcCtx = h.studio.contexts.slice(contextsBefore).at(-1);
    expect(grpcCtx).toMatchObject({ requestId: 'trace-test-1', traceId: TRACE, parentSpanId: gatewaySpan, flags: 1 });
    expect(grpcCtx!.spanId).not.toBe(gatewaySpan);

    // The access log line names the trace, the gateway's span and the caller's span.
    const line = logs.find({ request_id: 'trace-test-1', msg: 'request' }).at(-1);
    expect(line).toMatchObject({
      log: 'access',
      trace_id: TRACE,
      span_id: gatewaySpan,
      parent_span_id: SPAN,
      route: '/api/v1/workspaces',
      status: 200,
    });
  });

  it('keeps an unsampled decision', async () => {
    await h.call(path, { token: OWNER, headers: { traceparent: `00-${TRACE}-${SPAN}-00` } });
    expect(forwarded().traceparent).toMatchObject({ traceId: TRACE, flags: 0 });
  });

  it.each([
    ['absent', undefined],
    ['upper-case', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['too short', `00-${TRACE}-${SPAN.slice(2)}-01`],
  ])('starts a new trace when the traceparent is %s, and drops the caller tracestate', async (_name, traceparent) => {
    const headers: Record<string, string> = { tracestate: 'vendor=opaque' };
    if (traceparent) headers.traceparent = traceparent;
    const res = await h.call(path, { token: OWNER, headers });
    expect(res.status).toBe(200);
    const up = forwarded();
    expect(up.traceparent).not.toBeNull();
    expect(up.traceparent!.traceId).not.toBe(TRACE);
    expect(up.traceparent!.traceId).not.toBe('0'.repeat(32));
    expect(up.traceparent!.flags).toBe(1);
    expect(up.headers.tracestate).toBeUndefined();
    // The request id was generated and travels with the new trace.
    expect(up.headers['x-request-id']).toBe(res.headers['x-request-id']);
  });

  it('measures the gRPC client calls it makes', async () => {
    const metrics = await h.admin('/metrics');
    const labels = { grpc_service: 'studio.v1.StudioInternal', grpc_method: 'AuthenticateToken', grpc_code: 'OK', service: 'gateway' };
    expect(sampleSum(metrics.text, 'grpc_client_handling_seconds_count', labels)).toBeGreaterThan(0);
  });
});
