/** AI cull jobs end to end: real photos through the worker, the cull job queue, keeper flags and events. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary } from '@studio/grpc';
import { computeFeatures, cull, makeDerivatives } from '../src/imaging/index.js';
import { makeSyntheticShoot, type SyntheticPhoto } from './synthetic.js';
import { MISSING_ID, NOT_FOUND_TEXT, eventually, startTestUpload, uploadInternalClient, type Caller, type TestUpload } from './harness.js';
import { putTo } from './images.js';

let t: TestUpload;
let shoot: SyntheticPhoto[];

beforeAll(async () => {
  t = await startTestUpload({ worker: true });
  shoot = await makeSyntheticShoot({ scenes: 3, width: 640, height: 427, seed: 11 });
});
afterAll(async () => {
  await t?.stop();
});

async function uploadAll(as: Caller, shootId: string, photos: SyntheticPhoto[]): Promise<Map<string, SyntheticPhoto>> {
  const byPhotoId = new Map<string, SyntheticPhoto>();
  for (const p of photos) {
    const c = await t.api('POST', '/photos', {
      as,
      body: { shoot_id: shootId, file_name: `${p.id}.jpg`, content_type: 'image/jpeg', size: p.jpeg.length },
    });
    expect(c.status).toBe(201);
    await putTo(c.body.upload, p.jpeg);
    expect((await t.api('POST', `/photos/${c.body.photo.id}/finalize`, { as })).status).toBe(200);
    byPhotoId.set(c.body.photo.id, p);
  }
  for (const id of byPhotoId.keys()) {
    await eventually(
      () => t.api('GET', `/photos/${id}`, { as }),
      (r) => r.body.photo.state === 'ready',
      60_000,
    );
  }
  return byPhotoId;
}

async function runCull(as: Caller, shootId: string, sensitivity?: string) {
  const started = await t.api('POST', '/ai/cull-jobs', { as, body: { shoot_id: shootId, ...(sensitivity ? { sensitivity } : {}) } });
  expect(started.status).toBe(202);
  expect(started.body.job).toMatchObject({ type: 'cull', state: 'queued', result: null });
  return eventually(
    () => t.api('GET', `/ai/jobs/${started.body.job.id}`, { as }),
    (r) => r.body.job.state === 'succeeded' || r.body.job.state === 'failed',
    60_000,
  );
}

describe('AI cull', () => {
  it('culls a shoot on the worker, sets keeper flags, emits events, and gives the same result for the same input', async () => {
    const { workspaceId, callers } = t.tenant(['photographer']);
    const me = callers.photographer;
    const shootId = t.shoot(workspaceId);
    const photos = await uploadAll(me, shootId, shoot);

    const done = await runCull(me, shootId);
    const job = done.body.job;
    expect(job.state).toBe('succeeded');
    expect(job.progress).toEqual({ done: photos.size, total: photos.size });
    expect(job.result.counts.total).toBe(photos.size);
    expect(job.result.counts.keeper + job.result.counts.reject).toBe(photos.size);
    expect(job.result.photos).toHaveLength(photos.size);
    for (const d of job.result.photos) {
      expect(photos.has(d.photo_id)).toBe(true);
      expect(['keeper', 'reject']).toContain(d.decision);
      expect(d.scores).toEqual(expect.objectContaining({ sharpness: expect.any(Number), mean_luminance: expect.any(Number) }));
      expect(d).toHaveProperty('duplicate_group');
      expect(d.reason).toEqual(expect.any(String)); // keepers included
      expect(d.explanation).toEqual(expect.any(String));
    }
    // The service's verdicts are exactly the imaging module's cull of the same photos (features from the same
    // decode the worker does; the algorithm's own quality is tested in src/imaging).
    const inputs = await Promise.all(
      [...photos].map(async ([id, p]) => {
        const d = await makeDerivatives(p.jpeg);
        return { id, captureTime: d.metadata.captureTime, features: computeFeatures(d.proxy!) };
      }),
    );
    const expected = cull(inputs, 'medium');
    const got = new Map(job.result.photos.map((d: any) => [d.photo_id, d]));
    for (const e of expected.photos) {
      expect(got.get(e.id)).toMatchObject({
        decision: e.decision,
        reason: e.reason,
        duplicate_group: e.duplicate_group,
        scores: e.scores,
        explanation: e.explanation,
      });
    }
    expect(job.result.counts).toEqual(expected.counts);
    expect(job.result.thresholds).toEqual(expected.thresholds);

    // Keeper flags on the photos and in the internal keeper list.
    const rejected = job.result.photos.find((d: any) => d.decision === 'reject');
    const photo = await t.api('GET', `/photos/${rejected.photo_id}`, { as: me });
    expect(photo.body.photo).toMatchObject({ keeper: false, cull: { job_id: job.id, decision: 'reject', reason: rejected.reason } });
    const client = uploadInternalClient(t);
    const keepers = await callUnary<object, { photos: { id: string }[] }>(client, 'ListReadyKeepers', {
      shoot_id: shootId,
      workspace_id: workspaceId,
    });
    client.close();
    expect(keepers.photos.map((p) => p.id).sort()).toEqual(
      job.result.photos
        .filter((d: any) => d.decision === 'keeper')
        .map((d: any) => d.photo_id)
        .sort(),
    );

    // Same input, same result.
    const second = await runCull(me, shootId);
    expect(second.body.job.result).toEqual(job.result);

    // ai_job.done and ai.cull.completed were written with the job's outcome.
    await t.upload.drainEvents();
    const db = new pg.Client({ connectionString: t.database.url });
    await db.connect();
    const events = await db.query(`SELECT type, payload FROM outbox WHERE payload->>'job_id' = $1 ORDER BY created_at`, [job.id]);
    await db.end();
    expect(events.rows.map((r) => r.type)).toEqual(['ai_job.queued', 'ai_job.done', 'ai.cull.completed']);
    expect(events.rows[2].payload).toMatchObject({ job_id: job.id, shoot_id: shootId, sensitivity: 'medium', counts: job.result.counts });
  });

  it('refuses viewers, hides other tenants and refuses a shoot with nothing to cull', async () => {
    const a = t.tenant(['owner', 'viewer']);
    const b = t.tenant(['owner']);
    const shootA = t.shoot(a.workspaceId);
    await uploadAll(a.callers.owner, shootA, shoot.slice(0, 1));

    expect((await t.api('POST', '/ai/cull-jobs', { as: a.callers.viewer, body: { shoot_id: shootA } })).status).toBe(403);
    const foreign = await t.api('POST', '/ai/cull-jobs', { as: b.callers.owner, body: { shoot_id: shootA } });
    expect(foreign.text).toBe(NOT_FOUND_TEXT);
    const job = await t.api('POST', '/ai/cull-jobs', { as: a.callers.owner, body: { shoot_id: shootA, sensitivity: 'high' } });
    expect(job.body.job.sensitivity).toBe('high');
    expect((await t.api('GET', `/ai/jobs/${job.body.job.id}`, { as: b.callers.owner })).text).toBe(NOT_FOUND_TEXT);
    expect((await t.api('GET', `/ai/jobs/${MISSING_ID}`, { as: a.callers.owner })).text).toBe(NOT_FOUND_TEXT);
    expect((await t.api('GET', `/ai/jobs/${job.body.job.id}`, { as: a.callers.viewer })).status).toBe(200);

    const empty = await t.api('POST', '/ai/cull-jobs', { as: b.callers.owner, body: { shoot_id: t.shoot(b.workspaceId) } });
    expect(empty.status).toBe(400);
    expect((await t.api('POST', '/ai/cull-jobs', { as: a.callers.owner, body: { shoot_id: shootA, sensitivity: 'extreme' } })).status).toBe(
      400,
    );
    expect((await t.api('GET', '/ai/jobs/nope', { as: a.callers.owner })).status).toBe(400);
  });
});
