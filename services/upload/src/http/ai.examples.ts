/**
 * OpenAPI examples of the AI job routes, written out because the derived ones cannot show what matters: a queued
 * job has no result, and a finished cull's decisions, reasons and explanations agree with each other and with the
 * thresholds (the "medium" preset of src/imaging/cull.ts, in the words that module writes).
 */
import { exampleUuid } from '@studio/http/openapi';
import { CULL_PRESETS } from '../imaging/cull.js';

const job = exampleUuid('AiJob');
const [kept, twin, soft] = [exampleUuid('Photo'), exampleUuid('Photo.2'), exampleUuid('Photo.3')];
const base = {
  id: job,
  workspace_id: exampleUuid('Workspace'),
  shoot_id: exampleUuid('Shoot'),
  type: 'cull',
  sensitivity: 'medium',
  error: null,
  created_at: '2026-11-24T10:30:00Z',
};

export const queuedCullJob = {
  ok: true,
  job: { ...base, state: 'queued', progress: { done: 0, total: 3 }, result: null, attempts: 0, started_at: null, finished_at: null },
};

export const succeededCullJob = {
  ok: true,
  job: {
    ...base,
    state: 'succeeded',
    progress: { done: 3, total: 3 },
    attempts: 1,
    started_at: '2026-11-24T10:30:01Z',
    finished_at: '2026-11-24T10:30:04Z',
    result: {
      sensitivity: 'medium',
      counts: { total: 3, keeper: 1, reject: 2, blurry: 1, underexposed: 0, overexposed: 0, duplicate: 1, duplicate_groups: 1 },
      // The preset the job ran with, and what the shoot made of it.
      thresholds: { ...CULL_PRESETS.medium, sharpness_reference: 120, sharpness_threshold: 36 },
      photos: [
        {
          photo_id: kept,
          decision: 'keeper',
          reason: 'best_of_near_duplicates',
          scores: { sharpness: 182.4, mean_luminance: 0.46, clipped_share: 0.01 },
          duplicate_group: `dup:${kept}`,
          best_in_group: true,
          explanation:
            'sharpest of 2 near-duplicates (sharpness 182.4 vs 95.1); sharpness 182.4 >= 36 (0.3 x shoot median 120), mean luminance 0.46 within 0.15..0.85',
        },
        {
          photo_id: twin,
          decision: 'reject',
          reason: 'duplicate',
          scores: { sharpness: 95.1, mean_luminance: 0.45, clipped_share: 0.01 },
          duplicate_group: `dup:${kept}`,
          best_in_group: false,
          explanation: `duplicate: one of 2 near-duplicates; ${kept} is sharper and kept (sharpness 182.4 vs 95.1)`,
        },
        {
          photo_id: soft,
          decision: 'reject',
          reason: 'blurry',
          scores: { sharpness: 14.2, mean_luminance: 0.52, clipped_share: 0 },
          duplicate_group: null,
          best_in_group: false,
          explanation: 'blurry: sharpness 14.2 < 36 (0.3 x shoot median 120)',
        },
      ],
    },
  },
};
