/**
 * The console's view of studio.v1.StudioAccounts (proto/studio/v1/studio.proto): sign-in, sessions, one-time links,
 * workspaces and the signed-in person's API tokens. Calls carry the console's service tokens (caller `console`,
 * signed with SERVICE_SIGNING_KEY, audience `studio`); studio admits no other caller to this service.
 *
 * Studio's answers reach the pages as AppErrors: `unauthorized` (the session is unknown, revoked or expired: back to
 * sign-in) and `invalid_input` (with studio's sentence for the person) as they are, `not_found` as a plain not_found,
 * anything else (unreachable, deadline, refused caller) as `unavailable`.
 */
import { AppError } from '@studio/errors';
import { callUnary, createClient, loadProto } from '@studio/grpc';
import { DependencyClient, type DependencyClientOptions } from '@studio/grpc/dependency-client';
import { loadHealthService } from '@studio/grpc/health';
import type { HealthClient } from '@studio/proto/health';
import {
  STUDIO_PROTO,
  type ApiTokenInfo__Output,
  type IssuedToken__Output,
  type Session__Output,
  type SignInResponse__Output,
  type StudioAccountsClient as StudioAccountsGrpc,
} from '@studio/proto/studio';

/** A signed-in person's session, as GetSession (and a successful sign-in) describe it. */
export interface ConsoleSession {
  sessionId: string;
  profileId: string;
  email: string;
  name: string;
  /** The synchronizer token every signed-in form carries (compared in constant time). */
  csrfToken: string;
  /** The earlier of the idle and the absolute expiry: the cookie's Expires. */
  expiresAt: Date;
}

/** What a sign-in or a password set through a link comes to. */
export type SignInResult =
  | { outcome: 'ok'; sessionToken: string; session: ConsoleSession }
  | { outcome: 'invalid' | 'invalid_link' | 'weak_password'; message: string }
  | { outcome: 'throttled'; retryAfterSeconds: number; message: string };

export interface LinkInfo {
  valid: boolean;
  kind: 'invite' | 'reset' | null;
  email: string;
}

export interface WorkspaceRole {
  id: string;
  name: string;
  role: string;
}

export interface TokenInfo {
  id: string;
  name: string;
  prefix: string;
  /** null: every workspace of the profile. */
  workspaceId: string | null;
  workspaceName: string;
  readOnly: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  previousValidUntil: string | null;
}

/** A token's secret (shown once) and its listing. */
export interface NewToken {
  secret: string;
  info: TokenInfo;
}

export interface NewTokenInput {
  name: string;
  /** null: every workspace of the profile. */
  workspaceId: string | null;
  readOnly: boolean;
  /** null: never expires. */
  expiresAt: Date | null;
}

/** Where the person is (throttling per address) and what they use (shown per session). */
export interface ClientInfo {
  clientAddress: string;
  userAgent: string;
}

/** Studio's accounts as the console's services use them (the gRPC client below, or a fake in unit tests). */
export interface Accounts {
  signIn(email: string, password: string, client: ClientInfo): Promise<SignInResult>;
  /** The session behind a cookie; throws AppError unauthorized when there is none (unknown, revoked, expired). */
  getSession(sessionToken: string): Promise<ConsoleSession>;
  signOut(sessionToken: string): Promise<void>;
  signOutEverywhere(sessionToken: string): Promise<void>;
  describeLink(linkToken: string): Promise<LinkInfo>;
  setPassword(linkToken: string, password: string, client: ClientInfo): Promise<SignInResult>;
  requestPasswordReset(email: string, clientAddress: string): Promise<void>;
  listWorkspaces(sessionToken: string): Promise<WorkspaceRole[]>;
  listTokens(sessionToken: string): Promise<TokenInfo[]>;
  createToken(sessionToken: string, input: NewTokenInput): Promise<NewToken>;
  revokeToken(sessionToken: string, tokenId: string): Promise<TokenInfo>;
  rollToken(sessionToken: string, tokenId: string, overlapSeconds: number): Promise<NewToken>;
  /** Resolves when studio's gRPC server reports SERVING (the console's /readyz); rejects otherwise. */
  checkHealth(): Promise<void>;
}

const STUDIO = { service: 'studio', notFound: ['not_found'], passThrough: ['unauthorized', 'invalid_input'] } as const;

/** Studio answered something that is not a usable session: the page says studio is unavailable, never a 500. */
const malformed = () => new AppError('unavailable', 'the studio service gave an unusable answer');

const orNull = (value: string | undefined): string | null => (value ? value : null);

export function toSession(s: Session__Output | null | undefined): ConsoleSession {
  const expiresAt = new Date(s?.expires_at ?? '');
  if (!s?.session_id || !s.csrf_token || Number.isNaN(expiresAt.getTime())) throw malformed();
  return { sessionId: s.session_id, profileId: s.profile_id, email: s.email, name: s.name, csrfToken: s.csrf_token, expiresAt };
}

export function toSignInResult(res: SignInResponse__Output): SignInResult {
  switch (res.outcome) {
    case 'ok':
      if (!res.session_token) throw malformed();
      return { outcome: 'ok', sessionToken: res.session_token, session: toSession(res.session) };
    case 'throttled':
      return { outcome: 'throttled', retryAfterSeconds: Math.max(1, res.retry_after_seconds || 1), message: res.message };
    case 'invalid':
    case 'invalid_link':
    case 'weak_password':
      return { outcome: res.outcome, message: res.message };
    default:
      throw malformed();
  }
}

export function toTokenInfo(t: ApiTokenInfo__Output | null | undefined): TokenInfo {
  if (!t?.token_id) throw malformed();
  return {
    id: t.token_id,
    name: t.name,
    prefix: t.prefix,
    workspaceId: orNull(t.workspace_id),
    workspaceName: t.workspace_name,
    readOnly: t.permission === 'read_only',
    createdAt: t.created_at,
    lastUsedAt: orNull(t.last_used_at),
    expiresAt: orNull(t.expires_at),
    revokedAt: orNull(t.revoked_at),
    previousValidUntil: orNull(t.previous_valid_until),
  };
}

function toNewToken(res: IssuedToken__Output): NewToken {
  if (!res.token) throw malformed();
  return { secret: res.token, info: toTokenInfo(res.info) };
}

export class StudioAccounts extends DependencyClient<StudioAccountsGrpc> implements Accounts {
  private readonly health: HealthClient;
  private readonly healthTimeoutMs: number;

  constructor(address: string, options: DependencyClientOptions) {
    super(loadProto(STUDIO_PROTO).studio.v1.StudioAccounts, address, STUDIO, options);
    this.health = createClient(loadHealthService(), address, { registry: options.registry });
    this.healthTimeoutMs = Math.min(options.timeoutMs, 2000);
  }

  async signIn(email: string, password: string, client: ClientInfo): Promise<SignInResult> {
    const res = await this.call('SignIn', { email, password, client_address: client.clientAddress, user_agent: client.userAgent });
    return toSignInResult(res);
  }

  async getSession(sessionToken: string): Promise<ConsoleSession> {
    return toSession(await this.call('GetSession', { session_token: sessionToken }));
  }

  async signOut(sessionToken: string): Promise<void> {
    await this.call('SignOut', { session_token: sessionToken });
  }

  async signOutEverywhere(sessionToken: string): Promise<void> {
    await this.call('SignOutEverywhere', { session_token: sessionToken });
  }

  async describeLink(linkToken: string): Promise<LinkInfo> {
    const res = await this.call('DescribeLink', { link_token: linkToken });
    const valid = res.state === 'valid';
    return { valid, kind: valid && (res.kind === 'invite' || res.kind === 'reset') ? res.kind : null, email: valid ? res.email : '' };
  }

  async setPassword(linkToken: string, password: string, client: ClientInfo): Promise<SignInResult> {
    const res = await this.call('SetPassword', {
      link_token: linkToken,
      password,
      client_address: client.clientAddress,
      user_agent: client.userAgent,
    });
    return toSignInResult(res);
  }

  async requestPasswordReset(email: string, clientAddress: string): Promise<void> {
    await this.call('RequestPasswordReset', { email, client_address: clientAddress });
  }

  async listWorkspaces(sessionToken: string): Promise<WorkspaceRole[]> {
    const res = await this.call('ListWorkspaces', { session_token: sessionToken });
    return (res.workspaces ?? []).map((w) => ({ id: w.workspace_id, name: w.name, role: w.role }));
  }

  async listTokens(sessionToken: string): Promise<TokenInfo[]> {
    const res = await this.call('ListTokens', { session_token: sessionToken });
    return (res.tokens ?? []).map(toTokenInfo);
  }

  async createToken(sessionToken: string, input: NewTokenInput): Promise<NewToken> {
    const res = await this.call('CreateToken', {
      session_token: sessionToken,
      name: input.name,
      workspace_id: input.workspaceId ?? '',
      read_only: input.readOnly,
      expires_at: input.expiresAt ? input.expiresAt.toISOString() : '',
    });
    return toNewToken(res);
  }

  async revokeToken(sessionToken: string, tokenId: string): Promise<TokenInfo> {
    return toTokenInfo(await this.call('RevokeToken', { session_token: sessionToken, token_id: tokenId }));
  }

  async rollToken(sessionToken: string, tokenId: string, overlapSeconds: number): Promise<NewToken> {
    return toNewToken(await this.call('RollToken', { session_token: sessionToken, token_id: tokenId, overlap_seconds: overlapSeconds }));
  }

  async checkHealth(): Promise<void> {
    const res = await callUnary(this.health, 'Check', { service: '' }, this.healthTimeoutMs);
    if (res.status !== 'SERVING') throw new Error(`studio gRPC is ${res.status}`);
  }

  override close(): void {
    super.close();
    this.health.close();
  }
}
