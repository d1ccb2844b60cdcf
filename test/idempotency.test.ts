/**
 * Idempotency-Key through the gateway against the whole stack (spec section 4 and 8, issue 24, decision 0001): replays,
 * 422 for another request under one key, per-token scope, concurrency; every POST that creates or acts takes the key
 * (galleries, publish, uploads, ...), and only answers of requests that ran are stored: after a 400, 403, 404 or 409
 * the same key runs the (corrected) request.
 */
import { describe, expect, it, beforeAll, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { api } from './support/client.js';
import { shootWithKeepers } from './support/gallery.js';
import { admin, tenant } from './support/operator.js';
import { until } from './support/poll.js';

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

  it('a 400 is not stored: the same request runs again, and the corrected body with the same key is created', async () => {
    const key = randomUUID();
    const bad = await post('/shoots', { workspace_id: t.workspaceId, title: '' }, key);
    expect(bad.status).toBe(400);
    const again = await post('/shoots', { workspace_id: t.workspaceId, title: '' }, key);
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const fixed = await post('/shoots', { workspace_id: t.workspaceId, title: `Fixed ${key}` }, key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    const replay = await post('/shoots', { workspace_id: t.workspaceId, title: `Fixed ${key}` }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.shoot.id).toBe(fixed.body.shoot.id);
  });
});

describe('Idempotency-Key on every POST that creates or acts (issue 24)', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  let shootId: string;
  beforeAll(async () => {
    t = await tenant(['owner', 'viewer']);
    ({ shootId } = await shootWithKeepers(t.tokens.owner, t.workspaceId, 1));
  }, 120_000);

  const post = (path: string, body: unknown, key: string, token = t.tokens.owner) =>
    api('POST', path, { token, body, headers: { 'idempotency-key': key } });
  const galleriesTitled = async (title: string) => {
    const list = await api('GET', '/galleries', { token: t.tokens.owner, query: { workspace_id: t.workspaceId, limit: 100 } });
    expect(list.status).toBe(200);
    return list.body.items.filter((g: { title: string }) => g.title === title);
  };

  it('POST /galleries twice with one key makes one gallery and replays the first answer; another body is 422', async () => {
    const key = randomUUID();
    const title = `Idem gallery ${key}`;
    const first = await post('/galleries', { shoot_id: shootId, title }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await post('/galleries', { shoot_id: shootId, title }, key);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.text).toBe(first.text);
    expect(await galleriesTitled(title)).toHaveLength(1);
    const other = await post('/galleries', { shoot_id: shootId, title: `${title} (2)` }, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ ok: false, error: 'idempotency_conflict' });
    expect(await galleriesTitled(`${title} (2)`)).toHaveLength(0);
  });

  it('a 400 (bad body) is not stored: the corrected body with the same key runs, then replays', async () => {
    const key = randomUUID();
    const title = `Corrected ${key}`;
    const bad = await post('/galleries', { shoot_id: 'not-a-uuid', title }, key);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_input');
    const fixed = await post('/galleries', { shoot_id: shootId, title }, key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    const replay = await post('/galleries', { shoot_id: shootId, title }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.gallery.id).toBe(fixed.body.gallery.id);
    expect(await galleriesTitled(title)).toHaveLength(1);
  });

  it('a 403 is not stored: once the role is raised, the same key runs', async () => {
    const key = randomUUID();
    const title = `Raised ${key}`;
    const refused = await post('/galleries', { shoot_id: shootId, title }, key, t.tokens.viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
    await admin('add-member', '--workspace', t.workspaceId, '--profile', t.profiles.viewer, '--role', 'photographer');
    // The gateway caches a token's memberships briefly: retry the same request with the same key until the new role
    // is seen. Had the 403 been stored, every retry would replay it and this would never end.
    const created = await until('the same key runs with the raised role', async () => {
      const res = await post('/galleries', { shoot_id: shootId, title }, key, t.tokens.viewer);
      if (res.status === 403) return null;
      return res;
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    const replay = await post('/galleries', { shoot_id: shootId, title }, key, t.tokens.viewer);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await galleriesTitled(title)).toHaveLength(1);
  });

  it('a 404 is not stored: the same key with a valid id runs; publish is then replayed', async () => {
    const gallery = (await post('/galleries', { shoot_id: shootId, title: `Publish ${randomUUID()}` }, randomUUID())).body.gallery;
    const key = randomUUID();
    const missing = await post(`/galleries/${randomUUID()}/publish`, undefined, key);
    expect(missing.status).toBe(404);
    const published = await post(`/galleries/${gallery.id}/publish`, undefined, key);
    expect(published.status).toBe(200);
    expect(published.headers.get('idempotent-replayed')).toBeNull();
    expect(published.body.gallery.state).toBe('published');
    const replay = await post(`/galleries/${gallery.id}/publish`, undefined, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(published.text);
    // The key now names that publish: on another gallery it is another request.
    expect((await post(`/galleries/${randomUUID()}/publish`, undefined, key)).status).toBe(422);
    // A shoot the caller does not reach is 404 on create, and the same key then creates from the right shoot.
    const createKey = randomUUID();
    const title = `After 404 ${createKey}`;
    expect((await post('/galleries', { shoot_id: randomUUID(), title }, createKey)).status).toBe(404);
    expect((await post('/galleries', { shoot_id: shootId, title }, createKey)).status).toBe(201);
  });

  it('upload routes take the key: a session and a pause are replayed; a 409 is not stored', async () => {
    const key = randomUUID();
    const session = await post('/upload-sessions', { shoot_id: shootId }, key);
    expect(session.status).toBe(201);
    const again = await post('/upload-sessions', { shoot_id: shootId }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.session.id).toBe(session.body.session.id);
    const sessionId = session.body.session.id as string;

    const pauseKey = randomUUID();
    const paused = await post(`/upload-sessions/${sessionId}/pause`, undefined, pauseKey);
    expect(paused.status).toBe(200);
    expect(paused.body.session.state).toBe('paused');
    const pausedAgain = await post(`/upload-sessions/${sessionId}/pause`, undefined, pauseKey);
    expect(pausedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(pausedAgain.text).toBe(paused.text);

    // Registering files on a paused session is 409; after unpausing, the same key registers them.
    const files = { files: [{ file_name: 'a.jpg', content_type: 'image/jpeg', size: 1024, sha256: 'a'.repeat(64) }] };
    const filesKey = randomUUID();
    const refused = await post(`/upload-sessions/${sessionId}/files`, files, filesKey);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('conflict');
    expect((await post(`/upload-sessions/${sessionId}/unpause`, undefined, randomUUID())).status).toBe(200);
    const registered = await post(`/upload-sessions/${sessionId}/files`, files, filesKey);
    expect(registered.status).toBe(201);
    expect(registered.headers.get('idempotent-replayed')).toBeNull();
    const registeredAgain = await post(`/upload-sessions/${sessionId}/files`, files, filesKey);
    expect(registeredAgain.headers.get('idempotent-replayed')).toBe('true');
    const read = await api('GET', `/upload-sessions/${sessionId}`, { token: t.tokens.owner });
    expect(read.body.session.files).toHaveLength(1);
  });

  it('every POST operation of the served document except POST /client-sessions declares Idempotency-Key (and 422)', async () => {
    const res = await api('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as { paths: Record<string, Record<string, { parameters?: { $ref?: string }[]; responses: object }>> };
    const takesKey = (op: { parameters?: { $ref?: string }[] }) =>
      (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
    const posts: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === 'post' && path !== '/client-sessions') {
          posts.push(path);
          expect(takesKey(op), `POST ${path}`).toBe(true);
          expect(op.responses, `POST ${path}`).toHaveProperty('422');
        } else if (['get', 'put', 'patch', 'delete', 'post'].includes(method)) {
          expect(takesKey(op), `${method.toUpperCase()} ${path}`).toBe(false);
        }
      }
    }
    // The services' own route definitions say so too (idempotent: true): the gateway had nothing to correct.
    const ports = inject('ports');
    for (const port of [ports.studioHttp, ports.galleryHttp, ports.uploadHttp, ports.searchHttp, ports.webhooksHttp]) {
      const fragment = (await (await fetch(`http://127.0.0.1:${port}/internal/openapi`)).json()) as typeof doc;
      for (const [path, item] of Object.entries(fragment.paths))
        for (const [method, op] of Object.entries(item))
          if (['get', 'put', 'patch', 'delete', 'post'].includes(method))
            expect(takesKey(op), `${method.toUpperCase()} ${path} (port ${port})`).toBe(method === 'post' && path !== '/client-sessions');
    }
    // The routes issue 24 names (the list in docs/decisions/0001) are all there.
    for (const path of [
      '/shoots',
      '/clients',
      '/galleries',
      '/galleries/{id}/publish',
      '/galleries/{id}/favorites',
      '/photos',
      '/photos/{id}/finalize',
      '/upload-sessions',
      '/upload-sessions/{id}/files',
      '/upload-sessions/{id}/finalize',
      '/ai/cull-jobs',
      '/webhook-endpoints',
      '/webhooks/subscriptions',
      '/webhook-deliveries/{id}/replay',
      '/webhook-endpoints/{id}/rotate-secret',
      '/webhook-endpoints/{id}/test',
    ])
      expect(posts, path).toContain(path);
  });
});
