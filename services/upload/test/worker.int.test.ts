/**
 * The derivative worker's delivery guarantees against real RabbitMQ: a job whose worker dies before acking is
 * redelivered and finished by another worker; a job that keeps failing is dead-lettered and the photo ends
 * failed; a repeated job is a no-op.
 */
import amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import { testConfig } from '@studio/testkit';
import { createUploadWorker, type UploadWorker } from '../src/app.js';
import { DELIVERY_LIMIT } from '../src/events/work-queues.js';
import { eventually, startTestUpload, type Caller, type TestUpload } from './harness.js';
import { makeJpeg, putTo } from './images.js';

let t: TestUpload;
let jpeg: Buffer;

beforeAll(async () => {
  t = await startTestUpload({ worker: false });
  jpeg = await makeJpeg(800, 600, { seed: 9 });
});
afterAll(async () => {
  await t?.stop();
});

async function uploadedPhoto(as: Caller, shootId: string): Promise<string> {
  const c = await t.api('POST', '/photos', {
    as,
    body: { shoot_id: shootId, file_name: 'w.jpg', content_type: 'image/jpeg', size: jpeg.length },
  });
  await putTo(c.body.upload, jpeg);
  const f = await t.api('POST', `/photos/${c.body.photo.id}/finalize`, { as });
  expect(f.body.photo.state).toBe('processing');
  await t.upload.drainEvents();
  return c.body.photo.id;
}

function startWorker(): Promise<UploadWorker> {
  const worker = createUploadWorker(t.config, {
    logger: createLogger({ service: 'w', level: 'silent' }),
    relayIntervalMs: 100,
    retryDelayMs: 20,
  });
  return worker.start().then(() => worker);
}

describe('derivative worker', () => {
  it('redelivers a job whose worker died before acking, and finishes it exactly once', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const id = await uploadedPhoto(callers.owner, t.shoot(workspaceId));

    // A "worker" takes the job and dies without acking.
    const conn = await amqp.connect(testConfig.TEST_AMQP_URL);
    const ch = await conn.createChannel();
    await ch.prefetch(1);
    const taken = await new Promise<string>((resolve) => {
      void ch.consume(t.upload.topology.derivatives.queue, (msg) => {
        if (msg) resolve(JSON.parse(msg.content.toString()).data.photo_id);
      });
    });
    expect(taken).toBe(id);
    await conn.close();

    const worker = await startWorker();
    try {
      const ready = await eventually(
        () => t.api('GET', `/photos/${id}`, { as: callers.owner }),
        (r) => r.body.photo.state === 'ready',
      );
      expect(ready.body.photo.width).toBe(800);
      // Running the job again (a duplicate delivery) changes nothing.
      expect(await t.upload.services.derivatives.process(id)).toBe('skipped');
    } finally {
      await worker.stop();
    }
  });

  it('dead-letters a job that keeps failing and marks the photo failed', async () => {
    const { workspaceId, callers } = t.tenant(['owner']);
    const id = await uploadedPhoto(callers.owner, t.shoot(workspaceId));

    // Every delivery fails (returned to the queue) until the broker gives up on the message.
    const conn = await amqp.connect(testConfig.TEST_AMQP_URL);
    const ch = await conn.createChannel();
    await ch.prefetch(1);
    let deliveries = 0;
    await new Promise<void>((resolve) => {
      void ch.consume(t.upload.topology.derivatives.queue, (msg) => {
        if (!msg) return;
        deliveries += 1;
        ch.nack(msg, false, true);
        if (deliveries > DELIVERY_LIMIT) resolve();
      });
    });
    await conn.close();

    const worker = await startWorker();
    try {
      const failed = await eventually(
        () => t.api('GET', `/photos/${id}`, { as: callers.owner }),
        (r) => r.body.photo.state !== 'processing',
      );
      expect(failed.body.photo).toMatchObject({ state: 'failed', failure_reason: expect.stringMatching(/repeatedly/) });
    } finally {
      await worker.stop();
    }
  });
});
