/**
 * The gateway's cap on requests in flight (GATEWAY_MAX_IN_FLIGHT, docs/decisions/0019-load-shedding.md): with two
 * requests held by a slow upstream, the third is answered 503 + Retry-After at once, the first two complete, the
 * refusal is counted, and the admin port still answers.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, startHarness, waitUntil, type Harness } from './support/harness.js';

describe('gateway in-flight cap', () => {
  let h: Harness;
  /** Answers of the held upstream requests, released by the test. */
  const held: http.ServerResponse[] = [];
  beforeAll(async () => {
    h = await startHarness({ env: { GATEWAY_MAX_IN_FLIGHT: '2' } });
    h.upstream.on('/api/v1/shoots/held', (_req, res) => void held.push(res));
  });
  afterAll(async () => {
    for (const res of held) res.end();
    await h?.close();
  });

  const release = () => {
    for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  };

  it('refuses the third concurrent request at once with 503 unavailable and Retry-After; the first two complete', async () => {
    const first = h.call('/api/v1/shoots/held', { token: OWNER });
    const second = h.call('/api/v1/shoots/held', { token: OWNER });
    expect(await waitUntil(async () => held.length === 2, 5000)).toBe(true);

    const third = await h.call('/api/v1/shoots/held', { token: OWNER });
    expect(third.status).toBe(503);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.headers['x-content-type-options']).toBe('nosniff');
    expect(third.json).toEqual({ ok: false, error: 'unavailable', message: expect.any(String), request_id: third.headers['x-request-id'] });
    // Answered while both places were still held, without reaching the upstream.
    expect(held).toHaveLength(2);
    expect(h.upstream.requests.filter((r) => r.url === '/api/v1/shoots/held')).toHaveLength(2);

    // Everything on the public port counts, not only the API: the OpenAPI document and unknown paths too.
    expect((await h.call('/api/v1/openapi.json')).status).toBe(503);
    expect((await h.call('/nowhere')).status).toBe(503);
    // The admin port is not capped: probes and metrics answer while the public port sheds.
    expect((await h.admin('/healthz')).status).toBe(200);
    expect((await h.admin('/metrics')).text).toMatch(/^http_shed_total\{service="gateway"\} 3$/m);

    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });

  it('frees the places once the answers are out: the next requests are served', async () => {
    const next = await h.call('/api/v1/shoots/x', { token: OWNER });
    expect(next.status).toBe(200);
    const pair = [h.call('/api/v1/shoots/y', { token: OWNER }), h.call('/api/v1/shoots/z', { token: OWNER })];
    expect((await Promise.all(pair)).map((r) => r.status)).toEqual([200, 200]);
  });
});
