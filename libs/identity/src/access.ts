/**
 * `@studio/identity/access`: what a principal may reach, the checks every service's handlers make. A workspace the
 * caller does not reach is a 404 with the same body as a missing record; only a role shortage inside a reached
 * workspace is a 403.
 */
import { AppError } from '@studio/errors';
import { roleAtLeast, workspaceIdsOf, type Principal, type Role, type TokenPrincipal } from './index.js';

/** The caller as an API-token principal; unauthorized for anyone else (no identity, a client session). */
export function requireToken(principal: Principal | undefined): TokenPrincipal {
  if (principal?.kind !== 'token') throw new AppError('unauthorized');
  return principal;
}

/** Throws not_found unless the caller reaches `workspaceId`; forbidden when its role there is below `min`. */
export function requireWorkspace(principal: TokenPrincipal, workspaceId: string, min: Role = 'viewer'): Role {
  const role = principal.memberships[workspaceId];
  if (!role) throw new AppError('not_found');
  if (!roleAtLeast(role, min)) throw new AppError('forbidden', `requires the ${min} role or above`);
  return role;
}

/** The workspace ids a list should read: the one asked for (checked), or every workspace the caller reaches. */
export function workspaceFilter(principal: TokenPrincipal, workspaceId: string | undefined): string[] {
  if (workspaceId !== undefined) {
    requireWorkspace(principal, workspaceId);
    return [workspaceId];
  }
  return workspaceIdsOf(principal);
}
