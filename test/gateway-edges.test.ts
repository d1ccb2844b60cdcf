import { describe, expect, it, beforeAll } from 'vitest';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';

describe('gateway edges: bodies, unknown routes, request ids', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => {
    t = await tenant(['owner']);
  });

  it('malformed JSON is 400 invalid_input', async () => {
    const res = await api('POST', '/shoots', {
      token: t.tokens.owner,
      rawBody: '{"title": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
  });

  it('a non-JSON write is 400 invalid_input', async () => {
    const res = await api('POST', '/shoots', {
      token: t.tokens.owner,
      rawBody: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_input');
  });

  it('a body over 1 MiB is 400 invalid_input', async () => {
    const big = JSON.stringify({ workspace_id: t.workspaceId, title: 'x', notes: 'y'.repeat(1024 * 1024 + 10) });
    const res = await api('POST', '/clients', { token: t.tokens.owner, rawBody: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_input');
  });

  it('an unknown route is 404 with the standard body', async () => {
    for (const path of ['/nope', '/shoots/x/y/z', '/']) {
      const res = await api('GET', path, { token: t.tokens.owner });
      expect(res.status).toBe(404);
      expect(res.text).toBe(NOT_FOUND_TEXT);
    }
  });

  it('echoes a caller request id and makes one otherwise', async () => {
    const mine = await api('GET', '/auth/whoami', { token: t.tokens.owner, headers: { 'x-request-id': 'trace-abc.123' } });
    expect(mine.headers.get('x-request-id')).toBe('trace-abc.123');
    const made = await api('GET', '/auth/whoami', { token: t.tokens.owner, headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('errors never leak internals', async () => {
    const res = await api('GET', '/shoots/%E0%A4%A', { token: t.tokens.owner });
    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toMatch(/stack|prisma|select|at \w+ \(/i);
  });
});
