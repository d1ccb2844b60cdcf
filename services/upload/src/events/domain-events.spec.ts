/**
 * Every upload event builder against the event catalog: what it makes (as the outbox stores it, JSON) must parse
 * with its type's strict data schema, and together the builders must cover every type upload produces there.
 */
import { eventDataIssues, eventTypesOf } from '@studio/contracts/events';
import { describe, expect, it } from 'vitest';
import type { JobRow } from '../store/job.store.js';
import type { PhotoRow } from '../store/photo.store.js';
import { aiCullCompleted, aiJobDone, aiJobQueued, photoUploaded } from './domain-events.js';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const ID = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
const T0 = new Date('2026-11-22T10:00:00.123Z');
const T1 = new Date('2026-11-23T08:30:00.000Z');

const pending: PhotoRow = {
  id: ID,
  workspaceId: WORKSPACE,
  shootId: OTHER,
  uploadFileId: null,
  fileName: 'a.jpg',
  contentType: 'image/jpeg',
  size: 5_000_000_000,
  sha256: null,
  originalKey: 'o/a.jpg',
  webKey: null,
  thumbKey: null,
  width: null,
  height: null,
  captureTime: null,
  state: 'processing',
  failureReason: null,
  failureCode: null,
  uploadExpiresAt: null,
  features: null,
  keeper: true,
  cull: null,
  createdBy: OTHER,
  uploadedAt: null,
  processedAt: null,
  createdAt: T0,
  updatedAt: T0,
};
const culled: PhotoRow = {
  ...pending,
  uploadFileId: OTHER,
  sha256: 'ab'.repeat(32),
  width: 3000,
  height: 2000,
  captureTime: T0,
  state: 'ready',
  keeper: false,
  cull: { job_id: OTHER, decision: 'reject', reason: 'blurry', scores: { sharpness: 1 }, duplicate_group: null },
  uploadedAt: T0,
  processedAt: T1,
  updatedAt: T1,
};
const job = { id: ID, workspaceId: WORKSPACE, shootId: OTHER, type: 'cull' } as JobRow;
const counts = { total: 3, keeper: 2, reject: 1, blurry: 1, underexposed: 0, overexposed: 0, duplicate: 0, duplicate_groups: 0 };

describe('upload events', () => {
  const events = [
    photoUploaded(pending, null),
    photoUploaded(culled, OTHER),
    aiJobQueued(job),
    aiJobDone(job, 'succeeded', counts, null),
    aiJobDone(job, 'failed', null, 'no ready photos'),
    aiCullCompleted(job, 'high', counts),
  ];

  it('carry data that parses with the schema of their type in the event catalog', () => {
    for (const e of events) expect(eventDataIssues(e.type, e.payload), `${e.type}: ${JSON.stringify(e.payload)}`).toEqual([]);
  });

  it('cover every type the catalog names upload as the producer of', () => {
    expect([...new Set(events.map((e) => e.type))].sort()).toEqual([...eventTypesOf('upload')].sort());
  });
});
