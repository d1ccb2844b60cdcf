import { createHmac, generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIdentity } from '@studio/identity';
import { testKeys } from '@studio/testkit/secrets';
import { NOT_FOUND_TEXT, startTestStudio, type TestStudio } from './harness.js';

/** The shared secret every development install used to sign identities with (HS256). */
const OLD_DEV_SECRET = 'dev-internal-jwt-secret-change-me-0123456789';
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function hs256(claims: object, secret: string): string {
  const input = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

function unsigned(claims: object): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
}

function eddsa(claims: object, key: KeyObject): string {
  const input = `${b64url({ alg: 'EdDSA', typ: 'JWT' })}.${b64url(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}

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
    const key = testKeys().identitySigningKey;
    const expired = signIdentity(caller.principal, key, 'studio', 60, Date.now() - 120_000);
    const wrongKey = signIdentity(caller.principal, generateKeyPairSync('ed25519').privateKey, 'studio');
    const client = signIdentity({ kind: 'client', sessionId: 's', galleryId: 'g', workspaceId: 'w' }, key, 'studio');
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

  describe('identities not signed by the gateway for studio, sent straight to its HTTP port', () => {
    /** The victim: another workspace with a shoot, and a principal claiming to be its owner. */
    async function victim() {
      const ws = await t.given.workspace();
      await t.given.shoot(ws.id, { title: 'Private shoot' });
      const principal = {
        kind: 'token' as const,
        profileId: ws.ownerId,
        tokenId: randomUUID(),
        scopeWorkspaceId: null,
        memberships: { [ws.id]: 'owner' as const },
      };
      return { ws, principal };
    }
    const now = () => Math.floor(Date.now() / 1000);

    async function expectRefused(ws: { id: string }, identity: string) {
      const shoots = await t.api('GET', '/shoots', { headers: { 'x-studio-identity': identity }, query: { workspace_id: ws.id } });
      expect(shoots.status).toBe(401);
      expect(shoots.body).toEqual({ ok: false, error: 'unauthorized' });
      expect(shoots.text).not.toContain('Private shoot');
    }

    it('HS256 with the old development secret: 401, no data', async () => {
      const { ws, principal } = await victim();
      // Exactly what the gateway used to sign (jsonwebtoken HS256, issuer studio-gateway, 60 s), which studio accepted.
      const forged = hs256({ p: principal, iat: now(), exp: now() + 60, iss: 'studio-gateway', aud: 'studio' }, OLD_DEV_SECRET);
      await expectRefused(ws, forged);
    });

    it('alg none: 401', async () => {
      const { ws, principal } = await victim();
      await expectRefused(ws, unsigned({ p: principal, iat: now(), exp: now() + 60, iss: 'studio-gateway', aud: 'studio' }));
    });

    it('an Ed25519 identity by the gateway key but without exp: 401', async () => {
      const { ws, principal } = await victim();
      const claims = { p: principal, iat: now(), iss: 'studio-gateway', aud: 'studio' };
      // The control: the same claims with an exp are accepted, so the 401 is the missing exp alone.
      const withExp = eddsa({ ...claims, exp: now() + 60 }, testKeys().identitySigningKey);
      expect((await t.api('GET', '/shoots', { headers: { 'x-studio-identity': withExp }, query: { workspace_id: ws.id } })).status).toBe(
        200,
      );
      await expectRefused(ws, eddsa(claims, testKeys().identitySigningKey));
    });

    it('an identity the gateway signed for gallery: 401 at studio', async () => {
      const { ws, principal } = await victim();
      // The control: the same principal signed for studio reads the shoots.
      const forStudio = signIdentity(principal, testKeys().identitySigningKey, 'studio');
      const ok = await t.api('GET', '/shoots', { headers: { 'x-studio-identity': forStudio }, query: { workspace_id: ws.id } });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('Private shoot');
      await expectRefused(ws, signIdentity(principal, testKeys().identitySigningKey, 'gallery'));
    });
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
