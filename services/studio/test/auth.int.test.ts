import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIdentity } from '@studio/identity';
import { NOT_FOUND_TEXT, startTestStudio, type TestStudio } from './harness.js';

describe('whoami and workspaces', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('whoami returns the profile, the token and the workspaces it reaches', async () => {
    const profile = await t.given.profile({ name: 'Ada' });
    const a = await t.given.workspace({ ownerId: profile.id, name: 'Alpha' });
    const b = await t.given.workspace({ name: 'Beta' });
    await t.given.member(b.id, 'photographer', profile.id);
    const { token } = await t.given.token(profile.id, { name: 'laptop', rateLimit: 120 });
    const caller = await t.given.callerForToken(token);
    const res = await t.api('GET', '/auth/whoami', { as: caller });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      profile: { id: profile.id, email: profile.email, name: 'Ada' },
      token: { id: caller.tokenId, prefix: token.slice(4, 16), name: 'laptop', scope_workspace_id: null, rate_limit: 120 },
      workspaces: [
        { id: b.id, name: 'Beta', role: 'photographer' },
        { id: a.id, name: 'Alpha', role: 'owner' },
      ],
    });
  });

  it('a scoped token sees only its workspace; its other memberships are invisible', async () => {
    const a = await t.given.workspace();
    const b = await t.given.workspace({ ownerId: a.ownerId });
    const scoped = await t.given.caller(a.ownerId, { workspaceId: b.id });
    const who = await t.api('GET', '/auth/whoami', { as: scoped });
    expect(who.body.token.scope_workspace_id).toBe(b.id);
    expect(who.body.token.rate_limit).toBeNull();
    expect(who.body.workspaces.map((w: { id: string }) => w.id)).toEqual([b.id]);
    const list = await t.api('GET', '/workspaces', { as: scoped });
    expect(list.body.items.map((w: { id: string }) => w.id)).toEqual([b.id]);
    const shoots = await t.api('GET', '/shoots', { as: scoped, query: { workspace_id: a.id } });
    expect(shoots.status).toBe(404);
    expect(shoots.text).toBe(NOT_FOUND_TEXT);
  });

  it('GET /workspaces lists newest first with role and created_at, paged by cursor', async () => {
    const owner = await t.given.profile();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.given.workspace({ ownerId: owner.id, name: `W${i}` })).id);
    const caller = await t.given.caller(owner.id);
    const first = await t.api('GET', '/workspaces', { as: caller, query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.items[0]).toEqual({ id: ids[4], name: 'W4', role: 'owner', created_at: expect.stringMatching(/Z$/) });
    const seen = first.body.items.map((w: { id: string }) => w.id);
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await t.api('GET', '/workspaces', { as: caller, query: { limit: 2, cursor } });
      seen.push(...page.body.items.map((w: { id: string }) => w.id));
      cursor = page.body.next_cursor;
    }
    expect(seen).toEqual([...ids].reverse());
    for (const query of [{ limit: '0' }, { limit: 'x' }, { cursor: 'nope' }]) {
      expect((await t.api('GET', '/workspaces', { as: caller, query })).status).toBe(400);
    }
  });

  it('answers 401 for a missing, forged, expired or client-session identity', async () => {
    const profile = await t.given.profile();
    const caller = await t.given.caller(profile.id);
    const expired = signIdentity(caller.principal, t.config.internalJwtSecret, -10);
    const wrongKey = signIdentity(caller.principal, 'another-secret-that-is-long-enough-0123456789');
    const client = signIdentity({ kind: 'client', sessionId: 's', galleryId: 'g', workspaceId: 'w' }, t.config.internalJwtSecret);
    const variants: Record<string, string>[] = [
      {},
      { 'x-studio-identity': expired },
      { 'x-studio-identity': wrongKey },
      { 'x-studio-identity': client },
      { authorization: `Bearer ${caller.token}` },
    ];
    for (const headers of variants) {
      for (const path of ['/auth/whoami', '/workspaces']) {
        const res = await t.api('GET', path, { headers });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ ok: false, error: 'unauthorized' });
      }
    }
  });

  it('whoami answers 401 once the token is revoked', async () => {
    const profile = await t.given.profile();
    const caller = await t.given.caller(profile.id);
    expect((await t.api('GET', '/auth/whoami', { as: caller })).status).toBe(200);
    await t.studio.services.tokens.revoke(caller.tokenId);
    expect((await t.api('GET', '/auth/whoami', { as: caller })).status).toBe(401);
  });

  it('unknown routes are 404 not_found with the exact body', async () => {
    const caller = await t.given.caller((await t.given.profile()).id);
    const res = await t.api('GET', '/no-such-route', { as: caller });
    expect(res.status).toBe(404);
    expect(res.text).toBe(NOT_FOUND_TEXT);
  });
});
