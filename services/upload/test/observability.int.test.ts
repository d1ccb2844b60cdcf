/**
 * The upload worker continues the trace of the request whose event made the work: finalize (HTTP, with a
 * traceparent) writes photo.uploaded with its context; the worker takes the message from RabbitMQ and makes the
 * derivatives in that trace. Its /metrics registry shows job durations, consumer lag, queue depth and the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { captureLogs } from '@studio/testkit/log-capture';
import { findSamples, sampleSum } from '@studio/testkit/prometheus';
import { eventually, startTestUpload, type TestUpload } from './harness.js';
import { makeJpeg, putTo, sha256Hex } from './images.js';

const TRACE = '5f0c3e4a9b8d7c6e5f4a3b2c1d0e9f8a';
const CALLER_SPAN = 'c0ffee00c0ffee00';

let t: TestUpload;
const logs = captureLogs();

beforeAll(async () => {
  t = await startTestUpload({ worker: true, logger: createLogger({ service: 'upload-test', level: 'warn', destination: logs.stream }) });
});
afterAll(async () => {
  await t?.stop();
});

describe('upload observability', () => {
  it('makes the derivatives in the trace of the finalize request', async () => {
    const jpeg = await makeJpeg(800, 600);
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const created = await t.api('POST', '/photos', {
      as: me,
      body: {
        shoot_id: t.shoot(workspaceId),
        file_name: 'trace.jpg',
        content_type: 'image/jpeg',
        size: jpeg.length,
        sha256: sha256Hex(jpeg),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.photo.id as string;
    expect((await putTo(created.body.upload, jpeg)).status).toBe(200);
    const fin = await t.api('POST', `/photos/${id}/finalize`, {
      as: me,
      headers: { traceparent: `00-${TRACE}-${CALLER_SPAN}-01`, 'x-request-id': 'obs-finalize-1' },
    });
    expect(fin.status).toBe(200);
    await eventually(
      () => t.api('GET', `/photos/${id}`, { as: me }),
      (r) => r.body.photo.state === 'ready',
    );

    const [request] = logs.find({ msg: 'request', request_id: 'obs-finalize-1' });
    expect(request).toMatchObject({ trace_id: TRACE, parent_span_id: CALLER_SPAN, route: '/api/v1/photos/:id/finalize', status: 200 });
    const job = await eventually(
      async () => logs.find({ msg: 'message', trace_id: TRACE, event_type: 'photo.uploaded' }),
      (lines) => lines.length > 0,
    );
    expect(job[0]).toMatchObject({
      request_id: 'obs-finalize-1',
      parent_span_id: request!.span_id,
      queue: t.upload.topology.derivatives.queue,
      outcome: 'acked',
    });
  });

  it('exposes job durations, consumer lag, queue depth and the outbox backlog', async () => {
    const text = await t.worker!.metrics.registry.metrics();
    const queue = t.upload.topology.derivatives.queue;
    expect(sampleSum(text, 'upload_job_duration_seconds_count', { job: 'derivative', outcome: 'ready' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(text, 'amqp_consumer_lag_seconds_count', { queue })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(text, 'amqp_queue_consumers', { queue })).toBeGreaterThanOrEqual(1);
    expect(findSamples(text, 'amqp_queue_messages_ready', { queue: t.upload.topology.aiJobs.deadLetter.queue })).toHaveLength(1);
    expect(findSamples(text, 'outbox_pending_events')).toHaveLength(1);
  });
});
