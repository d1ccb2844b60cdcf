/**
 * studio.v1.StudioInternal (proto/studio/v1/studio.proto), for the gateway and other services only:
 * AuthenticateToken resolves a bearer token to its principal; GetShoot reads a shoot within given workspaces.
 * Proto3 has no null: absent strings are "" and an unset rate limit is 0.
 */
import { AppError } from '@studio/errors';
import { grpc, loadService, unaryHandlers } from '@studio/grpc';
import type { Logger } from '@studio/logger';
import type { Services } from '../services/index.js';
import { isUuid } from '../services/ids.js';

export const STUDIO_PROTO = 'studio/v1/studio.proto';
export const STUDIO_SERVICE = 'studio.v1.StudioInternal';

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
interface ShootMessage {
  id: string;
  workspace_id: string;
  title: string;
  slug: string;
  state: string;
  client_id: string;
  scheduled_start: string;
  scheduled_end: string;
  created_at: string;
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
    async GetShoot(req: GetShootRequest): Promise<ShootMessage> {
      const shootId = req.shoot_id.toLowerCase();
      if (!isUuid(shootId)) throw new AppError('invalid_input', 'shoot_id must be a UUID');
      // An id that is not a UUID cannot name one of the caller's workspaces: it is simply left out.
      const workspaceIds = req.workspace_ids.map((w) => w.toLowerCase()).filter(isUuid);
      const s = await services.shoots.get(shootId, workspaceIds);
      return {
        id: s.id,
        workspace_id: s.workspace_id,
        title: s.title,
        slug: s.slug,
        state: s.state,
        client_id: s.client_id ?? '',
        scheduled_start: s.scheduled_start ?? '',
        scheduled_end: s.scheduled_end ?? '',
        created_at: s.created_at,
      };
    },
  });
}

/** Adds StudioInternal to a gRPC server (startGrpcServer adds grpc.health.v1). */
export function registerStudioGrpc(server: grpc.Server, services: Pick<Services, 'tokens' | 'shoots'>, logger: Logger): void {
  const Service = loadService(STUDIO_PROTO, STUDIO_SERVICE);
  server.addService(Service.service, studioGrpcHandlers(services, logger));
}
