/**
 * The project keeps a copy of the public contract (docs/spec/public-api.md) so its OpenAPI parity test runs in a
 * clone anywhere; where the shared spec sits beside the project, the copy must be identical to it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED = path.resolve(ROOT, '../shared/spec/public-api.md');
const COPY = path.join(ROOT, 'docs/spec/public-api.md');

describe('docs/spec/public-api.md', () => {
  it('is the shared contract, unchanged (when the shared spec is beside the project)', () => {
    const copy = readFileSync(COPY, 'utf8');
    expect(copy).toMatch(/^# Studio Public API/);
    if (existsSync(SHARED)) expect(copy).toBe(readFileSync(SHARED, 'utf8'));
  });
});
