/**
 * studio.v1.StudioInternal (proto/studio/v1/studio.proto), for the gateway and other services only:
 * AuthenticateToken resolves a bearer token to its principal; GetShoot reads a shoot within given workspaces.
 * Proto3 has no null: absent strings are "" and an unset rate limit is 0. `registerStudioGrpc` also adds
 * studio.v1.StudioOperations (operations.grpc.ts), studio.v1.StudioAccounts (accounts.grpc.ts) and index.v1.IndexSource
 * (index-source.grpc.ts).
 */
import { AppError } from '@studio/errors';
import { loadProto, unaryHandlers, type grpc } from '@studio/grpc';
import type { Logger } from '@studio/logger';
import { STUDIO_PROTO, type Shoot, type StudioInternalHandlers } from '@studio/proto/studio';
import type { Services } from '../services/index.js';
import { isUuid } from '../services/ids.js';
import { accountsGrpcHandlers } from './accounts.grpc.js';
import { registerIndexSourceGrpc } from './index-source.grpc.js';
import { toMessage } from './messages.js';
import { operationsGrpcHandlers } from './operations.grpc.js';

export function studioGrpcHandlers(services: Pick<Services, 'tokens' | 'shoots'>, logger: Logger): StudioInternalHandlers {
  return unaryHandlers<StudioInternalHandlers>(logger, {
    async AuthenticateToken(req) {
      const auth = await services.tokens.authenticate(req.token);
      return {
        profile_id: auth.profileId,
        token_id: auth.tokenId,
        scope_workspace_id: auth.scopeWorkspaceId ?? '',
        memberships: auth.memberships.map((m) => ({ workspace_id: m.workspaceId, role: m.role })),
        rate_limit: auth.rateLimit ?? 0,
        read_only: auth.readOnly,
        valid_until: auth.validUntil?.toISOString() ?? '',
      };
    },
    async GetShoot(req): Promise<Shoot> {
      const shootId = req.shoot_id.toLowerCase();
      if (!isUuid(shootId)) throw new AppError('invalid_input', 'shoot_id must be a UUID');
      // An id that is not a UUID cannot name one of the caller's workspaces: it is simply left out.
      const workspaceIds = req.workspace_ids.map((w) => w.toLowerCase()).filter(isUuid);
      return toMessage(await services.shoots.get(shootId, workspaceIds));
    },
  });
}

/**
 * Adds StudioInternal, StudioOperations, StudioAccounts (accounts.grpc.ts) and IndexSource to a gRPC server
 * (startGrpcServer adds grpc.health.v1).
 */
export function registerStudioGrpc(server: grpc.Server, services: Services, logger: Logger): void {
  const studio = loadProto(STUDIO_PROTO).studio.v1;
  server.addService(studio.StudioInternal.service, studioGrpcHandlers(services, logger));
  server.addService(studio.StudioOperations.service, operationsGrpcHandlers(services, logger));
  server.addService(studio.StudioAccounts.service, accountsGrpcHandlers(services, logger));
  registerIndexSourceGrpc(server, services, logger);
}
