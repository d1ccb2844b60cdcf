/**
 * API tokens: minting (shown once), authentication (format check before any database read, SHA-256 lookup,
 * revocation, memberships narrowed to the token's scope), last-use tracking (at most one write a minute),
 * revocation, and the whoami read.
 */
import { AppError } from '@studio/errors';
import type { TokenPrincipal } from '@studio/identity';
import type { RoleName } from '../store/workspace.store.js';
import { RecordService } from './record-service.js';
import { isUuid } from './ids.js';
import { serializeProfile, serializeReachedWorkspace, serializeTokenInfo } from '@studio/contracts/records';
import { hashToken, mintToken, parseToken } from './token.format.js';
import type { CreateTokenInput } from './token.schema.js';

/** last_used_at is written at most once per this interval per token. */
export const LAST_USED_INTERVAL_MS = 60_000;

export interface AuthenticatedToken {
  profileId: string;
  tokenId: string;
  /** The one workspace the token is scoped to, or null when it reaches every workspace of its profile. */
  scopeWorkspaceId: string | null;
  /** Already narrowed to the scope: a scoped token whose profile left that workspace gets an empty list. */
  memberships: { workspaceId: string; role: RoleName }[];
  /** Requests per 60 s, or null for the gateway's default. */
  rateLimit: number | null;
}

export class TokenService extends RecordService {
  /** Mints a token; the clear token is returned here only and never stored. */
  async create(input: CreateTokenInput): Promise<{ token: string; tokenId: string; prefix: string }> {
    const { stores } = this.deps;
    const profile = await stores.profiles.getById(input.profileId);
    if (!profile) throw new AppError('invalid_input', `profile ${input.profileId} does not exist`);
    const workspaceId = input.workspaceId ?? null;
    if (workspaceId !== null && !(await stores.workspaces.getMembership(workspaceId, profile.id))) {
      throw new AppError('invalid_input', `profile ${profile.id} is not a member of workspace ${workspaceId}`);
    }
    const minted = mintToken();
    const row = await stores.tokens.create({
      profileId: profile.id,
      workspaceId,
      prefix: minted.prefix,
      hash: minted.hash,
      name: input.name ?? null,
      rateLimit: input.rateLimit ?? null,
    });
    return { token: minted.token, tokenId: row.id, prefix: row.prefix };
  }

  /** Resolves a bearer token; unauthorized for a malformed (no database read), unknown or revoked one. */
  async authenticate(token: unknown): Promise<AuthenticatedToken> {
    if (!parseToken(token)) throw new AppError('unauthorized');
    const { stores } = this.deps;
    const row = await stores.tokens.getByHash(hashToken(token as string));
    if (!row || row.revokedAt) throw new AppError('unauthorized');
    const all = await stores.workspaces.membershipsOfProfile(row.profileId);
    const memberships = all
      .filter((m) => row.workspaceId === null || m.workspaceId === row.workspaceId)
      .map((m) => ({ workspaceId: m.workspaceId, role: m.role }));
    const now = this.now();
    const staleBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    if (!row.lastUsedAt || row.lastUsedAt < staleBefore) await stores.tokens.touchLastUsed(row.id, now, staleBefore);
    return { profileId: row.profileId, tokenId: row.id, scopeWorkspaceId: row.workspaceId, memberships, rateLimit: row.rateLimit };
  }

  async revoke(tokenId: string): Promise<void> {
    const found = isUuid(tokenId) && (await this.deps.stores.tokens.revoke(tokenId, this.now()));
    if (!found) throw new AppError('not_found');
  }

  /** GET /auth/whoami: the owning profile, the token and the workspaces it reaches (scope applied). */
  async whoami(principal: TokenPrincipal) {
    const { stores } = this.deps;
    const [profile, token] = await Promise.all([stores.profiles.getById(principal.profileId), stores.tokens.getById(principal.tokenId)]);
    if (!profile || !token || token.profileId !== profile.id || token.revokedAt) throw new AppError('unauthorized');
    const workspaces = await stores.workspaces.getManyInWorkspaces(Object.keys(principal.memberships));
    return {
      profile: serializeProfile(profile),
      token: serializeTokenInfo(token),
      workspaces: workspaces.map((w) => serializeReachedWorkspace(w, principal.memberships[w.id]!)),
    };
  }
}
