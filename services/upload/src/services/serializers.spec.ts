import { describe, expect, it } from 'vitest';
import type { JobRow } from '../store/job.store.js';
import { serializeJob } from './serializers.js';

describe('serializeJob', () => {
  it('gives keepers of a result stored before keepers had a reason their exact reason, and null thresholds', () => {
    const scores = { sharpness: 500, mean_luminance: 0.45, clipped_share: 0 };
    const decision = { scores, best_in_group: false, explanation: 'x' };
    const legacy = {
      sensitivity: 'medium',
      counts: { total: 3, keeper: 2, reject: 1, blurry: 0, underexposed: 0, overexposed: 0, duplicate: 1, duplicate_groups: 1 },
      photos: [
        { ...decision, photo_id: 'a', decision: 'keeper', reason: null, duplicate_group: null },
        { ...decision, photo_id: 'b', decision: 'keeper', reason: null, duplicate_group: 'dup:b', best_in_group: true },
        { ...decision, photo_id: 'c', decision: 'reject', reason: 'duplicate', duplicate_group: 'dup:b' },
      ],
    };
    const job = serializeJob({
      state: 'succeeded',
      params: { sensitivity: 'medium' },
      result: legacy,
      createdAt: new Date(),
    } as unknown as JobRow);
    expect(job.result?.thresholds).toBeNull();
    expect(job.result?.photos.map((p) => p.reason)).toEqual(['sharp_and_well_exposed', 'best_of_near_duplicates', 'duplicate']);
  });
});
