import { describe, expect, it } from 'vitest';
import { completePartBody, registerFilesBody } from '../http/upload-session.schema.js';
import { MULTIPART_LIMITS, partSizeOf, planParts } from './upload-session.service.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('planParts', () => {
  it('uses 8 MiB parts by default and one part for small files', () => {
    expect(planParts(100, null)).toEqual({ partSize: 8 * MiB, partCount: 1 });
    expect(planParts(8 * MiB + 1, null)).toEqual({ partSize: 8 * MiB, partCount: 2 });
  });

  it('grows the default part size to whole MiB so a file fits in 10,000 parts', () => {
    const { partSize, partCount } = planParts(100 * GiB, null);
    expect(partSize % MiB).toBe(0);
    expect(partCount).toBeLessThanOrEqual(MULTIPART_LIMITS.maxParts);
    expect(partSize).toBe(11 * MiB);
  });

  it('keeps a requested part size even when that makes too many parts (the caller refuses it)', () => {
    expect(planParts(100 * GiB, 5 * MiB).partCount).toBe(20_480);
  });
});

describe('partSizeOf (the Content-Length each part URL signs)', () => {
  it('is the part size for every part but the last, which holds the exact remainder', () => {
    const file = { sizeBytes: 2 * 5 * MiB + 123, partSize: 5 * MiB, partCount: 3 };
    expect([1, 2, 3].map((n) => partSizeOf(file, n))).toEqual([5 * MiB, 5 * MiB, 123]);
    const exact = { sizeBytes: 10 * MiB, ...planParts(10 * MiB, 5 * MiB) };
    expect([1, 2].map((n) => partSizeOf(exact, n))).toEqual([5 * MiB, 5 * MiB]);
    const one = { sizeBytes: 100, ...planParts(100, null) };
    expect(partSizeOf(one, 1)).toBe(100);
  });
});

describe('upload-session bodies', () => {
  it('accepts one file at the top level or a list under files', () => {
    const one = registerFilesBody.parse({ file_name: 'a.jpg', size: 5, content_type: 'IMAGE/JPEG' });
    expect(one.files).toEqual([{ file_name: 'a.jpg', size: 5, content_type: 'image/jpeg', sha256: null, part_size: null }]);
    expect(registerFilesBody.safeParse({ files: [] }).success).toBe(false);
    expect(registerFilesBody.safeParse({ file_name: 'a.jpg', size: 5, content_type: 'image/jpeg', part_size: MiB }).success).toBe(false);
  });

  it('stores ETags in S3 form (quoted) whether or not the client quoted them', () => {
    expect(completePartBody.parse({ part_number: 1, etag: 'abc123' }).etag).toBe('"abc123"');
    expect(completePartBody.parse({ part_number: 1, etag: '"abc123-2"' }).etag).toBe('"abc123-2"');
    expect(completePartBody.safeParse({ part_number: 1, etag: 'a b' }).success).toBe(false);
    expect(completePartBody.safeParse({ part_number: 0, etag: 'abc' }).success).toBe(false);
  });
});
