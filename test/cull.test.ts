/** An AI cull job end to end through the gateway: upload, derivatives, cull on the worker, keeper flags. */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';
import { createShoot, eventually, makeJpeg, uploadPhoto, waitProcessed } from './support/photos.js';

describe('AI cull', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => {
    t = await tenant(['owner', 'photographer', 'viewer']);
  });

  it('runs a cull job: queued -> succeeded with per-photo decisions, keeper flags set, same result on a rerun', async () => {
    const token = t.tokens.photographer;
    const shootId = await createShoot(token, t.workspaceId, 'Cull shoot');
    const specs = [
      { name: 'a-sharp.jpg', seed: 11, captureTime: '2026:06:01 10:00:00', variant: 'sharp' as const },
      { name: 'b-sharp.jpg', seed: 12, captureTime: '2026:06:01 10:05:00', variant: 'sharp' as const },
      { name: 'c-dark.jpg', seed: 13, captureTime: '2026:06:01 10:10:00', variant: 'dark' as const },
      { name: 'd-blurred.jpg', seed: 14, captureTime: '2026:06:01 10:15:00', variant: 'blurred' as const },
    ];
    const ids = new Map<string, string>();
    for (const s of specs) ids.set(await uploadPhoto(token, shootId, await makeJpeg({ width: 900, height: 600, ...s }), s.name), s.name);
    for (const id of ids.keys()) expect((await waitProcessed(token, id)).body.photo.state).toBe('ready');

    const started = await api('POST', '/ai/cull-jobs', { token, body: { shoot_id: shootId, sensitivity: 'medium' } });
    expect(started.status).toBe(202);
    expect(started.body.job).toMatchObject({ type: 'cull', state: 'queued', progress: { total: 4 } });
    const done = await eventually(
      () => api('GET', `/ai/jobs/${started.body.job.id}`, { token: t.tokens.viewer }),
      (r) => ['succeeded', 'failed'].includes(r.body.job.state),
    );
    const job = done.body.job;
    expect(job.state).toBe('succeeded');
    expect(job.progress).toEqual({ done: 4, total: 4 });
    expect(job.result.counts.total).toBe(4);
    expect(job.result.photos).toHaveLength(4);
    const byName = new Map(job.result.photos.map((d: any) => [ids.get(d.photo_id), d]));
    expect(byName.get('c-dark.jpg')).toMatchObject({ decision: 'reject', reason: 'underexposed' });
    expect(byName.get('d-blurred.jpg')).toMatchObject({
      decision: 'reject',
      reason: 'blurry',
      explanation: expect.stringMatching(/^blurry: sharpness [\d.]+ < /),
    });
    // Keepers explain themselves too, and the result carries the thresholds that decided.
    for (const d of job.result.photos.filter((p: any) => p.decision === 'keeper')) {
      expect(['sharp_and_well_exposed', 'best_of_near_duplicates']).toContain(d.reason);
      expect(d.explanation).toMatch(/sharpness [\d.]+ >= /);
    }
    expect(job.result.thresholds).toMatchObject({
      under_mean: expect.any(Number),
      blur_floor: expect.any(Number),
      dup_distance: expect.any(Number),
      sharpness_threshold: expect.any(Number),
    });
    for (const d of job.result.photos) {
      const photo = (await api('GET', `/photos/${d.photo_id}`, { token })).body.photo;
      expect(photo.keeper).toBe(d.decision === 'keeper');
    }

    const again = await api('POST', '/ai/cull-jobs', { token, body: { shoot_id: shootId, sensitivity: 'medium' } });
    const second = await eventually(
      () => api('GET', `/ai/jobs/${again.body.job.id}`, { token }),
      (r) => r.body.job.state === 'succeeded',
    );
    expect(second.body.job.result).toEqual(job.result);
  });

  it('needs photographer or above; another tenant gets the exact 404', async () => {
    const shootId = await createShoot(t.tokens.owner, t.workspaceId, 'Cull rights');
    expect((await api('POST', '/ai/cull-jobs', { token: t.tokens.viewer, body: { shoot_id: shootId } })).status).toBe(403);
    const other = await tenant(['owner']);
    const r = await api('POST', '/ai/cull-jobs', { token: other.tokens.owner, body: { shoot_id: shootId } });
    expect(r.status).toBe(404);
    expect(r.text).toBe(NOT_FOUND_TEXT);
    expect((await api('GET', '/ai/jobs/7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60', { token: t.tokens.owner })).text).toBe(NOT_FOUND_TEXT);
  });
});
