/**
 * Upload's view of studio (proto/studio/v1/studio.proto): GetShoot, to check that a shoot exists in one of the
 * caller's workspaces and to learn which one. Studio answers NOT_FOUND for a missing shoot and for one outside
 * the given workspaces alike, so the caller's 404 never tells the two apart.
 */
import { AppError } from '@studio/errors';
import { callDependency, callUnary, createClient, loadProto, type ClientOptions } from '@studio/grpc';
import { loadHealthService } from '@studio/grpc/health';
import type { HealthClient } from '@studio/proto/health';
import { STUDIO_PROTO, type StudioInternalClient } from '@studio/proto/studio';

export interface ShootRef {
  id: string;
  workspaceId: string;
  title: string;
  state: string;
}

export interface ShootDirectory {
  /** The shoot when it belongs to one of `workspaceIds`; throws AppError not_found otherwise. */
  getShoot(shootId: string, workspaceIds: string[]): Promise<ShootRef>;
}

/** Studio's not-found and a malformed id are both the caller's 404; anything else is studio being unavailable. */
const STUDIO = { service: 'studio', notFound: ['not_found', 'invalid_input'] } as const;

export class StudioShootDirectory implements ShootDirectory {
  private readonly client: StudioInternalClient;
  private readonly health: HealthClient;

  constructor(
    address: string,
    private readonly timeoutMs = 2_000,
    grpcOptions: ClientOptions = {},
  ) {
    this.client = createClient(loadProto(STUDIO_PROTO).studio.v1.StudioInternal, address, grpcOptions);
    this.health = createClient(loadHealthService(), address, grpcOptions);
  }

  async getShoot(shootId: string, workspaceIds: string[]): Promise<ShootRef> {
    if (workspaceIds.length === 0) throw new AppError('not_found');
    const s = await callDependency(this.client, 'GetShoot', { shoot_id: shootId, workspace_ids: workspaceIds }, this.timeoutMs, STUDIO);
    return { id: s.id, workspaceId: s.workspace_id, title: s.title, state: s.state };
  }

  /** Readiness: studio answers its health check. */
  async ping(): Promise<void> {
    await callUnary(this.health, 'Check', { service: '' }, this.timeoutMs);
  }

  close(): void {
    this.client.close();
    this.health.close();
  }
}
