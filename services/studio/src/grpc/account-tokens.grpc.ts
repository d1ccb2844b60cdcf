/**
 * The token calls of studio.v1.StudioAccounts (proto/studio/v1/studio.proto): the signed-in profile's own API tokens
 * for the account console. Every call first resolves the session secret to its profile
 * (`accounts.requireSession`: UNAUTHENTICATED for an unknown, revoked or expired session); the profile comes only
 * from there, never from the request. Another profile's token is NOT_FOUND, as an unknown one; bad input is
 * INVALID_ARGUMENT with a sentence a person can read. grpc/accounts.grpc.ts spreads these four implementations into
 * the service's handlers.
 */
import { AppError } from '@studio/errors';
import type { UnaryImplementations } from '@studio/grpc';
import type { ApiTokenInfo, IssuedToken, StudioAccountsHandlers } from '@studio/proto/studio';
import type { OwnToken, TokenService } from '../services/token.service.js';
import { timestamp } from '../services/fields.schema.js';

/** What the token calls need of the account service: the profile behind a console session. */
export interface SessionResolver {
  requireSession(sessionToken: string): Promise<{ sessionId: string; profileId: string }>;
}

export type AccountTokenImplementations = Pick<
  UnaryImplementations<StudioAccountsHandlers>,
  'ListTokens' | 'CreateToken' | 'RevokeToken' | 'RollToken'
>;

const iso = (d: Date | null): string => d?.toISOString() ?? '';

/** A token as the console shows it (the one place ApiTokenInfo is built). */
export function toApiTokenInfo({ row, workspaceName, previousValidUntil }: OwnToken): ApiTokenInfo {
  return {
    token_id: row.id,
    name: row.name ?? '',
    prefix: row.prefix,
    workspace_id: row.workspaceId ?? '',
    workspace_name: workspaceName ?? '',
    permission: row.readOnly ? 'read_only' : 'read_write',
    created_at: iso(row.createdAt),
    last_used_at: iso(row.lastUsedAt),
    expires_at: iso(row.expiresAt),
    revoked_at: iso(row.revokedAt),
    previous_valid_until: iso(previousValidUntil),
  };
}

/** The requested expiry: null for "" (never), else an ISO 8601 date-time with a zone. */
function expiryOf(value: string): Date | null {
  if (value === '') return null;
  const parsed = timestamp().safeParse(value);
  if (!parsed.success) throw new AppError('invalid_input', 'The expiration date is not a valid date.');
  return parsed.data;
}

export function accountTokenHandlers(services: { tokens: TokenService; accounts: SessionResolver }): AccountTokenImplementations {
  const { tokens, accounts } = services;
  const profileOf = async (sessionToken: string) => (await accounts.requireSession(sessionToken)).profileId;
  const issued = (answer: { token: string; info: OwnToken }): IssuedToken => ({ token: answer.token, info: toApiTokenInfo(answer.info) });
  return {
    async ListTokens(req) {
      const own = await tokens.listOwn(await profileOf(req.session_token));
      return { tokens: own.map(toApiTokenInfo) };
    },
    async CreateToken(req) {
      const profileId = await profileOf(req.session_token);
      return issued(
        await tokens.createOwn(profileId, {
          name: req.name,
          workspaceId: req.workspace_id === '' ? null : req.workspace_id.toLowerCase(),
          readOnly: req.read_only,
          expiresAt: expiryOf(req.expires_at),
        }),
      );
    },
    async RevokeToken(req) {
      const profileId = await profileOf(req.session_token);
      return toApiTokenInfo(await tokens.revokeOwn(profileId, req.token_id.toLowerCase()));
    },
    async RollToken(req) {
      const profileId = await profileOf(req.session_token);
      return issued(await tokens.rollOwn(profileId, req.token_id.toLowerCase(), req.overlap_seconds));
    },
  };
}
