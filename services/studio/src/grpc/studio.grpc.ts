/**
 * studio.v1.StudioInternal (proto/studio/v1/studio.proto), for the gateway and other services only:
 * AuthenticateToken resolves a bearer token to its principal; GetShoot reads a shoot within given workspaces.
 * Proto3 has no null: absent strings are "" and an unset rate limit is 0. `registerStudioGrpc` also adds
 * studio.v1.StudioOperations (operations.grpc.ts) and index.v1.IndexSource (index-source.grpc.ts).
 */
import { AppError } from '@studio/errors';
import { grpc, loadService, unaryHandlers } from '@studio/grpc';
import type { Logger } from '@studio/logger';
import type { Services } from '../services/index.js';
import { isUuid } from '../services/ids.js';
import { registerIndexSourceGrpc } from './index-source.grpc.js';
import { toMessage } from './messages.js';
import { operationsGrpcHandlers } from './operations.grpc.js';

export const STUDIO_PROTO = 'studio/v1/studio.proto';
export const STUDIO_SERVICE = 'studio.v1.StudioInternal';
export const OPERATIONS_SERVICE = 'studio.v1.StudioOperations';

interface AuthenticateTokenRequest {
  token: string;
}
interface AuthenticateTokenResponse {
  profile_id: string;
  token_id: string;
  scope_workspace_id: string;
  memberships: { workspace_id: string; role: string }[];
  rate_limit: number;
}
interface GetShootRequest {
  shoot_id: string;
  workspace_ids: string[];
}
export function studioGrpcHandlers(services: Pick<Services, 'tokens' | 'shoots'>, logger: Logger): grpc.UntypedServiceImplementation {
  return unaryHandlers(logger, {
    async AuthenticateToken(req: AuthenticateTokenRequest): Promise<AuthenticateTokenResponse> {
      const auth = await services.tokens.authenticate(req.token);
      return {
        profile_id: auth.profileId,
        token_id: auth.tokenId,
        scope_workspace_id: auth.scopeWorkspaceId ?? '',
        memberships: auth.memberships.map((m) => ({ workspace_id: m.workspaceId, role: m.role })),
        rate_limit: auth.rateLimit ?? 0,
      };
    },
    async GetShoot(req: GetShootRequest): Promise<Record<string, unknown>> {
      const shootId = req.shoot_id.toLowerCase();
      if (!isUuid(shootId)) throw new AppError('invalid_input', 'shoot_id must be a UUID');
      // An id that is not a UUID cannot name one of the caller's workspaces: it is simply left out.
      const workspaceIds = req.workspace_ids.map((w) => w.toLowerCase()).filter(isUuid);
      return toMessage(await services.shoots.get(shootId, workspaceIds));
    },
  });
}

/** Adds StudioInternal, StudioOperations and IndexSource to a gRPC server (startGrpcServer adds grpc.health.v1). */
export function registerStudioGrpc(server: grpc.Server, services: Services, logger: Logger): void {
  server.addService(loadService(STUDIO_PROTO, STUDIO_SERVICE).service, studioGrpcHandlers(services, logger));
  server.addService(loadService(STUDIO_PROTO, OPERATIONS_SERVICE).service, operationsGrpcHandlers(services, logger));
  registerIndexSourceGrpc(server, services, logger);
}
