/**
 * Canonical JSON for Idempotency-Key fingerprints: object keys sorted (by UTF-16 code units, recursively),
 * no whitespace, array order kept. Two bodies that differ only in whitespace or key order get the same
 * fingerprint. A request's fingerprint adds its method and path, since a key is scoped per token, not per route.
 */
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // JSON.parse output only: string, number, boolean, null.
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += canonicalJson(value[i]);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (i > 0) out += ',';
    out += `${JSON.stringify(key)}:${canonicalJson(record[key])}`;
  }
  return `${out}}`;
}

/**
 * SHA-256 (hex) of the canonical JSON of a parsed body; an absent body has its own fingerprint.
 * Throws RangeError for a body nested too deeply to canonicalise (callers answer 400).
 */
export function bodyFingerprint(parsed: unknown, present: boolean): string {
  const canonical = present ? `json:${canonicalJson(parsed)}` : 'empty';
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * SHA-256 (hex) naming one request for Idempotency-Key: method, path and body fingerprint. The same key from the
 * same token with another fingerprint is an idempotency_conflict.
 */
export function requestFingerprint(method: string, path: string, body: string): string {
  // A JSON array, so no path or body can imitate another split of the three parts.
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), path, body]))
    .digest('hex');
}
