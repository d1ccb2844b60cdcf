/**
 * Issue 24 item 7, black box: one way to say "deprecated". Every answer of the deprecated legacy /webhook-endpoints
 * operations (list, create, delete), refusals included, carries RFC 9745 `Deprecation: @<unix seconds>`, RFC 8594
 * `Sunset` and a `Link` to the migration guide in the HTML reference; the routes that are not deprecated (the
 * subscriptions, rotate-secret, the delivery history, any other route) carry none of them; the document marks exactly
 * the deprecated operations and documents the three headers on them, and on the photos page for the legacy offset
 * cursor. (The cursor's answers themselves: test/galleries.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiResponse } from './support/client.js';
import { tenant } from './support/operator.js';

const LEGACY = {
  deprecation: `@${Date.UTC(2026, 10, 1) / 1000}`,
  sunset: 'Sat, 01 May 2027 00:00:00 GMT',
  link: '</api/v1/docs#section/Migrating-from-webhook-endpoints>; rel="deprecation"; type="text/html"',
};

const headersOf = (res: ApiResponse) => ({
  deprecation: res.headers.get('deprecation'),
  sunset: res.headers.get('sunset'),
  link: res.headers.get('link'),
});
const NONE = { deprecation: null, sunset: null, link: null };

describe('Deprecation, Sunset and Link', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  const target = 'http://127.0.0.1:9/hook';

  beforeAll(async () => {
    t = await tenant(['owner', 'viewer']);
  });

  it('are on every answer of the legacy list, create and delete, successes and refusals alike', async () => {
    const answers: [string, number, ApiResponse][] = [];
    const call = async (what: string, status: number, res: Promise<ApiResponse>) => answers.push([what, status, await res]);
    const ws = t.workspaceId;
    await call('list', 200, api('GET', '/webhook-endpoints', { token: t.tokens.viewer, query: { workspace_id: ws } }));
    await call('list without workspace_id', 400, api('GET', '/webhook-endpoints', { token: t.tokens.viewer }));
    await call(
      'list of another workspace',
      404,
      api('GET', '/webhook-endpoints', { token: t.tokens.viewer, query: { workspace_id: randomUUID() } }),
    );
    const body = { workspace_id: ws, url: target, event_types: ['gallery.published'] };
    await call('create by a viewer', 403, api('POST', '/webhook-endpoints', { token: t.tokens.viewer, body }));
    await call(
      'create with a bad body',
      400,
      api('POST', '/webhook-endpoints', { token: t.tokens.owner, body: { ...body, event_types: ['nope'] } }),
    );
    const created = await api('POST', '/webhook-endpoints', { token: t.tokens.owner, body });
    answers.push(['create', 201, created]);
    const id = created.body?.webhook_endpoint?.id as string;
    await call('delete by a viewer', 403, api('DELETE', `/webhook-endpoints/${id}`, { token: t.tokens.viewer }));
    await call('delete of an unknown id', 404, api('DELETE', `/webhook-endpoints/${randomUUID()}`, { token: t.tokens.owner }));
    await call('delete with a bad id', 400, api('DELETE', '/webhook-endpoints/not-a-uuid', { token: t.tokens.owner }));
    await call('delete', 200, api('DELETE', `/webhook-endpoints/${id}`, { token: t.tokens.owner }));
    for (const [what, status, res] of answers) {
      expect(res.status, `${what}: ${res.text}`).toBe(status);
      expect(headersOf(res), what).toEqual(LEGACY);
    }
  });

  it('are on no answer of a route that is not deprecated', async () => {
    const ws = t.workspaceId;
    const sub = await api('POST', '/webhooks/subscriptions', {
      token: t.tokens.owner,
      body: { workspace_id: ws, target_url: target, event: 'gallery.published' },
    });
    expect(sub.status, sub.text).toBe(201);
    const id = sub.body.subscription.id;
    expect(typeof id).toBe('string');
    const answers: [string, ApiResponse][] = [
      ['subscribe', sub],
      ['rotate-secret', await api('POST', `/webhook-endpoints/${id}/rotate-secret`, { token: t.tokens.owner })],
      ['deliveries', await api('GET', `/webhook-endpoints/${id}/deliveries`, { token: t.tokens.owner })],
      ['unsubscribe', await api('DELETE', '/webhooks/subscriptions', { token: t.tokens.owner, body: { id } })],
      ['workspaces', await api('GET', '/workspaces', { token: t.tokens.owner })],
      ['shoots without workspace_id', await api('GET', '/shoots', { token: t.tokens.owner })],
    ];
    for (const [what, res] of answers) {
      expect(res.status, `${what}: ${res.text}`).toBeLessThan(500);
      expect(headersOf(res), what).toEqual(NONE);
    }
  });

  it('the document marks exactly the deprecated operations and documents the three headers on them', async () => {
    const doc = (await api('GET', '/openapi.json')).body;
    const deprecated: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (!op.deprecated) continue;
        deprecated.push(`${method.toUpperCase()} ${path}`);
        const success = Object.entries<any>(op.responses).find(([status]) => status.startsWith('2'))![1];
        expect(Object.keys(success.headers), `${method} ${path}`).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
        expect(op.description).toContain('/api/v1/docs#section/Migrating-from-webhook-endpoints');
      }
    }
    expect(deprecated.sort()).toEqual(['DELETE /webhook-endpoints/{id}', 'GET /webhook-endpoints', 'POST /webhook-endpoints']);
    expect(doc.components.headers.Deprecation.schema.pattern).toBeDefined();
    // The legacy offset cursor: the operation stays, its answers to such a cursor carry the headers.
    const photos = doc.paths['/galleries/{id}/photos'].get;
    expect(photos.deprecated).toBeUndefined();
    expect(Object.keys(photos.responses['200'].headers)).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
    expect(photos.description).toContain('/api/v1/docs#section/Migrating-from-offset-cursors');
  });
});
