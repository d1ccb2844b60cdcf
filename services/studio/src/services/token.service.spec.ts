import { describe, expect, it, vi } from 'vitest';
import { createCursorCodec } from '@studio/cursor';
import type { ServiceDeps } from './deps.js';
import { hashToken, LAST_USED_INTERVAL_MS, MAX_ACTIVE_TOKENS, TokenService } from './token.service.js';
import { mintApiToken } from '@studio/api-token';

/** A minted token with the hash studio stores. */
function mintToken() {
  const minted = mintApiToken();
  return { ...minted, hash: hashToken(minted.token) };
}

const WS_A = '11111111-1111-4111-8111-111111111111';
const WS_B = '22222222-2222-4222-8222-222222222222';
const PROFILE = '33333333-3333-4333-8333-333333333333';
const TOKEN_ID = '44444444-4444-4444-8444-444444444444';

function setup(row: Record<string, unknown> | null, now = new Date('2026-11-22T12:00:00Z')) {
  const tokens = {
    getBySecretHash: vi.fn(async () => row),
    getOwn: vi.fn(async () => row),
    touchLastUsed: vi.fn(async () => true),
    countActiveOfProfile: vi.fn(async () => 0),
    revoke: vi.fn(async () => row !== null),
    roll: vi.fn(async () => false),
    create: vi.fn(async (data: Record<string, unknown>) => ({ ...baseRow(mintToken()), ...data })),
  };
  const workspaces = {
    membershipsOfProfile: vi.fn(async () => [
      { workspaceId: WS_A, profileId: PROFILE, role: 'owner', createdAt: now },
      { workspaceId: WS_B, profileId: PROFILE, role: 'viewer', createdAt: now },
    ]),
    getMembership: vi.fn(async (workspaceId: string) => (workspaceId === WS_A ? { workspaceId, profileId: PROFILE, role: 'owner' } : null)),
    getManyInWorkspaces: vi.fn(async (ids: string[]) => ids.map((id) => ({ id, name: `ws ${id.slice(0, 2)}` }))),
  };
  const deps = {
    stores: { tokens, workspaces },
    cursor: createCursorCodec('x'.repeat(32)),
    events: { nudge() {} },
    now: () => now,
  } as unknown as ServiceDeps;
  return { service: new TokenService(deps), tokens, workspaces };
}

/** A token of the current form whose last checksum character is wrong. */
function badChecksum(): string {
  const { token } = mintApiToken();
  return token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
}

const baseRow = (minted: ReturnType<typeof mintToken>, extra: Record<string, unknown> = {}) => ({
  id: TOKEN_ID,
  profileId: PROFILE,
  workspaceId: null,
  prefix: minted.prefix,
  hash: minted.hash,
  name: null,
  rateLimit: null,
  readOnly: false,
  expiresAt: null,
  previousHash: null,
  previousValidUntil: null,
  lastUsedAt: null,
  revokedAt: null,
  createdAt: new Date(),
  ...extra,
});

describe('TokenService.authenticate', () => {
  it.each([['garbage'], [''], [`stu_0123456789ab_${'A'.repeat(42)}`], [undefined], [badChecksum()]])(
    'rejects the malformed token %j without reading the database',
    async (token) => {
      const { service, tokens, workspaces } = setup(null);
      await expect(service.authenticate(token)).rejects.toMatchObject({ kind: 'unauthorized' });
      expect(tokens.getBySecretHash).not.toHaveBeenCalled();
      expect(workspaces.membershipsOfProfile).not.toHaveBeenCalled();
    },
  );

  it('looks the token up by the SHA-256 of the whole token', async () => {
    const minted = mintToken();
    const { service, tokens } = setup(baseRow(minted));
    await service.authenticate(minted.token);
    expect(tokens.getBySecretHash).toHaveBeenCalledWith(hashToken(minted.token));
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
      readOnly: false,
      validUntil: null,
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

describe('TokenService.authenticate: legacy form, expiry, read-only and rolled secrets', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('still accepts a token of the legacy form', async () => {
    const legacy = `stu_0123456789ab_${'A'.repeat(43)}`;
    const { service, tokens } = setup(baseRow({ token: legacy, prefix: '0123456789ab', hash: hashToken(legacy) }), now);
    await expect(service.authenticate(legacy)).resolves.toMatchObject({ tokenId: TOKEN_ID });
    expect(tokens.getBySecretHash).toHaveBeenCalledWith(hashToken(legacy));
  });

  it('refuses an expired token and answers an expiring one with its expiry as valid_until', async () => {
    const minted = mintToken();
    await expect(setup(baseRow(minted, { expiresAt: now }), now).service.authenticate(minted.token)).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    const ok = await setup(baseRow(minted, { expiresAt: later(1000), readOnly: true }), now).service.authenticate(minted.token);
    expect(ok).toMatchObject({ readOnly: true, validUntil: later(1000) });
  });

  it("accepts a rolled token's previous secret until the overlap ends, valid until the earlier of overlap and expiry", async () => {
    const current = mintToken();
    const previous = mintToken();
    const rolled = (extra: Record<string, unknown>) => baseRow(current, { previousHash: previous.hash, ...extra });
    const within = await setup(rolled({ previousValidUntil: later(60_000) }), now).service.authenticate(previous.token);
    expect(within.validUntil).toEqual(later(60_000));
    const capped = await setup(rolled({ previousValidUntil: later(60_000), expiresAt: later(1000) }), now).service.authenticate(
      previous.token,
    );
    expect(capped.validUntil).toEqual(later(1000));
    await expect(setup(rolled({ previousValidUntil: now }), now).service.authenticate(previous.token)).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(setup(rolled({ previousValidUntil: null }), now).service.authenticate(previous.token)).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    // The new secret is not limited by the old one's overlap.
    const fresh = await setup(rolled({ previousValidUntil: later(60_000) }), now).service.authenticate(current.token);
    expect(fresh.validUntil).toBeNull();
  });
});

describe("TokenService: the profile's own tokens", () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const input = { name: 'ci', workspaceId: null, readOnly: false, expiresAt: null };

  it('creates a token of the current form, scoped, read-only and expiring as asked, with its workspace name', async () => {
    const { service, tokens } = setup(null, now);
    const expiresAt = new Date(now.getTime() + 30 * 86_400_000);
    const created = await service.createOwn(PROFILE, { name: '  ci  ', workspaceId: WS_A, readOnly: true, expiresAt });
    expect(created.token).toMatch(/^stu_[0-9A-Za-z]{46}$/);
    const stored = tokens.create.mock.calls[0]![0];
    expect(stored).toMatchObject({ profileId: PROFILE, workspaceId: WS_A, name: 'ci', readOnly: true, expiresAt, rateLimit: null });
    expect(stored.hash).toBe(hashToken(created.token));
    expect(stored.prefix).toBe(created.token.slice(4, 16));
    expect(created.info.workspaceName).toBe('ws 11');
  });

  it.each([
    ['a blank name', { name: '   ' }, 'Give the token a name.'],
    ['a long name', { name: 'x'.repeat(101) }, 'Use at most 100 characters for the name.'],
    [
      'a workspace of which the profile is no member',
      { workspaceId: WS_B.replace('2', '9') },
      'Choose one of your workspaces, or all of them.',
    ],
    ['a workspace id that is no UUID', { workspaceId: 'nope' }, 'Choose one of your workspaces, or all of them.'],
    ['an expiry in the past', { expiresAt: new Date(now.getTime() - 1) }, 'Choose an expiration date in the future.'],
    ['an expiry now', { expiresAt: now }, 'Choose an expiration date in the future.'],
    [
      'an expiry over a year ahead',
      { expiresAt: new Date(now.getTime() + 367 * 86_400_000) },
      'Choose an expiration date at most one year ahead.',
    ],
    ['an invalid date', { expiresAt: new Date(Number.NaN) }, 'The expiration date is not a valid date.'],
  ])('refuses %s with a sentence, storing nothing', async (_what, change, message) => {
    const { service, tokens } = setup(null, now);
    await expect(service.createOwn(PROFILE, { ...input, ...change })).rejects.toMatchObject({ kind: 'invalid_input', message });
    expect(tokens.create).not.toHaveBeenCalled();
  });

  it('refuses a token past MAX_ACTIVE_TOKENS working ones, counted among the unrevoked and unexpired at now', async () => {
    const { service, tokens } = setup(null, now);
    tokens.countActiveOfProfile.mockResolvedValueOnce(MAX_ACTIVE_TOKENS - 1);
    await expect(service.createOwn(PROFILE, input)).resolves.toMatchObject({ token: expect.stringMatching(/^stu_/) });
    tokens.countActiveOfProfile.mockResolvedValueOnce(MAX_ACTIVE_TOKENS);
    await expect(service.createOwn(PROFILE, input)).rejects.toMatchObject({
      kind: 'invalid_input',
      message: 'You have 100 working tokens, the most one person may hold. Revoke one first.',
    });
    expect(tokens.countActiveOfProfile).toHaveBeenLastCalledWith(PROFILE, now);
    expect(tokens.create).toHaveBeenCalledTimes(1);
  });

  it("revokes only the profile's own token: another's or an unknown one is not_found", async () => {
    const minted = mintToken();
    const own = setup(baseRow(minted), now);
    await expect(own.service.revokeOwn(PROFILE, TOKEN_ID)).resolves.toMatchObject({ row: { id: TOKEN_ID } });
    expect(own.tokens.revoke).toHaveBeenCalledWith(TOKEN_ID, now, PROFILE);
    await expect(setup(null, now).service.revokeOwn(PROFILE, TOKEN_ID)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(setup(null, now).service.revokeOwn(PROFILE, 'nope')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('rolls with the overlap asked for (0: the old secret stops at once)', async () => {
    const minted = mintToken();
    const { service, tokens } = setup(baseRow(minted), now);
    tokens.roll.mockResolvedValue(true);
    const rolled = await service.rollOwn(PROFILE, TOKEN_ID, 3600);
    const [profileId, tokenId, secret, at] = tokens.roll.mock.calls[0]! as unknown as [string, string, Record<string, unknown>, Date];
    expect([profileId, tokenId, at]).toEqual([PROFILE, TOKEN_ID, now]);
    expect(secret).toEqual({
      prefix: rolled.token.slice(4, 16),
      hash: hashToken(rolled.token),
      previousValidUntil: new Date(now.getTime() + 3_600_000),
    });
    await service.rollOwn(PROFILE, TOKEN_ID, 0);
    expect((tokens.roll.mock.calls[1]! as unknown as [string, string, { previousValidUntil: unknown }])[2].previousValidUntil).toBeNull();
  });

  it.each([[-1], [86_401], [1.5], [Number.NaN]])('refuses the overlap %j', async (overlap) => {
    await expect(setup(baseRow(mintToken()), now).service.rollOwn(PROFILE, TOKEN_ID, overlap)).rejects.toMatchObject({
      kind: 'invalid_input',
      message: 'Keep the old secret working for 0 to 24 hours.',
    });
  });

  it('refuses to roll a revoked or expired token with a sentence, and an unknown one as not_found', async () => {
    const minted = mintToken();
    await expect(setup(baseRow(minted, { revokedAt: now }), now).service.rollOwn(PROFILE, TOKEN_ID, 0)).rejects.toMatchObject({
      kind: 'invalid_input',
      message: 'This token is revoked: create a new one instead.',
    });
    await expect(setup(baseRow(minted, { expiresAt: now }), now).service.rollOwn(PROFILE, TOKEN_ID, 0)).rejects.toMatchObject({
      kind: 'invalid_input',
      message: 'This token has expired: create a new one instead.',
    });
    await expect(setup(null, now).service.rollOwn(PROFILE, TOKEN_ID, 0)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(setup(null, now).service.rollOwn(PROFILE, 'nope', 0)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
