import { describe, expect, it, beforeAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { api } from './support/client.js';
import { tenant } from './support/operator.js';

describe('Idempotency-Key', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => {
    t = await tenant(['owner', 'admin']);
  });

  const post = (path: string, body: unknown, key?: string, token = t.tokens.owner) =>
    api('POST', path, { token, body, headers: key === undefined ? {} : { 'idempotency-key': key } });

  it('same key and body replays the original answer without running it again', async () => {
    const key = randomUUID();
    const body = { workspace_id: t.workspaceId, title: 'Idem Shoot' };
    const first = await post('/shoots', body, key);
    expect(first.status).toBe(201);
    const second = await post('/shoots', body, key);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    // Key order and whitespace do not make a different body.
    const reordered = await api('POST', '/shoots', {
      token: t.tokens.owner,
      rawBody: `{ "title": "Idem Shoot",  "workspace_id": "${t.workspaceId}" }`,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    expect(reordered.body.shoot.id).toBe(first.body.shoot.id);
    const list = await api('GET', '/shoots', { token: t.tokens.owner, query: { workspace_id: t.workspaceId } });
    expect(list.body.items.filter((s: { title: string }) => s.title === 'Idem Shoot')).toHaveLength(1);
  });

  it('same key with a different body is 422 idempotency_conflict', async () => {
    const key = randomUUID();
    expect((await post('/clients', { workspace_id: t.workspaceId, name: 'One' }, key)).status).toBe(201);
    const res = await post('/clients', { workspace_id: t.workspaceId, name: 'Two' }, key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ ok: false, error: 'idempotency_conflict' });
  });

  it('the same key on another route with another body is 422 idempotency_conflict', async () => {
    const key = randomUUID();
    expect((await post('/shoots', { workspace_id: t.workspaceId, title: 'Cross route' }, key)).status).toBe(201);
    const res = await post('/clients', { workspace_id: t.workspaceId, name: 'Cross route' }, key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ ok: false, error: 'idempotency_conflict' });
    const list = await api('GET', '/clients', { token: t.tokens.owner, query: { workspace_id: t.workspaceId, limit: 100 } });
    expect(list.body.items.filter((c: { name: string }) => c.name === 'Cross route')).toHaveLength(0);
  });

  it('the same key from another token is independent, on any route', async () => {
    const key = randomUUID();
    const shoot = await post('/shoots', { workspace_id: t.workspaceId, title: 'Other token' }, key, t.tokens.owner);
    const client = await post('/clients', { workspace_id: t.workspaceId, name: 'Other token' }, key, t.tokens.admin);
    expect(shoot.status).toBe(201);
    expect(client.status).toBe(201);
    expect(client.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers and replays are Cache-Control: no-store', async () => {
    const key = randomUUID();
    const body = { workspace_id: t.workspaceId, title: 'No store' };
    const first = await post('/shoots', body, key);
    const replay = await post('/shoots', body, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(replay.headers.get('cache-control')).toBe('no-store');
  });

  it('keys are scoped per token', async () => {
    const key = randomUUID();
    const a = await post('/clients', { workspace_id: t.workspaceId, name: 'Scoped' }, key, t.tokens.owner);
    const b = await post('/clients', { workspace_id: t.workspaceId, name: 'Scoped' }, key, t.tokens.admin);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.client.id).not.toBe(a.body.client.id);
  });

  it.each([
    ['empty', ''],
    ['201 characters', 'k'.repeat(201)],
  ])('a key that is %s is 400', async (_n, key) => {
    const res = await post('/shoots', { workspace_id: t.workspaceId, title: 'x' }, key);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_input');
  });

  it('a 200-character key is accepted', async () => {
    expect((await post('/shoots', { workspace_id: t.workspaceId, title: 'Long key' }, 'k'.repeat(200))).status).toBe(201);
  });

  it('20 concurrent requests with one key create exactly one shoot', async () => {
    const key = randomUUID();
    const title = `Race ${key}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/shoots', { workspace_id: t.workspaceId, title }, key)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const ids = new Set(results.map((r) => r.body.shoot.id));
    expect(ids.size).toBe(1);
    const list = await api('GET', '/shoots', { token: t.tokens.owner, query: { workspace_id: t.workspaceId, limit: 100 } });
    expect(list.body.items.filter((s: { title: string }) => s.title === title)).toHaveLength(1);
  });

  it('an error answer is replayed too (4xx is a final answer)', async () => {
    const key = randomUUID();
    const bad = await post('/shoots', { workspace_id: t.workspaceId, title: '' }, key);
    expect(bad.status).toBe(400);
    const again = await post('/shoots', { workspace_id: t.workspaceId, title: '' }, key);
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
