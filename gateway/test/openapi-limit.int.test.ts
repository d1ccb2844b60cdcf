/**
 * GET /api/v1/openapi.json needs no bearer, so it is limited per client address (OPENAPI_RATE_LIMIT_PER_MINUTE):
 * every answer carries RateLimit-*, the one past the budget is 429 rate_limited with Retry-After, an untrusted
 * X-Forwarded-For does not buy another budget, and the document's count is apart from a token's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, WS1, startHarness, type Harness } from './support/harness.js';

describe('the OpenAPI document is limited per client address', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { OPENAPI_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers within the budget with RateLimit-* headers, then 429 with Retry-After', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.call('/api/v1/openapi.json', { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      expect(res.status).not.toBe(429);
      expect(res.headers['ratelimit-limit']).toBe('3');
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await h.call('/api/v1/openapi.json');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ ok: false, error: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['x-request-id']).toBeTruthy();
  });

  it("does not spend a token's budget, nor is spent by it", async () => {
    const res = await h.call(`/api/v1/shoots?workspace_id=${WS1}`, { token: OWNER });
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-remaining']).not.toBe('0');
    expect((await h.call('/api/v1/openapi.json', { token: OWNER })).status).toBe(429);
  });
});
