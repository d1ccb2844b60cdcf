import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CANONICAL_UUID_RE, isCanonicalUuid, isUuid, UUID_PATTERN, UUID_RE, uuid } from './index.js';

const v4 = '6f1c2a8e-4b1d-4c3a-9f0e-1a2b3c4d5e6f';
const valid = [
  v4,
  v4.toUpperCase(),
  '0190a6f1-7b2c-7d3e-8f40-123456789abc',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  randomUUID(),
];
const invalid = [
  '6f1c2a8e-4b1d-9c3a-9f0e-1a2b3c4d5e6f', // version 9
  '6f1c2a8e-4b1d-0c3a-9f0e-1a2b3c4d5e6f', // version 0
  '6f1c2a8e-4b1d-4c3a-cf0e-1a2b3c4d5e6f', // not the RFC variant
  '11111111-1111-1111-1111-111111111111',
  '6f1c2a8e4b1d4c3a9f0e1a2b3c4d5e6f',
  `{${v4}}`,
  `${v4} `,
  `${v4}\n`,
  '6f1c2a8e-4b1d-4c3a-9f0e-1a2b3c4d5e6g',
  '',
];

describe('UUID', () => {
  it('accepts RFC 9562 UUIDs and the nil and max sentinels in either case', () => {
    for (const id of valid) expect(isUuid(id), id).toBe(true);
    for (const id of invalid) expect(isUuid(id), id).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it('in canonical form, lower case only', () => {
    expect(isCanonicalUuid(v4)).toBe(true);
    expect(isCanonicalUuid(v4.toUpperCase())).toBe(false);
    expect(isCanonicalUuid('6F1c2a8e-4b1d-4c3a-9f0e-1a2b3c4d5e6f')).toBe(false);
    for (const id of invalid) expect(CANONICAL_UUID_RE.test(id), id).toBe(false);
  });

  it('has a JSON Schema pattern that accepts the same strings without the i flag', () => {
    const pattern = new RegExp(UUID_PATTERN);
    for (const id of [...valid, 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', ...invalid]) expect(pattern.test(id), id).toBe(UUID_RE.test(id));
  });

  it("is zod's z.uuid(), which accepts the same set but for the upper-case max sentinel", () => {
    for (const id of [...valid, ...invalid]) expect(uuid().safeParse(id).success, id).toBe(UUID_RE.test(id));
    expect(uuid().safeParse('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF').success).toBe(false);
    expect(z.toJSONSchema(uuid())).toEqual(z.toJSONSchema(z.uuid()));
  });
});
