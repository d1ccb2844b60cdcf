/**
 * API tokens against the real database: the console's token calls (studio.v1.StudioAccounts ListTokens, CreateToken,
 * RevokeToken, RollToken, called as 'console' with a real session) and what the gateway gets from AuthenticateToken
 * (called as 'gateway'): read_only, valid_until, expiry, a rolled secret's overlap, the legacy form, last use
 * written at most once a minute, and another profile's token answering NOT_FOUND. The clock is injected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, loadProto, type UnaryRequest } from '@studio/grpc';
import { STUDIO_PROTO, type StudioAccountsClient, type StudioInternalClient } from '@studio/proto/studio';
import { hashToken, MAX_ACTIVE_TOKENS } from '../src/services/token.service.js';
import { startTestStudio, type TestStudio } from './harness.js';

const proto = loadProto(STUDIO_PROTO).studio.v1;
const PASSWORD = 'violet tram ledger 47';
const DAY = 86_400_000;
const secretOf = (url: string) => url.slice(url.indexOf('#') + 1);

/** The error kind a call was refused with (callUnary's AppError: the gRPC status read back), or 'ok'. */
async function outcomeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    return (err as { kind?: string }).kind ?? String(err);
  }
}

describe('API tokens (StudioAccounts token calls and AuthenticateToken, real database)', { timeout: 60_000 }, () => {
  let t: TestStudio;
  let consoleClient: StudioAccountsClient;
  let gateway: StudioInternalClient;
  let clockMs = Date.parse('2026-11-28T09:00:00.000Z');
  const now = () => new Date(clockMs);
  const advance = (ms: number) => {
    clockMs += ms;
  };
  let seq = 0;

  const accounts = <M extends 'ListTokens' | 'CreateToken' | 'RevokeToken' | 'RollToken' | 'SetPassword' | 'SignIn'>(
    method: M,
    request: UnaryRequest<StudioAccountsClient, M>,
  ) => callUnary<StudioAccountsClient, M>(consoleClient, method, request, 10_000);
  const authenticate = (token: string) => callUnary(gateway, 'AuthenticateToken', { token }, 10_000);
  /** CreateToken for every workspace, read-write, never expiring, unless `fields` say otherwise. */
  const createToken = (session: string, fields: Partial<Omit<UnaryRequest<StudioAccountsClient, 'CreateToken'>, 'session_token'>>) =>
    accounts('CreateToken', { session_token: session, name: 'ci', workspace_id: '', read_only: false, expires_at: '', ...fields });

  /** A signed-in person with a workspace of their own: the session secret, profile and workspace. */
  async function person(): Promise<{ session: string; profileId: string; workspaceId: string; email: string }> {
    const email = `tokens-${++seq}-${Date.now().toString(36)}@example.test`;
    const invitation = await t.studio.services.accounts.invite({ email, name: 'Person' });
    const set = await accounts('SetPassword', {
      link_token: secretOf(invitation.inviteUrl),
      password: PASSWORD,
      client_address: '192.0.2.1',
    });
    expect(set.outcome).toBe('ok');
    const ws = await t.given.workspace({ ownerId: invitation.profileId, name: `Studio ${seq}` });
    return { session: set.session_token, profileId: invitation.profileId, workspaceId: ws.id, email };
  }

  /** A new session of `email` (the clock moved past the idle expiry of the first one). */
  async function signIn(email: string): Promise<string> {
    const answer = await accounts('SignIn', { email, password: PASSWORD, client_address: '192.0.2.2', user_agent: 'vitest' });
    expect(answer.outcome).toBe('ok');
    return answer.session_token;
  }

  beforeAll(async () => {
    t = await startTestStudio({ schedulerIntervalMs: 0, now });
    consoleClient = t.grpcClient(proto.StudioAccounts, 'console');
    gateway = t.grpcClient(proto.StudioInternal, 'gateway');
  });
  afterAll(async () => {
    consoleClient?.close();
    gateway?.close();
    await t?.stop();
  });

  it('creates a scoped, read-only, expiring token whose secret is shown once and works at the gateway', async () => {
    const p = await person();
    const expiresAt = new Date(clockMs + 30 * DAY).toISOString();
    const issued = await accounts('CreateToken', {
      session_token: p.session,
      name: ' deploy bot ',
      workspace_id: p.workspaceId,
      read_only: true,
      expires_at: expiresAt,
    });
    expect(issued.token).toMatch(/^stu_[0-9A-Za-z]{46}$/);
    expect(issued.info).toEqual({
      token_id: expect.any(String),
      name: 'deploy bot',
      prefix: issued.token.slice(4, 16),
      workspace_id: p.workspaceId,
      workspace_name: `Studio ${seq}`,
      permission: 'read_only',
      created_at: expect.any(String),
      last_used_at: '',
      expires_at: expiresAt,
      revoked_at: '',
      previous_valid_until: '',
    });
    const auth = await authenticate(issued.token);
    expect(auth).toMatchObject({
      profile_id: p.profileId,
      token_id: issued.info!.token_id,
      scope_workspace_id: p.workspaceId,
      read_only: true,
      valid_until: expiresAt,
    });
    // Only the hash is stored.
    const row = await t.studio.db.client.apiToken.findUnique({ where: { id: issued.info!.token_id } });
    expect(row?.hash).toBe(hashToken(issued.token));
    expect(JSON.stringify(row)).not.toContain(issued.token);
    // The listing shows it, without the secret.
    const list = await accounts('ListTokens', { session_token: p.session });
    expect(list.tokens.map((x) => x.token_id)).toEqual([issued.info!.token_id]);
    expect(JSON.stringify(list)).not.toContain(issued.token);
  });

  it('refuses bad input with a sentence (invalid_input) and an unknown session (unauthorized)', async () => {
    const p = await person();
    const other = await person();
    const create = (change: object) =>
      accounts('CreateToken', { session_token: p.session, name: 'x', workspace_id: '', read_only: false, expires_at: '', ...change });
    for (const [change, message] of [
      [{ name: '' }, 'Give the token a name.'],
      [{ name: 'n'.repeat(101) }, 'Use at most 100 characters for the name.'],
      [{ workspace_id: other.workspaceId }, 'Choose one of your workspaces, or all of them.'],
      [{ workspace_id: 'not-a-uuid' }, 'Choose one of your workspaces, or all of them.'],
      [{ expires_at: 'next tuesday' }, 'The expiration date is not a valid date.'],
      [{ expires_at: new Date(clockMs - 1000).toISOString() }, 'Choose an expiration date in the future.'],
      [{ expires_at: new Date(clockMs + 400 * DAY).toISOString() }, 'Choose an expiration date at most one year ahead.'],
    ] as const) {
      await expect(create(change), JSON.stringify(change)).rejects.toMatchObject({ kind: 'invalid_input', message: message });
    }
    expect((await accounts('ListTokens', { session_token: p.session })).tokens).toEqual([]);
    expect(await outcomeOf(accounts('ListTokens', { session_token: 'no-such-session' }))).toBe('unauthorized');
    expect(await outcomeOf(create({ session_token: '' }))).toBe('unauthorized');
  });

  it("never shows, revokes or rolls another profile's token: not_found, as for an unknown one", async () => {
    const a = await person();
    const b = await person();
    const issued = await createToken(a.session, { name: 'mine' });
    const id = issued.info!.token_id;
    expect((await accounts('ListTokens', { session_token: b.session })).tokens).toEqual([]);
    expect(await outcomeOf(accounts('RevokeToken', { session_token: b.session, token_id: id }))).toBe('not_found');
    expect(await outcomeOf(accounts('RollToken', { session_token: b.session, token_id: id, overlap_seconds: 0 }))).toBe('not_found');
    expect(await outcomeOf(accounts('RevokeToken', { session_token: b.session, token_id: '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60' }))).toBe(
      'not_found',
    );
    expect(await outcomeOf(accounts('RevokeToken', { session_token: b.session, token_id: 'nope' }))).toBe('not_found');
    // Untouched: A's token still works.
    expect(await authenticate(issued.token)).toMatchObject({ token_id: id });
  });

  it('revokes: the token stops at once, stays listed as revoked, and cannot be rolled', async () => {
    const p = await person();
    const issued = await createToken(p.session, { name: 'old' });
    const revoked = await accounts('RevokeToken', { session_token: p.session, token_id: issued.info!.token_id });
    expect(revoked.revoked_at).toBe(now().toISOString());
    expect(await outcomeOf(authenticate(issued.token))).toBe('unauthorized');
    // Again is fine (the first revocation time is kept).
    advance(1000);
    expect((await accounts('RevokeToken', { session_token: p.session, token_id: issued.info!.token_id })).revoked_at).toBe(
      revoked.revoked_at,
    );
    await expect(
      accounts('RollToken', { session_token: p.session, token_id: issued.info!.token_id, overlap_seconds: 0 }),
    ).rejects.toMatchObject({
      kind: 'invalid_input',
      message: 'This token is revoked: create a new one instead.',
    });
  });

  it('refuses an expired token, and rolling it', async () => {
    const p = await person();
    const issued = await createToken(p.session, { name: 'short', expires_at: new Date(clockMs + DAY).toISOString() });
    expect(await outcomeOf(authenticate(issued.token))).toBe('ok');
    advance(DAY);
    expect(await outcomeOf(authenticate(issued.token))).toBe('unauthorized');
    await expect(
      accounts('RollToken', { session_token: await signIn(p.email), token_id: issued.info!.token_id, overlap_seconds: 60 }),
    ).rejects.toMatchObject({
      kind: 'invalid_input',
      message: 'This token has expired: create a new one instead.',
    });
  });

  it('rolls with an overlap: both secrets work until it ends (the old one valid until then), then only the new one', async () => {
    const p = await person();
    const issued = await createToken(p.session, { name: 'ci' });
    const rolled = await accounts('RollToken', { session_token: p.session, token_id: issued.info!.token_id, overlap_seconds: 3600 });
    expect(rolled.token).not.toBe(issued.token);
    expect(rolled.token).toMatch(/^stu_[0-9A-Za-z]{46}$/);
    const overlapEnd = new Date(clockMs + 3_600_000).toISOString();
    expect(rolled.info).toMatchObject({
      token_id: issued.info!.token_id,
      prefix: rolled.token.slice(4, 16),
      previous_valid_until: overlapEnd,
    });
    expect(await authenticate(issued.token)).toMatchObject({ token_id: issued.info!.token_id, valid_until: overlapEnd });
    expect(await authenticate(rolled.token)).toMatchObject({ token_id: issued.info!.token_id, valid_until: '' });
    advance(3_600_000);
    expect(await outcomeOf(authenticate(issued.token))).toBe('unauthorized');
    expect(await outcomeOf(authenticate(rolled.token))).toBe('ok');
    expect((await accounts('ListTokens', { session_token: await signIn(p.email) })).tokens[0]!.previous_valid_until).toBe('');
  });

  it('rolls with no overlap: the old secret stops at once; a second roll ends the first overlap early', async () => {
    const p = await person();
    const issued = await createToken(p.session, { name: 'ci' });
    const first = await accounts('RollToken', { session_token: p.session, token_id: issued.info!.token_id, overlap_seconds: 0 });
    expect(first.info!.previous_valid_until).toBe('');
    expect(await outcomeOf(authenticate(issued.token))).toBe('unauthorized');
    expect(await outcomeOf(authenticate(first.token))).toBe('ok');
    const second = await accounts('RollToken', { session_token: p.session, token_id: issued.info!.token_id, overlap_seconds: 86_400 });
    const third = await accounts('RollToken', { session_token: p.session, token_id: issued.info!.token_id, overlap_seconds: 600 });
    // Only the secret just replaced keeps working, for the overlap of the latest roll.
    expect(await outcomeOf(authenticate(first.token))).toBe('unauthorized');
    expect(await authenticate(second.token)).toMatchObject({ valid_until: new Date(clockMs + 600_000).toISOString() });
    expect(await outcomeOf(authenticate(third.token))).toBe('ok');
    for (const overlap of [-1, 86_401]) {
      await expect(
        accounts('RollToken', { session_token: p.session, token_id: issued.info!.token_id, overlap_seconds: overlap }),
      ).rejects.toMatchObject({ kind: 'invalid_input', message: 'Keep the old secret working for 0 to 24 hours.' });
    }
  });

  it('still accepts a token of the legacy form (stu_<12 hex>_<43 base64url>)', async () => {
    const p = await person();
    const legacy = `stu_${'0a1b2c3d4e5f'}_${'Q'.repeat(42)}${seq % 10}`;
    await t.studio.db.client.apiToken.create({
      data: { profileId: p.profileId, prefix: '0a1b2c3d4e5f', hash: hashToken(legacy), name: 'legacy' },
    });
    expect(await authenticate(legacy)).toMatchObject({ profile_id: p.profileId, read_only: false, valid_until: '' });
    // A malformed token is refused before any read.
    expect(await outcomeOf(authenticate(`${legacy}x`))).toBe('unauthorized');
  });

  it('records the last use at most once a minute', async () => {
    const p = await person();
    const issued = await createToken(p.session, { name: 'used' });
    const lastUsed = async () => (await accounts('ListTokens', { session_token: p.session })).tokens[0]!.last_used_at;
    await authenticate(issued.token);
    const first = now().toISOString();
    expect(await lastUsed()).toBe(first);
    advance(30_000);
    await authenticate(issued.token);
    expect(await lastUsed()).toBe(first);
    advance(31_000);
    await authenticate(issued.token);
    expect(await lastUsed()).toBe(now().toISOString());
  });
  it('caps the working tokens of a profile at MAX_ACTIVE_TOKENS; revoked and expired ones do not count', async () => {
    const p = await person();
    const create = (name: string, expiresAt = '') => createToken(p.session, { name, read_only: true, expires_at: expiresAt });
    const soon = new Date(clockMs + DAY).toISOString();
    const first = await create('revoked later');
    await create('expires soon', soon);
    for (let i = 2; i < MAX_ACTIVE_TOKENS; i++) await create(`token ${i}`);
    expect(await outcomeOf(create('one too many'))).toBe('invalid_input');
    await accounts('RevokeToken', { session_token: p.session, token_id: first.info!.token_id });
    expect(await outcomeOf(create('after a revocation'))).toBe('ok');
    expect(await outcomeOf(create('one too many again'))).toBe('invalid_input');
    advance(DAY + 1000);
    const session = await signIn(p.email);
    expect(
      await outcomeOf(
        accounts('CreateToken', { session_token: session, name: 'after an expiry', workspace_id: '', read_only: true, expires_at: '' }),
      ),
    ).toBe('ok');
  });
});
