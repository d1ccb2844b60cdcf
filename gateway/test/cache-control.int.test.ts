/**
 * Cache-Control: no-store on every API answer through the gateway (issue 14 item 9): proxied successes and errors,
 * the gateway's own refusals, Idempotency-Key replays and the bearer-issuing POST /client-sessions; an upstream's
 * own Cache-Control is replaced. The public OpenAPI document keeps its own caching.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, WS1, startHarness, type Harness } from './support/harness.js';
import { apiToken } from './support/tokens.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('gateway Cache-Control', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('marks a proxied success no-store', async () => {
    const res = await h.call(`/api/v1/shoots?workspace_id=${WS1}`, { token: OWNER });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks a proxied 404 and the gateway 404 of an unknown route no-store', async () => {
    const upstream404 = await h.call('/api/v1/shoots/not-found', { token: OWNER });
    expect(upstream404.status).toBe(404);
    expect(upstream404.headers['cache-control']).toBe('no-store');
    const unknown = await h.call('/api/v1/nothing-here', { token: OWNER });
    expect(unknown.status).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('marks the gateway refusals no-store (401 for a bad bearer)', async () => {
    const res = await h.call('/api/v1/workspaces', { token: apiToken('000000000009_nobody') });
    expect(res.status).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the first answer and its Idempotency-Key replay no-store', async () => {
    const send = () =>
      h.call('/api/v1/shoots', {
        token: OWNER,
        method: 'POST',
        headers: { ...JSON_HEADERS, 'idempotency-key': 'key-cache' },
        body: '{"t":1}',
      });
    const first = await send();
    const replay = await send();
    expect(first.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(replay.headers['cache-control']).toBe('no-store');
  });

  it("replaces an upstream's Cache-Control, streamed or captured for Idempotency-Key", async () => {
    const cacheable = (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(201, { 'content-type': 'application/json', 'cache-control': 'public, max-age=600' }).end('{"ok":true}');
    };
    h.upstream.on('/api/v1/clients', cacheable);
    const streamed = await h.call('/api/v1/clients', { token: OWNER, method: 'POST', headers: JSON_HEADERS, body: '{"n":1}' });
    const captured = await h.call('/api/v1/clients', {
      token: OWNER,
      method: 'POST',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'key-cache-upstream' },
      body: '{"n":1}',
    });
    expect(streamed.status).toBe(201);
    expect(captured.status).toBe(201);
    expect(streamed.headers['cache-control']).toBe('no-store');
    expect(captured.headers['cache-control']).toBe('no-store');
  });

  it('marks POST /client-sessions no-store (its answer carries a bearer)', async () => {
    const res = await h.call('/api/v1/client-sessions', { method: 'POST', headers: JSON_HEADERS, body: '{"portal_token":"x"}' });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public OpenAPI document alone', async () => {
    const doc = await h.call('/api/v1/openapi.json');
    expect(doc.headers['cache-control']).not.toBe('no-store');
    if (doc.status === 200) expect(doc.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});
