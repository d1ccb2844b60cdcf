/**
 * The account console's side of studio against the real database, through studio.v1.StudioAccounts on a real gRPC
 * server called as 'console': sign-in (same outcome for an unknown e-mail and a wrong password), the throttle per
 * account and per address, session idle and absolute expiry on an injected clock, one-time links (single use,
 * lifetimes, newest wins), password resets ending the other sessions, and the caller allow-list.
 */
import { argon2Sync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, grpc, loadProto, type UnaryRequest } from '@studio/grpc';
import { STUDIO_PROTO, type StudioAccountsClient } from '@studio/proto/studio';
import { digestOf } from '../src/services/account.service.js';
import type { MailMessage, Mailer } from '../src/services/mail.js';
import { formatPhc } from '../src/services/password.js';
import { startTestStudio, type TestStudio } from './harness.js';
import { rawCall } from './support/operations.js';

const Accounts = loadProto(STUDIO_PROTO).studio.v1.StudioAccounts;
const PASSWORD = 'violet tram ledger 47';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Collects what would be e-mailed. */
function fakeMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    enabled: true,
    sent,
    async send(message) {
      sent.push(message);
      return true;
    },
    close() {},
  };
}

const secretOf = (url: string) => url.slice(url.indexOf('#') + 1);

describe('studio accounts (StudioAccounts over gRPC, real database)', { timeout: 60_000 }, () => {
  let t: TestStudio;
  let console_: StudioAccountsClient;
  let clockMs = Date.parse('2026-11-28T09:00:00.000Z');
  const advance = (ms: number) => {
    clockMs += ms;
  };
  const mailer = fakeMailer();
  let seq = 0;
  /** A distinct address per test, so the per-address counters of one test do not reach another. */
  const address = () => `198.51.100.${++seq}`;

  const call = <
    M extends
      | 'SignIn'
      | 'GetSession'
      | 'SignOut'
      | 'SignOutEverywhere'
      | 'DescribeLink'
      | 'SetPassword'
      | 'RequestPasswordReset'
      | 'ListWorkspaces',
  >(
    method: M,
    request: UnaryRequest<StudioAccountsClient, M>,
  ) => callUnary<StudioAccountsClient, M>(console_, method, request, 10_000);

  /** A profile with PASSWORD set through an invitation; its e-mail. */
  async function person(): Promise<{ email: string; profileId: string }> {
    const email = `person-${++seq}-${Date.now().toString(36)}@example.test`;
    const invitation = await t.studio.services.accounts.invite({ email, name: 'Person' });
    const set = await call('SetPassword', { link_token: secretOf(invitation.inviteUrl), password: PASSWORD, client_address: address() });
    expect(set.outcome).toBe('ok');
    return { email, profileId: invitation.profileId };
  }

  const signIn = (email: string, password: string, clientAddress = address()) =>
    call('SignIn', { email, password, client_address: clientAddress, user_agent: 'vitest' });

  /** Wrong passwords from fresh addresses until the account has `failures` of them, waiting out each delay. */
  async function fail(email: string, failures: number): Promise<void> {
    for (let counted = 0; counted < failures; ) {
      const answer = await signIn(email, 'wrong password!!', address());
      if (answer.outcome === 'throttled') advance(answer.retry_after_seconds * 1000);
      else {
        expect(answer.outcome).toBe('invalid');
        counted++;
      }
    }
  }

  beforeAll(async () => {
    t = await startTestStudio({
      schedulerIntervalMs: 0,
      now: () => new Date(clockMs),
      mailer,
      env: { PUBLIC_URL: 'https://studio.example.test' },
    });
    console_ = t.grpcClient(Accounts, 'console');
  });
  afterAll(async () => {
    console_?.close();
    await t?.stop();
  });

  describe('sign-in', () => {
    it('signs in with the right password: a new session (and session id) each time, its CSRF token and expiry', async () => {
      const { email, profileId } = await person();
      const first = await signIn(email.toUpperCase(), PASSWORD);
      expect(first).toMatchObject({ outcome: 'ok', session: { profile_id: profileId, email, name: 'Person' } });
      expect(first.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.session!.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The earlier of idle (60 min) and absolute (12 h) expiry.
      expect(first.session!.expires_at).toBe(new Date(clockMs + HOUR).toISOString());
      const second = await signIn(email, PASSWORD);
      expect(second.session_token).not.toBe(first.session_token);
      expect(second.session!.session_id).not.toBe(first.session!.session_id);
      expect(await call('GetSession', { session_token: first.session_token })).toMatchObject({ session_id: first.session!.session_id });
    });

    it('gives an unknown e-mail and a wrong password the same answer', async () => {
      const { email } = await person();
      const wrong = await signIn(email, `${PASSWORD}!`);
      const unknown = await signIn(`nobody-${seq}@example.test`, PASSWORD);
      const empty = await signIn('', '');
      for (const answer of [wrong, unknown, empty]) {
        expect(answer).toEqual({
          outcome: 'invalid',
          message: 'Incorrect email or password.',
          session_token: '',
          session: null,
          retry_after_seconds: 0,
        });
      }
    });

    it('re-hashes a password stored with older parameters at the next sign-in', async () => {
      const { email, profileId } = await person();
      const salt = Buffer.from('0123456789abcdef');
      const older = { memory: 8192, passes: 1, parallelism: 1 };
      const hash = argon2Sync('argon2id', { message: PASSWORD, nonce: salt, tagLength: 32, ...older });
      await t.studio.stores.profiles.setPassword(profileId, formatPhc({ ...older, salt, hash }), new Date(clockMs));
      expect((await signIn(email, PASSWORD)).outcome).toBe('ok');
      const stored = (await t.studio.stores.profiles.getById(profileId))!.passwordHash!;
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await signIn(email, PASSWORD)).outcome).toBe('ok');
    });

    it('an invited profile that has not set a password yet cannot sign in, with the same answer', async () => {
      const email = `invited-${++seq}@example.test`;
      await t.studio.services.accounts.invite({ email });
      expect(await signIn(email, '')).toMatchObject({ outcome: 'invalid', message: 'Incorrect email or password.' });
    });
  });

  describe('throttle', () => {
    it('lets five failures through, then makes each next try wait longer; the password is not checked meanwhile', async () => {
      const { email } = await person();
      // A new address per try: only the account's counter grows here.
      for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong password!!', address())).outcome).toBe('invalid');
      const blocked = await signIn(email, PASSWORD, address());
      expect(blocked).toMatchObject({
        outcome: 'throttled',
        retry_after_seconds: 1,
        message: 'Too many attempts. Try again in 1 seconds.',
      });
      advance(1000);
      expect((await signIn(email, 'wrong password!!', address())).outcome).toBe('invalid');
      expect(await signIn(email, PASSWORD, address())).toMatchObject({ outcome: 'throttled', retry_after_seconds: 2 });
      advance(2000);
      expect((await signIn(email, 'wrong password!!', address())).outcome).toBe('invalid');
      expect(await signIn(email, PASSWORD, address())).toMatchObject({ outcome: 'throttled', retry_after_seconds: 4 });
      // Waiting it out lets the owner in, and a success clears the account's counter.
      advance(4000);
      expect((await signIn(email, PASSWORD, address())).outcome).toBe('ok');
      for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong password!!', address())).outcome).toBe('invalid');
      expect((await signIn(email, PASSWORD, address())).outcome).toBe('throttled');
    });

    it('a burst of parallel guesses at one account gets the five free tries and no more', async () => {
      const { email } = await person();
      const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(email, 'wrong password!!', address())));
      expect(answers.filter((a) => a.outcome === 'invalid')).toHaveLength(5);
      expect(answers.filter((a) => a.outcome === 'throttled')).toHaveLength(7);
    });

    it('never waits more than 15 minutes, and forgets a counter 24 h after its last failure', async () => {
      const { email } = await person();
      await fail(email, 15);
      const blocked = await signIn(email, PASSWORD, address());
      expect(blocked).toMatchObject({ outcome: 'throttled', retry_after_seconds: 900 });
      advance(900_000);
      expect((await signIn(email, 'wrong password!!', address())).outcome).toBe('invalid');
      advance(24 * HOUR + 1);
      // Forgotten: five free failures again.
      for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong password!!', address())).outcome).toBe('invalid');
      advance(1000);
      expect((await signIn(email, PASSWORD, address())).outcome).toBe('ok');
    });

    it('counts failures per address across accounts (IPv6 by /64), and unknown e-mails like known ones', async () => {
      const a = await person();
      const b = await person();
      for (let i = 0; i < 5; i++) {
        expect((await signIn(`ghost-${i}-${seq}@example.test`, 'wrong password!!', `2001:db8:${seq}:1::${i + 1}`)).outcome).toBe('invalid');
      }
      // Another host of the same /64 waits, whatever account it tries; another network does not.
      expect(await signIn(a.email, PASSWORD, `2001:db8:${seq}:1::99`)).toMatchObject({ outcome: 'throttled', retry_after_seconds: 1 });
      expect((await signIn(b.email, PASSWORD, `2001:db8:${seq}:2::1`)).outcome).toBe('ok');
      advance(1000);
      expect((await signIn(a.email, PASSWORD, `2001:db8:${seq}:1::99`)).outcome).toBe('ok');
      // An unknown e-mail is throttled by its own account counter as a known one is.
      const ghost = `ghost-${seq}@example.test`;
      for (let i = 0; i < 5; i++) expect((await signIn(ghost, 'wrong password!!', address())).outcome).toBe('invalid');
      expect((await signIn(ghost, PASSWORD, address())).outcome).toBe('throttled');
    });
  });

  describe('sessions', () => {
    it('end after 60 minutes without a request; a request at least a minute after the last one pushes that back', async () => {
      const { email } = await person();
      const { session_token: token } = await signIn(email, PASSWORD);
      advance(59 * MINUTE);
      expect(await call('GetSession', { session_token: token })).toMatchObject({ expires_at: new Date(clockMs + HOUR).toISOString() });
      advance(59 * MINUTE);
      expect((await call('GetSession', { session_token: token })).email).toBe(email);
      advance(HOUR);
      await expect(call('GetSession', { session_token: token })).rejects.toMatchObject({ kind: 'unauthorized' });
    });

    it('writes last_seen_at at most once a minute', async () => {
      const { email } = await person();
      const signedIn = await signIn(email, PASSWORD);
      const lastSeen = async () => (await t.studio.stores.sessions.getByHash(digestOf(signedIn.session_token)))!.lastSeenAt.getTime();
      const start = await lastSeen();
      advance(30_000);
      await call('GetSession', { session_token: signedIn.session_token });
      expect(await lastSeen()).toBe(start);
      advance(31_000);
      await call('GetSession', { session_token: signedIn.session_token });
      expect(await lastSeen()).toBe(clockMs);
    });

    it('end 12 hours after sign-in however active they are', async () => {
      const { email } = await person();
      const { session_token: token, session } = await signIn(email, PASSWORD);
      const absolute = clockMs + 12 * HOUR;
      for (let i = 0; i < 14; i++) {
        advance(50 * MINUTE);
        expect((await call('GetSession', { session_token: token })).session_id).toBe(session!.session_id);
      }
      // 11 h 40 min in: the idle expiry would be later than the absolute one, which wins.
      expect((await call('GetSession', { session_token: token })).expires_at).toBe(new Date(absolute).toISOString());
      advance(absolute - clockMs);
      await expect(call('GetSession', { session_token: token })).rejects.toMatchObject({ kind: 'unauthorized' });
    });

    it('sign out ends one session (twice is fine); sign out everywhere ends them all', async () => {
      const { email } = await person();
      const [a, b, c] = [await signIn(email, PASSWORD), await signIn(email, PASSWORD), await signIn(email, PASSWORD)];
      expect(await call('SignOut', { session_token: a.session_token })).toEqual({ ended: 1 });
      expect(await call('SignOut', { session_token: a.session_token })).toEqual({ ended: 0 });
      expect(await call('SignOut', { session_token: 'not a session' })).toEqual({ ended: 0 });
      await expect(call('GetSession', { session_token: a.session_token })).rejects.toMatchObject({ kind: 'unauthorized' });
      expect((await call('GetSession', { session_token: b.session_token })).email).toBe(email);
      // b, c and the session setting the password started.
      expect(await call('SignOutEverywhere', { session_token: b.session_token })).toEqual({ ended: 3 });
      for (const s of [b, c])
        await expect(call('GetSession', { session_token: s.session_token })).rejects.toMatchObject({ kind: 'unauthorized' });
      await expect(call('SignOutEverywhere', { session_token: b.session_token })).rejects.toMatchObject({ kind: 'unauthorized' });
    });

    it('refuses unknown and malformed session secrets as UNAUTHENTICATED, with no detail', async () => {
      for (const token of ['', 'x', 'A'.repeat(43), 'A'.repeat(5000)]) {
        expect(await rawCall(console_, 'GetSession', { session_token: token })).toMatchObject({ code: grpc.status.UNAUTHENTICATED });
        expect(await rawCall(console_, 'ListWorkspaces', { session_token: token })).toMatchObject({ code: grpc.status.UNAUTHENTICATED });
      }
      await expect(t.studio.services.accounts.requireSession('A'.repeat(43))).rejects.toMatchObject({ kind: 'unauthorized' });
    });

    it("the scheduler's sweep deletes sessions and links that ended a day ago or more, and keeps live ones", async () => {
      const { email } = await person();
      const signedOut = await signIn(email, PASSWORD);
      await call('SignOut', { session_token: signedOut.session_token });
      const lapsed = await signIn(email, PASSWORD);
      const stillUnused = await t.studio.services.accounts.invite({ email: `sweep-${++seq}@example.test`, name: 'Unused' });
      advance(49 * HOUR);
      // Another person signs in: a sign-in of the first one would already prune its own ended sessions.
      const other = await person();
      const live = await signIn(other.email, PASSWORD);
      const row = (s: { session_token: string }) => t.studio.stores.sessions.getByHash(digestOf(s.session_token));
      expect(await row(signedOut)).not.toBeNull();
      // The signed-out one, the lapsed one, the one the invitation started, the unused invitation: at least four.
      expect(await t.studio.services.accounts.pruneSpent()).toBeGreaterThanOrEqual(4);
      expect(await row(signedOut)).toBeNull();
      expect(await row(lapsed)).toBeNull();
      expect(await row(live)).not.toBeNull();
      expect((await call('DescribeLink', { link_token: secretOf(stillUnused.inviteUrl) })).state).toBe('invalid');
      expect(await t.studio.services.accounts.pruneSpent()).toBe(0);
      expect((await call('GetSession', { session_token: live.session_token })).email).toBe(other.email);
    });

    it("lists the signed-in profile's workspaces with their roles", async () => {
      const { email, profileId } = await person();
      const own = await t.given.workspace({ name: 'B studio', ownerId: profileId });
      const other = await t.given.workspace({ name: 'A studio' });
      await t.given.member(other.id, 'viewer', profileId);
      await t.given.workspace({ name: 'Not mine' });
      const { session_token: token, session } = await signIn(email, PASSWORD);
      expect(await call('ListWorkspaces', { session_token: token })).toEqual({
        workspaces: [
          { workspace_id: other.id, name: 'A studio', role: 'viewer' },
          { workspace_id: own.id, name: 'B studio', role: 'owner' },
        ],
      });
      expect(await t.studio.services.accounts.requireSession(token)).toEqual({ sessionId: session!.session_id, profileId });
    });
  });

  describe('one-time links', () => {
    it('an invitation: described before use, a weak password keeps it, a good one uses it up and signs in', async () => {
      const email = `invitee-${++seq}@example.test`;
      const invitation = await t.studio.services.accounts.invite({ email, name: 'Ada' });
      expect(invitation.inviteUrl).toMatch(/^https:\/\/studio\.example\.test\/console\/set-password#[A-Za-z0-9_-]{43}$/);
      expect(mailer.sent.at(-1)).toMatchObject({ to: email, subject: 'You are invited to Studio' });
      expect(mailer.sent.at(-1)!.text).toContain(invitation.inviteUrl);
      const link = secretOf(invitation.inviteUrl);
      expect(await call('DescribeLink', { link_token: link })).toEqual({ state: 'valid', kind: 'invite', email });
      for (const [password, message] of [
        ['short', 'Use at least 12 characters.'],
        ['x'.repeat(129), 'Use at most 128 characters.'],
        ['administrator', 'This password is too common. Choose another.'],
        [email, 'Do not use your email address as your password.'],
      ]) {
        expect(await call('SetPassword', { link_token: link, password })).toMatchObject({ outcome: 'weak_password', message });
      }
      const set = await call('SetPassword', { link_token: link, password: PASSWORD, client_address: address(), user_agent: 'vitest' });
      expect(set).toMatchObject({ outcome: 'ok', session: { profile_id: invitation.profileId, email, name: 'Ada' } });
      expect((await call('GetSession', { session_token: set.session_token })).email).toBe(email);
      expect(await call('SetPassword', { link_token: link, password: PASSWORD })).toMatchObject({
        outcome: 'invalid_link',
        message: 'This link is invalid or has expired.',
      });
      expect(await call('DescribeLink', { link_token: link })).toEqual({ state: 'invalid', kind: '', email: '' });
      expect((await signIn(email, PASSWORD)).outcome).toBe('ok');
    });

    it('is used once even when two requests race for it', async () => {
      const invitation = await t.studio.services.accounts.invite({ email: `race-${++seq}@example.test` });
      const link = secretOf(invitation.inviteUrl);
      const answers = await Promise.all([1, 2, 3].map(() => call('SetPassword', { link_token: link, password: PASSWORD })));
      expect(answers.map((a) => a.outcome).sort()).toEqual(['invalid_link', 'invalid_link', 'ok']);
    });

    it('an invitation lasts 24 hours and a reset 1 hour', async () => {
      const email = `expiry-${++seq}@example.test`;
      const invitation = await t.studio.services.accounts.invite({ email });
      advance(24 * HOUR - 1);
      expect((await call('DescribeLink', { link_token: secretOf(invitation.inviteUrl) })).state).toBe('valid');
      advance(1);
      expect((await call('DescribeLink', { link_token: secretOf(invitation.inviteUrl) })).state).toBe('invalid');
      expect((await call('SetPassword', { link_token: secretOf(invitation.inviteUrl), password: PASSWORD })).outcome).toBe('invalid_link');

      await call('RequestPasswordReset', { email, client_address: address() });
      const reset = secretOf(await lastLinkTo(email));
      expect(await call('DescribeLink', { link_token: reset })).toEqual({ state: 'valid', kind: 'reset', email });
      advance(HOUR);
      expect((await call('SetPassword', { link_token: reset, password: PASSWORD })).outcome).toBe('invalid_link');
    });

    it('a new link of a kind voids the older unused ones of that kind', async () => {
      const email = `twice-${++seq}@example.test`;
      const first = await t.studio.services.accounts.invite({ email });
      const second = await t.studio.services.accounts.invite({ email });
      expect(second.profileId).toBe(first.profileId);
      expect((await call('DescribeLink', { link_token: secretOf(first.inviteUrl) })).state).toBe('invalid');
      expect((await call('SetPassword', { link_token: secretOf(second.inviteUrl), password: PASSWORD })).outcome).toBe('ok');
    });

    it('refuses malformed link secrets without a lookup failure', async () => {
      for (const link of ['', 'x', '#'.repeat(43), 'A'.repeat(10_000)]) {
        expect(await call('DescribeLink', { link_token: link })).toEqual({ state: 'invalid', kind: '', email: '' });
        expect((await call('SetPassword', { link_token: link, password: PASSWORD })).outcome).toBe('invalid_link');
      }
    });
  });

  describe('password reset', () => {
    it('answers the same for any address, and mails a link only to a profile (at most one a minute)', async () => {
      const { email } = await person();
      const before = mailer.sent.length;
      expect(await call('RequestPasswordReset', { email: `nobody-${seq}@example.test`, client_address: address() })).toEqual({});
      expect(await call('RequestPasswordReset', { email: '', client_address: '' })).toEqual({});
      expect(await call('RequestPasswordReset', { email: ` ${email.toUpperCase()} `, client_address: address() })).toEqual({});
      await until(() => mailer.sent.length > before);
      expect(mailer.sent.slice(before).map((m) => m.to)).toEqual([email]);
      expect(mailer.sent.at(-1)!.subject).toBe('Reset your Studio password');
      expect(await call('RequestPasswordReset', { email, client_address: address() })).toEqual({});
      advance(MINUTE);
      await call('RequestPasswordReset', { email, client_address: address() });
      await until(() => mailer.sent.length > before + 1);
      expect(mailer.sent.slice(before).map((m) => m.to)).toEqual([email, email]);
    });

    it('setting a new password through a reset ends every other session and signs in afresh', async () => {
      const { email } = await person();
      const [a, b] = [await signIn(email, PASSWORD), await signIn(email, PASSWORD)];
      await call('RequestPasswordReset', { email, client_address: address() });
      const reset = await call('SetPassword', {
        link_token: secretOf(await lastLinkTo(email)),
        password: 'a brand new passphrase',
        client_address: address(),
      });
      expect(reset.outcome).toBe('ok');
      for (const s of [a, b])
        await expect(call('GetSession', { session_token: s.session_token })).rejects.toMatchObject({ kind: 'unauthorized' });
      expect((await call('GetSession', { session_token: reset.session_token })).email).toBe(email);
      expect((await signIn(email, PASSWORD)).outcome).toBe('invalid');
      expect((await signIn(email, 'a brand new passphrase')).outcome).toBe('ok');
    });

    it('a reset link lets a throttled owner back in', async () => {
      const { email } = await person();
      await fail(email, 12);
      expect((await signIn(email, PASSWORD, address())).outcome).toBe('throttled');
      await call('RequestPasswordReset', { email, client_address: address() });
      expect(
        (await call('SetPassword', { link_token: secretOf(await lastLinkTo(email)), password: 'another good passphrase' })).outcome,
      ).toBe('ok');
      expect((await signIn(email, 'another good passphrase', address())).outcome).toBe('ok');
    });
  });

  describe('callers', () => {
    it('admits the console alone: another service of the stack gets PERMISSION_DENIED, no token UNAUTHENTICATED', async () => {
      const gateway = t.grpcClient(Accounts, 'gateway');
      const operator = t.grpcClient(Accounts, 'operator');
      const anonymous = new Accounts(`127.0.0.1:${t.ports.grpcPort}`, grpc.credentials.createInsecure());
      try {
        const request = { email: 'a@example.test', password: PASSWORD, client_address: '', user_agent: '' };
        expect(await rawCall(gateway, 'SignIn', request)).toMatchObject({ code: grpc.status.PERMISSION_DENIED });
        expect(await rawCall(operator, 'RequestPasswordReset', { email: 'a@example.test' })).toMatchObject({
          code: grpc.status.PERMISSION_DENIED,
        });
        expect(await rawCall(anonymous, 'SignIn', request)).toMatchObject({ code: grpc.status.UNAUTHENTICATED });
        expect(await rawCall(console_, 'SignIn', request)).toMatchObject({ code: grpc.status.OK, response: { outcome: 'invalid' } });
      } finally {
        for (const c of [gateway, operator, anonymous]) c.close();
      }
    });
  });

  /** The URL in the newest reset mail to `email` (it leaves in the background after the answer). */
  async function lastLinkTo(email: string): Promise<string> {
    const reset = () => mailer.sent.filter((m) => m.to === email && m.subject === 'Reset your Studio password').at(-1);
    await until(() => reset() !== undefined);
    const url = reset()!.text.match(/https:\/\/\S+#[A-Za-z0-9_-]{43}/)?.[0];
    if (!url) throw new Error(`no link mailed to ${email}`);
    return url;
  }
});

/** Waits for a background effect (a mail sent after the answer), polling. */
async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
