/**
 * API tokens through the whole stack (docs/api-tokens.md): checksummed tokens minted by the operator CLI, a mistyped
 * one refused 401, read-only tokens (GET 200, anything else 403 forbidden), the legacy form still accepted, an
 * expired token refused, and a rolled token whose old secret works within the overlap and not after it.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { eventually } from '@studio/testkit/api';
import { api } from './support/client.js';
import { createToken, expireToken, legacyToken, rollToken, tenant } from './support/operator.js';

const UNAUTHORIZED = { ok: false, error: 'unauthorized' };
/** A different last character: the checksum no longer matches. */
const mistype = (token: string) => token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');

describe('API tokens', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => {
    t = await tenant(['owner']);
  });

  it('are stu_ + 46 base62 characters, and a mistyped one is 401', async () => {
    expect(t.tokens.owner).toMatch(/^stu_[0-9A-Za-z]{46}$/);
    const res = await api('GET', '/auth/whoami', { token: mistype(t.tokens.owner) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('a read-only token reads (GET 200) and is refused every write with 403 forbidden', async () => {
    const { token } = await createToken(t.profiles.owner, { readOnly: true, workspaceId: t.workspaceId });
    const list = await api('GET', '/shoots', { token, query: { workspace_id: t.workspaceId } });
    expect(list.status).toBe(200);
    expect((await api('GET', '/auth/whoami', { token })).status).toBe(200);
    const create = await api('POST', '/shoots', {
      token,
      headers: { 'idempotency-key': `ro-${Date.now()}` },
      body: { workspace_id: t.workspaceId, title: 'Not allowed' },
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({ ok: false, error: 'forbidden', message: 'this token is read-only' });
    // Nothing was created.
    const after = await api('GET', '/shoots', { token, query: { workspace_id: t.workspaceId } });
    expect(after.body.items).toEqual(list.body.items);
    // The same owner's read-write token may write.
    const written = await api('POST', '/shoots', {
      token: t.tokens.owner,
      headers: { 'idempotency-key': `rw-${Date.now()}` },
      body: { workspace_id: t.workspaceId, title: 'Allowed' },
    });
    expect(written.status).toBe(201);
  });

  it('a token of the legacy form (issued before the checksum) still works', async () => {
    const token = await legacyToken(t.profiles.owner);
    expect(token).toMatch(/^stu_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const res = await api('GET', '/auth/whoami', { token });
    expect(res.status).toBe(200);
    expect(res.body.profile.id).toBe(t.profiles.owner);
  });

  it('an expired token is 401', async () => {
    const created = await createToken(t.profiles.owner, { expiresInDays: 1 });
    expect(Date.parse(created.expires_at!)).toBeGreaterThan(Date.now());
    await expireToken(created.token_id);
    const res = await api('GET', '/auth/whoami', { token: created.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it("a rolled token's old secret works within the overlap; with no overlap it stops (within the auth cache's 2 s)", async () => {
    const created = await createToken(t.profiles.owner);
    expect((await api('GET', '/auth/whoami', { token: created.token })).status).toBe(200);

    const overlapped = await rollToken(created.token_id, 3600);
    expect(Date.parse(overlapped.previous_valid_until!)).toBeGreaterThan(Date.now());
    expect((await api('GET', '/auth/whoami', { token: overlapped.token })).status).toBe(200);
    // The old secret, not cached any more, is still accepted by studio: the overlap runs.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await api('GET', '/auth/whoami', { token: created.token })).status).toBe(200);

    const cut = await rollToken(created.token_id, 0);
    expect(cut.previous_valid_until).toBeNull();
    expect((await api('GET', '/auth/whoami', { token: cut.token })).status).toBe(200);
    for (const old of [created.token, overlapped.token]) {
      const res = await eventually(
        () => api('GET', '/auth/whoami', { token: old }),
        (r) => r.status === 401,
        5_000,
      );
      expect(res.body).toEqual(UNAUTHORIZED);
    }
  });
});
