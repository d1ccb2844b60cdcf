/**
 * People's accounts for the console (docs/decisions/0016-account-console.md): sign-in with e-mail and password
 * (Argon2id, password.ts) throttled per account and per address (sign-in-throttle.ts), server-side sessions with idle
 * and absolute expiry, sign out (everywhere), and one-time links (invitations 24 h, resets 1 h) that set a password
 * and sign in. Secrets (session cookies, link secrets) are 32 random bytes in base64url; only their SHA-256 is
 * stored. An unknown e-mail and a wrong password give the same outcome after the same work (one Argon2id run).
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@studio/errors';
import type { Logger } from '@studio/logger';
import type { LinkKind } from '../store/link.store.js';
import type { ProfileRow } from '../store/profile.store.js';
import type { ConsoleSessionRow } from '../store/session.store.js';
import type { RoleName } from '../store/workspace.store.js';
import type { ServiceDeps } from './deps.js';
import type { Mailer } from './mail.js';
import { dummyVerification, hashPassword, needsRehash, passwordProblem, verifyPassword } from './password.js';
import { RecordService } from './record-service.js';
import { accountKey, addressKey, DELAYS_SECONDS, delaySecondsAfter, FORGET_AFTER_MS, secondsUntil } from './sign-in-throttle.js';

export const INVITE_LIFETIME_MS = 24 * 3_600_000;
export const RESET_LIFETIME_MS = 3_600_000;
export const LINK_LIFETIME_MS: Record<LinkKind, number> = { invite: INVITE_LIFETIME_MS, reset: RESET_LIFETIME_MS };
/** last_seen_at of a session is written at most once per this interval. */
export const LAST_SEEN_INTERVAL_MS = 60_000;
/** Ended sessions are kept this long (a person's recent sign-outs), then deleted at the profile's next sign-in. */
export const ENDED_SESSION_KEPT_MS = 24 * 3_600_000;
/** At most one reset e-mail per profile per this interval (a stranger cannot flood someone's mailbox). */
export const RESET_MAIL_INTERVAL_MS = 60_000;

/** Longest e-mail and password read at sign-in (longer ones cannot match: a stored e-mail is at most 254). */
const EMAIL_MAX = 254;
const PASSWORD_INPUT_MAX = 1024;

export const ACCOUNT_MESSAGES = {
  invalid: 'Incorrect email or password.',
  throttled: (seconds: number) => `Too many attempts. Try again in ${seconds} seconds.`,
  invalidLink: 'This link is invalid or has expired.',
} as const;

export interface AccountSettings {
  /** PUBLIC_URL without a trailing slash: links are `${publicUrl}/console/set-password#<secret>`. */
  publicUrl: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
}

export interface AccountDeps {
  settings: AccountSettings;
  mailer: Mailer;
  logger: Logger;
}

export interface SessionView {
  sessionId: string;
  profileId: string;
  email: string;
  name: string | null;
  csrfToken: string;
  /** The earlier of the idle and the absolute expiry: the cookie's Expires. */
  expiresAt: Date;
}

export type SignInResult =
  | { outcome: 'ok'; sessionToken: string; session: SessionView }
  | { outcome: 'invalid' | 'invalid_link' | 'weak_password'; message: string }
  | { outcome: 'throttled'; retryAfterSeconds: number; message: string };

export interface ClientInfo {
  clientAddress: string;
  userAgent: string;
}

export type LinkDescription = { state: 'valid'; kind: LinkKind; email: string } | { state: 'invalid' };

export interface Invitation {
  profileId: string;
  inviteUrl: string;
  /** True when the link was e-mailed; false when no SMTP server is set or sending failed (logged). */
  mailed: boolean;
}

const SECRET = /^[A-Za-z0-9_-]{43}$/;
const newSecret = () => randomBytes(32).toString('base64url');
export const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const normalizeEmail = (email: string) => email.trim().toLowerCase();
/** A stored client detail: trimmed, bounded, null when empty. */
const detail = (value: string, max: number) => value.trim().slice(0, max) || null;

export class AccountService extends RecordService {
  constructor(
    deps: ServiceDeps,
    private readonly accounts: AccountDeps,
  ) {
    super(deps);
  }

  /** True when e-mails go out (an SMTP server is configured). */
  get mailing(): boolean {
    return this.accounts.mailer.enabled;
  }

  // ---- sign-in and sessions ----

  async signIn(input: { email: string; password: string } & ClientInfo): Promise<SignInResult> {
    const { stores } = this.deps;
    const email = normalizeEmail(input.email).slice(0, EMAIL_MAX + 1);
    const password = input.password.slice(0, PASSWORD_INPUT_MAX);
    const profile = email.length <= EMAIL_MAX && email !== '' ? await stores.profiles.getByEmail(email) : null;
    const account = accountKey(profile, email);
    const address = addressKey(input.clientAddress);
    const keys = address === null ? [account] : [account, address];
    const now = this.now();
    const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
    let retry = await this.throttledFor(keys, now);
    // The account's counter admits the attempt atomically and counts it as a failure until it succeeds, so parallel
    // guesses at one account cannot slip past the delay between the check above and the count.
    if (retry === 0 && (await stores.throttles.admit(account, now, forgetBefore, DELAYS_SECONDS)) === null) {
      retry = Math.max(1, await this.throttledFor([account], now));
    }
    if (retry > 0) return { outcome: 'throttled', retryAfterSeconds: retry, message: ACCOUNT_MESSAGES.throttled(retry) };
    const stored = profile?.passwordHash ?? null;
    const ok = stored ? await verifyPassword(password, stored) : await dummyVerification(password);
    if (!profile || !stored || !ok) {
      if (address !== null) await this.recordFailure(address, this.now());
      // Forgotten counters are deleted here, on the failure path only: a sign-in that succeeds costs nothing extra.
      await stores.throttles.deleteForgotten(forgetBefore);
      return { outcome: 'invalid', message: ACCOUNT_MESSAGES.invalid };
    }
    await stores.throttles.clear(account);
    // A hash made with older parameters is replaced while the password is at hand.
    if (needsRehash(stored)) await stores.profiles.replacePasswordHash(profile.id, stored, await hashPassword(password));
    return { outcome: 'ok', ...(await this.startSession(profile, input)) };
  }

  /** The session behind `sessionToken`, its idle expiry refreshed (written at most once a minute); else unauthorized. */
  async getSession(sessionToken: string): Promise<SessionView> {
    const { row, profile } = await this.liveSession(sessionToken);
    return this.viewOf(row, profile);
  }

  /** For the calls of a signed-in person (the token handlers): the session's id and profile, or unauthorized. */
  async requireSession(sessionToken: string): Promise<{ sessionId: string; profileId: string }> {
    const { row } = await this.liveSession(sessionToken);
    return { sessionId: row.id, profileId: row.profileId };
  }

  /** Ends the session (0 when it was unknown or had ended already: signing out twice is not an error). */
  async signOut(sessionToken: string): Promise<number> {
    if (!SECRET.test(sessionToken)) return 0;
    const row = await this.deps.stores.sessions.getByHash(digestOf(sessionToken));
    return row ? this.deps.stores.sessions.revoke(row.id, this.now()) : 0;
  }

  /** Ends every session of the signed-in profile, this one included; how many ended. */
  async signOutEverywhere(sessionToken: string): Promise<number> {
    const { profileId } = await this.requireSession(sessionToken);
    return this.deps.stores.sessions.revokeAllOf(profileId, this.now());
  }

  async listWorkspaces(sessionToken: string): Promise<{ workspaceId: string; name: string; role: RoleName }[]> {
    const { profileId } = await this.requireSession(sessionToken);
    const memberships = await this.deps.stores.workspaces.membershipsWithWorkspaces(profileId);
    return memberships.map((m) => ({ workspaceId: m.workspaceId, name: m.workspace.name, role: m.role }));
  }

  // ---- one-time links ----

  async describeLink(linkToken: string): Promise<LinkDescription> {
    if (!SECRET.test(linkToken)) return { state: 'invalid' };
    const { stores } = this.deps;
    const link = await stores.links.getUsable(digestOf(linkToken), this.now());
    const profile = link ? await stores.profiles.getById(link.profileId) : null;
    return link && profile ? { state: 'valid', kind: link.kind as LinkKind, email: profile.email } : { state: 'invalid' };
  }

  /**
   * Sets the password through an invitation or reset link and signs in with a new session. The link is consumed only
   * when the password is accepted (a weak one can be replaced on the same link). Every other session of the profile
   * ends, and its sign-in throttle is cleared: whoever holds the link owns the mailbox.
   */
  async setPassword(input: { linkToken: string; password: string } & ClientInfo): Promise<SignInResult> {
    const invalidLink = { outcome: 'invalid_link', message: ACCOUNT_MESSAGES.invalidLink } as const;
    if (!SECRET.test(input.linkToken)) return invalidLink;
    const { db, stores } = this.deps;
    const hash = digestOf(input.linkToken);
    const link = await stores.links.getUsable(hash, this.now());
    const profile = link ? await stores.profiles.getById(link.profileId) : null;
    if (!link || !profile) return invalidLink;
    const problem = passwordProblem(input.password, profile.email);
    if (problem) return { outcome: 'weak_password', message: problem };
    const passwordHash = await hashPassword(input.password);
    const consumed = await db.transaction(async (tx) => {
      const now = this.now();
      const used = await stores.links.consume(hash, now, tx);
      if (!used) return false;
      await stores.profiles.setPassword(profile.id, passwordHash, now, tx);
      await stores.sessions.revokeAllOf(profile.id, now, null, tx);
      await stores.throttles.clear(accountKey(profile, profile.email), tx);
      return true;
    });
    if (!consumed) return invalidLink;
    return { outcome: 'ok', ...(await this.startSession(profile, input)) };
  }

  /**
   * E-mails a one-hour reset link when the address belongs to a profile (at most one a minute per profile); nothing
   * otherwise. The caller always gets the same answer after the same work (one lookup): the link is made and mailed
   * in the background, so the answer's timing does not tell whether the address has an account.
   */
  async requestPasswordReset(input: { email: string }): Promise<void> {
    const email = normalizeEmail(input.email);
    if (email === '' || email.length > EMAIL_MAX) return;
    const profile = await this.deps.stores.profiles.getByEmail(email);
    if (!profile) return;
    const now = this.now();
    void this.sendReset(profile, now).catch((err: unknown) => this.accounts.logger.error({ err }, 'password reset failed'));
  }

  private async sendReset(profile: ProfileRow, now: Date): Promise<void> {
    const latest = await this.deps.stores.links.latestCreatedAt(profile.id, 'reset');
    if (latest && now.getTime() - latest.getTime() < RESET_MAIL_INTERVAL_MS) return;
    const url = await this.createLink(profile.id, 'reset', now);
    await this.accounts.mailer.send({
      to: profile.email,
      subject: 'Reset your Studio password',
      text: [
        'Someone asked to reset the password of your Studio account.',
        '',
        `Set a new password here (the link works once, for one hour): ${url}`,
        '',
        'If it was not you, ignore this message: your password stays as it is.',
      ].join('\n'),
    });
  }

  /**
   * Invites the person with `email` (the profile is created when there is none): a 24-hour link that sets the
   * password, e-mailed when an SMTP server is configured. Earlier unused invitations of the profile stop working.
   */
  async invite(input: { email: string; name?: string | null }): Promise<Invitation> {
    const profile = await this.deps.stores.profiles.findOrCreate({ email: normalizeEmail(input.email), name: input.name ?? null });
    const inviteUrl = await this.createLink(profile.id, 'invite', this.now());
    const mailed = await this.accounts.mailer.send({
      to: profile.email,
      subject: 'You are invited to Studio',
      text: [
        `${profile.name ? `Hello ${profile.name},\n\n` : ''}You have been invited to the Studio account console.`,
        '',
        `Choose your password here (the link works once, for 24 hours): ${inviteUrl}`,
      ].join('\n'),
    });
    return { profileId: profile.id, inviteUrl, mailed };
  }

  /** A new link of `kind` for the profile (its earlier unused ones of that kind stop working); its URL. */
  private async createLink(profileId: string, kind: LinkKind, now: Date): Promise<string> {
    const secret = newSecret();
    await this.deps.stores.links.create({
      profileId,
      kind,
      hash: digestOf(secret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[kind]),
    });
    return `${this.accounts.settings.publicUrl}/console/set-password#${secret}`;
  }

  // ---- internals ----

  /** Seconds to wait before the next try on any of `keys` (0: go ahead). */
  private async throttledFor(keys: string[], now: Date): Promise<number> {
    const live = await this.deps.stores.throttles.live(keys, new Date(now.getTime() - FORGET_AFTER_MS));
    return Math.max(0, ...live.map((row) => secondsUntil(row.blockedUntil, now)));
  }

  /** Counts a failure from an address (the account's was counted when the attempt was admitted). */
  private async recordFailure(key: string, now: Date): Promise<void> {
    const { throttles } = this.deps.stores;
    const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
    const failures = await throttles.addFailure(key, now, forgetBefore);
    const delay = delaySecondsAfter(failures);
    if (delay > 0) await throttles.blockUntil(key, new Date(now.getTime() + delay * 1000));
  }

  /**
   * The scheduler's sweep: deletes what can never work again and is kept no longer: sessions and one-time links that
   * ended a day ago or more, and throttle counters already forgotten. Returns how many rows went.
   */
  async pruneSpent(): Promise<number> {
    const { sessions, links, throttles } = this.deps.stores;
    const now = this.now().getTime();
    const before = new Date(now - ENDED_SESSION_KEPT_MS);
    const counts = await Promise.all([
      sessions.deleteEnded(before, null),
      links.deleteSpent(before),
      throttles.deleteForgotten(new Date(now - FORGET_AFTER_MS)),
    ]);
    return counts.reduce((a, b) => a + b, 0);
  }

  private async startSession(profile: ProfileRow, client: ClientInfo): Promise<{ sessionToken: string; session: SessionView }> {
    const { sessions } = this.deps.stores;
    const now = this.now();
    // The profile's sessions that ended a day ago or more go now (by its index): the table never grows without end.
    await sessions.deleteEnded(new Date(now.getTime() - ENDED_SESSION_KEPT_MS), profile.id);
    const sessionToken = newSecret();
    const row = await sessions.create({
      profileId: profile.id,
      hash: digestOf(sessionToken),
      csrfToken: newSecret(),
      clientAddress: detail(client.clientAddress, 64),
      userAgent: detail(client.userAgent, 512),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.accounts.settings.sessionAbsoluteMs),
    });
    return { sessionToken, session: this.viewOf(row, profile) };
  }

  /** The live session behind the token (not revoked, not past its absolute or idle expiry), touched; else unauthorized. */
  private async liveSession(sessionToken: string): Promise<{ row: ConsoleSessionRow; profile: ProfileRow }> {
    const { stores } = this.deps;
    const found = SECRET.test(sessionToken) ? await stores.sessions.getByHash(digestOf(sessionToken)) : null;
    const now = this.now();
    if (!found || found.revokedAt || found.expiresAt <= now || this.idleExpiry(found) <= now) {
      throw new AppError('unauthorized', 'the session is unknown, ended or expired');
    }
    const profile = await stores.profiles.getById(found.profileId);
    if (!profile) throw new AppError('unauthorized', 'the session is unknown, ended or expired');
    const staleBefore = new Date(now.getTime() - LAST_SEEN_INTERVAL_MS);
    let row = found;
    if (found.lastSeenAt < staleBefore && (await stores.sessions.touch(found.id, now, staleBefore))) row = { ...found, lastSeenAt: now };
    return { row, profile };
  }

  private idleExpiry(row: ConsoleSessionRow): Date {
    return new Date(row.lastSeenAt.getTime() + this.accounts.settings.sessionIdleMs);
  }

  private viewOf(row: ConsoleSessionRow, profile: ProfileRow): SessionView {
    const idle = this.idleExpiry(row);
    return {
      sessionId: row.id,
      profileId: profile.id,
      email: profile.email,
      name: profile.name,
      csrfToken: row.csrfToken,
      expiresAt: new Date(Math.min(idle.getTime(), row.expiresAt.getTime())),
    };
  }
}
