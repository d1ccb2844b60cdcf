import { describe, expect, it, vi } from 'vitest';
import { createCursorCodec } from '@studio/cursor';
import type { ServiceDeps } from './deps.js';
import { LAST_USED_INTERVAL_MS, TokenService } from './token.service.js';
import { hashToken, mintToken } from './token.format.js';

const WS_A = '11111111-1111-4111-8111-111111111111';
const WS_B = '22222222-2222-4222-8222-222222222222';
const PROFILE = '33333333-3333-4333-8333-333333333333';
const TOKEN_ID = '44444444-4444-4444-8444-444444444444';

function setup(row: Record<string, unknown> | null, now = new Date('2026-11-22T12:00:00Z')) {
  const tokens = {
    getByHash: vi.fn(async () => row),
    touchLastUsed: vi.fn(async () => true),
  };
  const workspaces = {
    membershipsOfProfile: vi.fn(async () => [
      { workspaceId: WS_A, profileId: PROFILE, role: 'owner', createdAt: now },
      { workspaceId: WS_B, profileId: PROFILE, role: 'viewer', createdAt: now },
    ]),
  };
  const deps = {
    stores: { tokens, workspaces },
    cursor: createCursorCodec('x'.repeat(32)),
    events: { nudge() {} },
    now: () => now,
  } as unknown as ServiceDeps;
  return { service: new TokenService(deps), tokens, workspaces };
}

const baseRow = (minted: ReturnType<typeof mintToken>, extra: Record<string, unknown> = {}) => ({
  id: TOKEN_ID,
  profileId: PROFILE,
  workspaceId: null,
  prefix: minted.prefix,
  hash: minted.hash,
  name: null,
  rateLimit: null,
  lastUsedAt: null,
  revokedAt: null,
  createdAt: new Date(),
  ...extra,
});

describe('TokenService.authenticate', () => {
  it.each([['garbage'], [''], [`stu_0123456789ab_${'A'.repeat(42)}`], [undefined]])(
    'rejects the malformed token %j without reading the database',
    async (token) => {
      const { service, tokens, workspaces } = setup(null);
      await expect(service.authenticate(token)).rejects.toMatchObject({ kind: 'unauthorized' });
      expect(tokens.getByHash).not.toHaveBeenCalled();
      expect(workspaces.membershipsOfProfile).not.toHaveBeenCalled();
    },
  );

  it('looks the token up by the SHA-256 of the whole token', async () => {
    const minted = mintToken();
    const { service, tokens } = setup(baseRow(minted));
    await service.authenticate(minted.token);
    expect(tokens.getByHash).toHaveBeenCalledWith(hashToken(minted.token));
  });

  it('rejects unknown and revoked tokens', async () => {
    const minted = mintToken();
    await expect(setup(null).service.authenticate(minted.token)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(setup(baseRow(minted, { revokedAt: new Date() })).service.authenticate(minted.token)).rejects.toMatchObject({
      kind: 'unauthorized',
    });
  });

  it('returns every membership for an unscoped token and only the scope for a scoped one', async () => {
    const minted = mintToken();
    const all = await setup(baseRow(minted, { rateLimit: 99 })).service.authenticate(minted.token);
    expect(all).toEqual({
      profileId: PROFILE,
      tokenId: TOKEN_ID,
      scopeWorkspaceId: null,
      memberships: [
        { workspaceId: WS_A, role: 'owner' },
        { workspaceId: WS_B, role: 'viewer' },
      ],
      rateLimit: 99,
    });
    const scoped = await setup(baseRow(minted, { workspaceId: WS_B })).service.authenticate(minted.token);
    expect(scoped.memberships).toEqual([{ workspaceId: WS_B, role: 'viewer' }]);
    const gone = await setup(baseRow(minted, { workspaceId: '55555555-5555-4555-8555-555555555555' })).service.authenticate(minted.token);
    expect(gone.memberships).toEqual([]);
  });

  it('writes last_used_at only when it is missing or older than a minute', async () => {
    const minted = mintToken();
    const now = new Date('2026-11-22T12:00:00Z');
    const fresh = setup(baseRow(minted, { lastUsedAt: new Date(now.getTime() - LAST_USED_INTERVAL_MS / 2) }), now);
    await fresh.service.authenticate(minted.token);
    expect(fresh.tokens.touchLastUsed).not.toHaveBeenCalled();
    const stale = setup(baseRow(minted, { lastUsedAt: new Date(now.getTime() - LAST_USED_INTERVAL_MS - 1) }), now);
    await stale.service.authenticate(minted.token);
    expect(stale.tokens.touchLastUsed).toHaveBeenCalledWith(TOKEN_ID, now, new Date(now.getTime() - LAST_USED_INTERVAL_MS));
    const never = setup(baseRow(minted), now);
    await never.service.authenticate(minted.token);
    expect(never.tokens.touchLastUsed).toHaveBeenCalledTimes(1);
  });
});
