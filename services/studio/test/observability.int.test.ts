/**
 * Observability of the studio process over real hops: an HTTP request that carries a traceparent, the event it
 * writes (outbox row -> relay -> RabbitMQ message headers), a gRPC call made inside a trace, and /metrics.
 */
import amqp, { type ChannelModel } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, loadProto } from '@studio/grpc';
import { createLogger } from '@studio/logger';
import { testConfig } from '@studio/testkit';
import { captureLogs } from '@studio/testkit/log-capture';
import { findSamples, sampleSum } from '@studio/testkit/prometheus';
import { parseTraceparent, runInContext, startCall } from '@studio/trace';
import { STUDIO_PROTO, type StudioInternalClient } from '@studio/proto/studio';
import type { Tenant } from './given.js';
import { MISSING_ID, startTestStudio, type TestStudio } from './harness.js';
import { listen, outboxRows, type Listener } from './support/events.js';

const TRACE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const CALLER_SPAN = '1122334455667788';

describe('studio observability', () => {
  const logs = captureLogs();
  let t: TestStudio;
  let ten: Tenant;
  let conn: ChannelModel;
  let listener: Listener;
  let client: StudioInternalClient;
  beforeAll(async () => {
    t = await startTestStudio({ logger: createLogger({ service: 'studio', level: 'info', destination: logs.stream }) });
    ten = await t.given.tenant(['owner']);
    conn = await amqp.connect(testConfig.TEST_AMQP_URL);
    listener = await listen(conn, ['client.created']);
    client = t.grpcClient(loadProto(STUDIO_PROTO).studio.v1.StudioInternal, 'gallery');
  });
  afterAll(async () => {
    client?.close();
    await listener?.close();
    await conn?.close();
    await t?.stop();
  });

  it('continues the caller trace over HTTP and hands it to the event it writes, through the outbox and the broker', async () => {
    const res = await t.api('POST', '/clients', {
      as: ten.callers.owner,
      headers: { traceparent: `00-${TRACE}-${CALLER_SPAN}-01`, 'x-request-id': 'obs-req-1' },
      body: { workspace_id: ten.workspaceId, name: 'Traced Client' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('obs-req-1');

    // The access line: the caller's trace, a new span of studio's whose parent is the caller's span.
    const [line] = logs.find({ msg: 'request', request_id: 'obs-req-1' });
    expect(line).toMatchObject({
      log: 'access',
      service: 'studio',
      trace_id: TRACE,
      parent_span_id: CALLER_SPAN,
      method: 'POST',
      route: '/api/v1/clients',
      status: 201,
    });
    const studioSpan = line!.span_id as string;
    expect(studioSpan).toMatch(/^[0-9a-f]{16}$/);
    expect(studioSpan).not.toBe(CALLER_SPAN);

    // The outbox row keeps the writing call's context: studio's span is the consumers' parent.
    const expected = `00-${TRACE}-${studioSpan}-01`;
    const rows = await outboxRows(t.database.url, ten.workspaceId);
    const row = rows.find((r) => r.type === 'client.created' && r.payload.client_id === res.body.client.id);
    expect(row).toMatchObject({ request_id: 'obs-req-1', traceparent: expected });

    // The relay publishes it in the message headers.
    await t.studio.drainEvents();
    const received = await listener.waitFor(
      (r) => r.envelope.workspace_id === ten.workspaceId && r.envelope.data.client_id === res.body.client.id,
    );
    expect(received.message.properties.headers).toMatchObject({ traceparent: expected, 'x-request-id': 'obs-req-1' });
  });

  it('continues the caller trace over gRPC (client interceptor -> server interceptor) and logs the call', async () => {
    const caller = startCall({ requestId: 'obs-grpc-1' });
    await expect(
      runInContext(caller, () => callUnary(client, 'GetShoot', { shoot_id: MISSING_ID, workspace_ids: [ten.workspaceId] })),
    ).rejects.toMatchObject({ kind: 'not_found' });
    const [line] = logs.find({ msg: 'grpc call', request_id: 'obs-grpc-1' });
    expect(line).toMatchObject({
      log: 'access',
      trace_id: caller.traceId,
      parent_span_id: caller.spanId,
      grpc_service: 'studio.v1.StudioInternal',
      grpc_method: 'GetShoot',
      grpc_code: 'NOT_FOUND',
    });
    expect(line!.span_id).not.toBe(caller.spanId);
  });

  it('starts a new trace for a request without a valid traceparent', async () => {
    const res = await t.api('GET', '/clients', {
      as: ten.callers.owner,
      query: { workspace_id: ten.workspaceId },
      headers: { traceparent: `00-${TRACE.toUpperCase()}-${CALLER_SPAN}-01`, 'x-request-id': 'obs-req-2' },
    });
    expect(res.status).toBe(200);
    const [line] = logs.find({ msg: 'request', request_id: 'obs-req-2' });
    expect(line!.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(line!.trace_id).not.toBe(TRACE);
    expect(line!.parent_span_id).toBeUndefined();
    expect(parseTraceparent(`00-${line!.trace_id as string}-${line!.span_id as string}-01`)).not.toBeNull();
  });

  it('exposes HTTP by route pattern, gRPC by method and code, and the outbox on /metrics', async () => {
    expect((await t.api('GET', `/shoots/${MISSING_ID}`, { as: ten.callers.owner })).status).toBe(404);
    expect((await t.api('GET', `/no-such-thing/${MISSING_ID}`, { as: ten.callers.owner })).status).toBe(404);
    const text = await (await fetch(`http://127.0.0.1:${t.ports.adminPort}/metrics`)).text();
    expect(
      sampleSum(text, 'http_request_duration_seconds_count', { route: '/api/v1/clients', method: 'POST', status: '201' }),
    ).toBeGreaterThan(0);
    // A 404 from a matched route is labelled with its pattern, never the raw URL.
    expect(sampleSum(text, 'http_request_duration_seconds_count', { route: '/api/v1/shoots/:id', status: '404' })).toBeGreaterThan(0);
    expect(sampleSum(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBeGreaterThan(0);
    expect(findSamples(text, 'http_request_duration_seconds_count').some((s) => s.labels.route!.includes(MISSING_ID))).toBe(false);
    expect(sampleSum(text, 'grpc_server_handling_seconds_count', { grpc_method: 'GetShoot', grpc_code: 'NOT_FOUND' })).toBe(1);
    expect(sampleSum(text, 'outbox_events_published_total')).toBeGreaterThan(0);
    expect(findSamples(text, 'outbox_pending_events')).toHaveLength(1);
    expect(findSamples(text, 'outbox_oldest_pending_age_seconds')).toHaveLength(1);
  });
});
