/**
 * API tokens: minting (shown once; the form is @studio/api-token's), authentication (form and checksum checked
 * before any database read, SHA-256 lookup of the current or, within a roll's overlap, the previous secret,
 * revocation and expiry, memberships narrowed to the token's scope), last-use tracking (at most one write a
 * minute), revocation, the whoami read, and the profile's own tokens for the account console (list, create, revoke,
 * roll; another profile's token is not_found).
 *
 * Only SHA-256 (hex) of the whole secret is stored: a secret carries over 230 random bits, so a fast hash is safe and
 * a slow KDF would only add latency to every request.
 */
import { createHash } from 'node:crypto';
import { mintApiToken, parseApiToken } from '@studio/api-token';
import { AppError } from '@studio/errors';
import type { TokenPrincipal } from '@studio/identity';
import type { ApiTokenRow } from '../store/token.store.js';
import type { RoleName } from '../store/workspace.store.js';
import { RecordService } from './record-service.js';
import { isUuid } from './ids.js';
import { serializeProfile, serializeReachedWorkspace, serializeTokenInfo } from '@studio/contracts/records';
import { type CreateTokenInput, MAX_ROLL_OVERLAP_SECONDS, MAX_TOKEN_LIFETIME_DAYS, OWN_TOKEN_NAME_MAX } from './token.schema.js';

/** last_used_at is written at most once per this interval per token. */
export const LAST_USED_INTERVAL_MS = 60_000;
/**
 * The most working tokens one profile may hold (GitHub caps them too): far above what a person manages by hand, and
 * a bound on what a stolen session can mint. Checked before the insert, so two creations at the same instant may
 * pass it by one; it is a guard against runaway scripts, not an accounting rule.
 */
export const MAX_ACTIVE_TOKENS = 100;
const DAY_MS = 86_400_000;

/** SHA-256 of the whole token, lower-case hex: what api_tokens.hash and previous_hash hold. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface AuthenticatedToken {
  profileId: string;
  tokenId: string;
  /** The one workspace the token is scoped to, or null when it reaches every workspace of its profile. */
  scopeWorkspaceId: string | null;
  /** Already narrowed to the scope: a scoped token whose profile left that workspace gets an empty list. */
  memberships: { workspaceId: string; role: RoleName }[];
  /** Requests per 60 s, or null for the gateway's default. */
  rateLimit: number | null;
  /** A read-only token may only GET (the gateway refuses anything else with 403). */
  readOnly: boolean;
  /** When the presented secret stops working: the token's expiry or the end of a roll's overlap; null when never. */
  validUntil: Date | null;
}

/** A token of the signed-in profile as the console lists it: the row and the name of its scope. */
export interface OwnToken {
  row: ApiTokenRow;
  /** The scope's name; null for a token that reaches every workspace. */
  workspaceName: string | null;
  /** After a roll, while the previous secret still works: until when; else null. */
  previousValidUntil: Date | null;
}

/** A console token to create (TokenService.createOwn checks each member). */
export interface NewOwnToken {
  name: string;
  /** One of the profile's workspaces, or null for all of them. */
  workspaceId: string | null;
  readOnly: boolean;
  /** In the future and at most MAX_TOKEN_LIFETIME_DAYS ahead, or null for a token that never expires. */
  expiresAt: Date | null;
}

/** The earlier of two optional instants (null is "never"). */
const earliest = (a: Date | null, b: Date | null): Date | null => (a && b ? (a < b ? a : b) : (a ?? b));

export class TokenService extends RecordService {
  /** Mints a token for the operator CLI; the clear token is returned here only and never stored. */
  async create(input: CreateTokenInput): Promise<{ token: string; tokenId: string; prefix: string; expiresAt: Date | null }> {
    const { stores } = this.deps;
    const profile = await stores.profiles.getById(input.profileId);
    if (!profile) throw new AppError('invalid_input', `profile ${input.profileId} does not exist`);
    const workspaceId = input.workspaceId ?? null;
    if (workspaceId !== null && !(await stores.workspaces.getMembership(workspaceId, profile.id))) {
      throw new AppError('invalid_input', `profile ${profile.id} is not a member of workspace ${workspaceId}`);
    }
    const expiresAt = input.expiresInDays ? new Date(this.now().getTime() + input.expiresInDays * DAY_MS) : null;
    const { token, row } = await this.issue({
      profileId: profile.id,
      workspaceId,
      name: input.name ?? null,
      rateLimit: input.rateLimit ?? null,
      readOnly: input.readOnly ?? false,
      expiresAt,
    });
    return { token, tokenId: row.id, prefix: row.prefix, expiresAt: row.expiresAt };
  }

  /**
   * Resolves a bearer token; unauthorized for a malformed one or a wrong checksum (no database read), and for an
   * unknown, revoked or expired one, or a previous secret whose overlap has ended.
   */
  async authenticate(token: unknown): Promise<AuthenticatedToken> {
    if (!parseApiToken(token)) throw new AppError('unauthorized');
    const { stores } = this.deps;
    const hash = hashToken(token as string);
    const row = await stores.tokens.getBySecretHash(hash);
    if (!row || row.revokedAt) throw new AppError('unauthorized');
    const now = this.now();
    if (row.expiresAt && row.expiresAt <= now) throw new AppError('unauthorized');
    let validUntil = row.expiresAt;
    if (row.hash !== hash) {
      // The previous secret of a rolled token: it works only until the end of the overlap.
      if (!row.previousValidUntil || row.previousValidUntil <= now) throw new AppError('unauthorized');
      validUntil = earliest(validUntil, row.previousValidUntil);
    }
    const all = await stores.workspaces.membershipsOfProfile(row.profileId);
    const memberships = all
      .filter((m) => row.workspaceId === null || m.workspaceId === row.workspaceId)
      .map((m) => ({ workspaceId: m.workspaceId, role: m.role }));
    const staleBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    if (!row.lastUsedAt || row.lastUsedAt < staleBefore) await stores.tokens.touchLastUsed(row.id, now, staleBefore);
    return {
      profileId: row.profileId,
      tokenId: row.id,
      scopeWorkspaceId: row.workspaceId,
      memberships,
      rateLimit: row.rateLimit,
      readOnly: row.readOnly,
      validUntil,
    };
  }

  /** Revokes any token (operator CLI); not_found when there is none with that id. */
  async revoke(tokenId: string): Promise<void> {
    const found = isUuid(tokenId) && (await this.deps.stores.tokens.revoke(tokenId, this.now()));
    if (!found) throw new AppError('not_found');
  }

  /** Rolls any token (operator CLI): rollOwn for the token's own profile; not_found when there is no such token. */
  async roll(tokenId: string, overlapSeconds: number): Promise<{ token: string; info: OwnToken }> {
    const row = isUuid(tokenId) ? await this.deps.stores.tokens.getById(tokenId) : null;
    if (!row) throw new AppError('not_found');
    return this.rollOwn(row.profileId, tokenId, overlapSeconds);
  }

  /** GET /auth/whoami: the owning profile, the token and the workspaces it reaches (scope applied). */
  async whoami(principal: TokenPrincipal) {
    const { stores } = this.deps;
    const [profile, token] = await Promise.all([stores.profiles.getById(principal.profileId), stores.tokens.getById(principal.tokenId)]);
    if (!profile || !token || token.profileId !== profile.id || token.revokedAt) throw new AppError('unauthorized');
    if (token.expiresAt && token.expiresAt <= this.now()) throw new AppError('unauthorized');
    const workspaces = await stores.workspaces.getManyInWorkspaces(Object.keys(principal.memberships));
    return {
      profile: serializeProfile(profile),
      token: serializeTokenInfo(token),
      workspaces: workspaces.map((w) => serializeReachedWorkspace(w, principal.memberships[w.id]!)),
    };
  }

  // ------------------------------------------------------------------ the profile's own tokens (account console)

  /** The profile's tokens, newest first, revoked ones included. */
  async listOwn(profileId: string): Promise<OwnToken[]> {
    const rows = await this.deps.stores.tokens.listOfProfile(profileId);
    return this.withWorkspaceNames(rows);
  }

  /** Mints a token of the profile (the secret is returned here only); invalid_input with a sentence for bad input. */
  async createOwn(profileId: string, input: NewOwnToken): Promise<{ token: string; info: OwnToken }> {
    const { stores } = this.deps;
    const name = input.name.trim();
    if (name.length === 0) throw new AppError('invalid_input', 'Give the token a name.');
    if ([...name].length > OWN_TOKEN_NAME_MAX)
      throw new AppError('invalid_input', `Use at most ${OWN_TOKEN_NAME_MAX} characters for the name.`);
    if (name.includes('\u0000')) throw new AppError('invalid_input', 'The name must not contain NUL characters.');
    const workspaceId = input.workspaceId;
    if (workspaceId !== null && !(isUuid(workspaceId) && (await stores.workspaces.getMembership(workspaceId, profileId)))) {
      throw new AppError('invalid_input', 'Choose one of your workspaces, or all of them.');
    }
    const now = this.now();
    if (input.expiresAt !== null) {
      if (Number.isNaN(input.expiresAt.getTime())) throw new AppError('invalid_input', 'The expiration date is not a valid date.');
      if (input.expiresAt <= now) throw new AppError('invalid_input', 'Choose an expiration date in the future.');
      if (input.expiresAt.getTime() > now.getTime() + MAX_TOKEN_LIFETIME_DAYS * DAY_MS) {
        throw new AppError('invalid_input', 'Choose an expiration date at most one year ahead.');
      }
    }
    if ((await stores.tokens.countActiveOfProfile(profileId, now)) >= MAX_ACTIVE_TOKENS) {
      throw new AppError('invalid_input', `You have ${MAX_ACTIVE_TOKENS} working tokens, the most one person may hold. Revoke one first.`);
    }
    const { token, row } = await this.issue({
      profileId,
      workspaceId,
      name,
      rateLimit: null,
      readOnly: input.readOnly,
      expiresAt: input.expiresAt,
    });
    const [info] = await this.withWorkspaceNames([row]);
    return { token, info: info! };
  }

  /** Revokes a token of the profile (again is fine); not_found for an unknown token or another profile's. */
  async revokeOwn(profileId: string, tokenId: string): Promise<OwnToken> {
    const { stores } = this.deps;
    if (!isUuid(tokenId) || !(await stores.tokens.revoke(tokenId, this.now(), profileId))) throw new AppError('not_found');
    return this.own(profileId, tokenId);
  }

  /**
   * A new secret for a token of the profile (returned here only); the previous one keeps working for
   * `overlapSeconds` (0..86400, never past the token's expiry), a secret from an earlier roll stops at once.
   * not_found for an unknown token or another profile's; invalid_input for a revoked or expired one.
   */
  async rollOwn(profileId: string, tokenId: string, overlapSeconds: number): Promise<{ token: string; info: OwnToken }> {
    if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > MAX_ROLL_OVERLAP_SECONDS) {
      throw new AppError('invalid_input', 'Keep the old secret working for 0 to 24 hours.');
    }
    const { stores } = this.deps;
    if (!isUuid(tokenId)) throw new AppError('not_found');
    const now = this.now();
    const minted = mintApiToken();
    const rolled = await stores.tokens.roll(
      profileId,
      tokenId,
      {
        prefix: minted.prefix,
        hash: hashToken(minted.token),
        previousValidUntil: overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null,
      },
      now,
    );
    if (!rolled) {
      const current = await stores.tokens.getOwn(profileId, tokenId);
      if (!current) throw new AppError('not_found');
      if (current.revokedAt) throw new AppError('invalid_input', 'This token is revoked: create a new one instead.');
      throw new AppError('invalid_input', 'This token has expired: create a new one instead.');
    }
    return { token: minted.token, info: await this.own(profileId, tokenId) };
  }

  private async own(profileId: string, tokenId: string): Promise<OwnToken> {
    const row = await this.deps.stores.tokens.getOwn(profileId, tokenId);
    if (!row) throw new AppError('not_found');
    const [info] = await this.withWorkspaceNames([row]);
    return info!;
  }

  /** Stores a new token of the current form; the clear secret is returned, only its hash is stored. */
  private async issue(values: {
    profileId: string;
    workspaceId: string | null;
    name: string | null;
    rateLimit: number | null;
    readOnly: boolean;
    expiresAt: Date | null;
  }): Promise<{ token: string; row: ApiTokenRow }> {
    const minted = mintApiToken();
    const row = await this.deps.stores.tokens.create({ ...values, prefix: minted.prefix, hash: hashToken(minted.token) });
    return { token: minted.token, row };
  }

  private async withWorkspaceNames(rows: ApiTokenRow[]): Promise<OwnToken[]> {
    const ids = [...new Set(rows.map((r) => r.workspaceId).filter((id): id is string => id !== null))];
    const workspaces = ids.length > 0 ? await this.deps.stores.workspaces.getManyInWorkspaces(ids) : [];
    const names = new Map(workspaces.map((w) => [w.id, w.name]));
    const now = this.now();
    return rows.map((row) => ({
      row,
      workspaceName: row.workspaceId ? (names.get(row.workspaceId) ?? null) : null,
      previousValidUntil: row.previousValidUntil && row.previousValidUntil > now && !row.revokedAt ? row.previousValidUntil : null,
    }));
  }
}
