/** json-depth: nesting is measured in containers, without recursion, and refused past the limit. */
import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth.js';

/** `levels` arrays (or objects) inside each other, built without recursion. */
function nested(levels: number, kind: 'array' | 'object' = 'array'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

describe('exceedsJsonDepth', () => {
  it('counts containers: scalars are depth 0, {} depth 1', () => {
    for (const scalar of [null, 1, 'x', true, undefined]) expect(exceedsJsonDepth(scalar, 0)).toBe(false);
    expect(exceedsJsonDepth({}, 0)).toBe(true);
    expect(exceedsJsonDepth({}, 1)).toBe(false);
    expect(exceedsJsonDepth({ a: [1] }, 1)).toBe(true);
    expect(exceedsJsonDepth({ a: [1] }, 2)).toBe(false);
  });

  it('accepts the deepest real input and anything up to the limit, refuses one level more', () => {
    expect(exceedsJsonDepth({ files: [{ file_name: 'a.jpg', size: 1 }] })).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1, 'object'))).toBe(true);
  });

  it('finds a deep branch beside shallow ones', () => {
    expect(exceedsJsonDepth({ a: 1, b: [2, 3], c: { d: nested(MAX_JSON_DEPTH) } })).toBe(true);
  });

  it('handles nesting far beyond the call stack without throwing', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(exceedsJsonDepth(deep)).toBe(true);
    expect(exceedsJsonDepth(deep, 200_000)).toBe(false);
  });

  it('takes a flat object or array as one level without walking it, and still counts it against the limit', () => {
    expect(exceedsJsonDepth({ id: 'x', n: 1, none: null })).toBe(false);
    expect(exceedsJsonDepth(['a', 1, null])).toBe(false);
    expect(exceedsJsonDepth({ id: 'x' }, 0)).toBe(true);
    expect(exceedsJsonDepth({ id: 'x', inner: {} }, 1)).toBe(true);
    expect(exceedsJsonDepth({ id: 'x', inner: {} }, 2)).toBe(false);
    expect(exceedsJsonDepth('text', 0)).toBe(false);
  });
});
