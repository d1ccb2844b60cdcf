import { describe, expect, it } from 'vitest';
import { bodyFingerprint, canonicalJson, requestFingerprint } from './fingerprint.js';

describe('canonicalJson', () => {
  it('sorts object keys recursively and drops whitespace', () => {
    expect(canonicalJson(JSON.parse('{ "b": 1, "a": { "d": [ 2, {"z":0,"y":1} ], "c": null } }'))).toBe(
      '{"a":{"c":null,"d":[2,{"y":1,"z":0}]},"b":1}',
    );
  });

  it('keeps array order and scalar forms', () => {
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
    expect(canonicalJson('é"\n')).toBe('"é\\"\\n"');
    expect(canonicalJson(1.5e2)).toBe('150');
    expect(canonicalJson(true)).toBe('true');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson([])).toBe('[]');
  });

  it('treats __proto__ as an ordinary key', () => {
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":2}'))).toBe('{"__proto__":{"x":1},"a":2}');
  });

  it('sorts by code units, so non-ASCII keys are stable', () => {
    expect(canonicalJson({ é: 1, z: 2, A: 3 })).toBe('{"A":3,"z":2,"é":1}');
  });
});

describe('bodyFingerprint', () => {
  it('is equal for bodies that differ only in whitespace and key order', () => {
    const a = bodyFingerprint(JSON.parse('{"title":"A","workspace_id":"w","tags":["x","y"]}'), true);
    const b = bodyFingerprint(JSON.parse('{ "workspace_id" : "w",\n "tags": [ "x", "y" ], "title": "A" }'), true);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for different values, array order, and absent vs empty bodies', () => {
    const base = bodyFingerprint({ a: 1 }, true);
    expect(bodyFingerprint({ a: 2 }, true)).not.toBe(base);
    expect(bodyFingerprint([1, 2], true)).not.toBe(bodyFingerprint([2, 1], true));
    expect(bodyFingerprint(undefined, false)).not.toBe(bodyFingerprint({}, true));
    expect(bodyFingerprint(null, true)).not.toBe(bodyFingerprint(undefined, false));
    expect(bodyFingerprint('1', true)).not.toBe(bodyFingerprint(1, true));
  });

  it('throws RangeError for absurd nesting (callers answer 400)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(() => bodyFingerprint(deep, true)).toThrow(RangeError);
  });
});

describe('requestFingerprint', () => {
  const body = bodyFingerprint({ name: 'A' }, true);

  it('is stable and names method, path and body', () => {
    const base = requestFingerprint('POST', '/api/v1/clients', body);
    expect(requestFingerprint('post', '/api/v1/clients', body)).toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint('POST', '/api/v1/shoots', body)).not.toBe(base);
    expect(requestFingerprint('PUT', '/api/v1/clients', body)).not.toBe(base);
    expect(requestFingerprint('POST', '/api/v1/clients', bodyFingerprint({ name: 'B' }, true))).not.toBe(base);
  });

  it('cannot be confused by a path that holds the separator', () => {
    expect(requestFingerprint('POST', '/a\nb', 'c')).not.toBe(requestFingerprint('POST', '/a', 'b\nc'));
  });
});
