/**
 * Studio's GetShoot (proto/studio/v1/studio.proto) for the services that attach things to a shoot (gallery, upload):
 * whether a shoot exists in one of the caller's workspaces, and which one. Studio answers NOT_FOUND for a missing
 * shoot and for one outside the given workspaces alike, so the caller's 404 never tells the two apart.
 */
import { AppError } from '@studio/errors';
import { STUDIO_PROTO, type StudioInternalClient } from '@studio/proto/studio';
import { DependencyClient, type DependencyClientOptions } from './dependency-client.js';
import { loadProto } from './loader.js';

export interface ShootRef {
  id: string;
  workspaceId: string;
  title: string;
  slug: string;
  state: string;
}

export interface ShootDirectory {
  /** The shoot when it belongs to one of `workspaceIds`; throws AppError not_found otherwise. */
  getShoot(shootId: string, workspaceIds: string[]): Promise<ShootRef>;
}

/** Studio's not-found and a malformed id are both the caller's 404; anything else is studio being unavailable. */
const STUDIO = { service: 'studio', notFound: ['not_found', 'invalid_input'] } as const;

export class StudioShootDirectory extends DependencyClient<StudioInternalClient> implements ShootDirectory {
  constructor(address: string, options: DependencyClientOptions) {
    super(loadProto(STUDIO_PROTO).studio.v1.StudioInternal, address, STUDIO, options);
  }

  async getShoot(shootId: string, workspaceIds: string[]): Promise<ShootRef> {
    if (workspaceIds.length === 0) throw new AppError('not_found');
    const s = await this.call('GetShoot', { shoot_id: shootId, workspace_ids: workspaceIds });
    return { id: s.id, workspaceId: s.workspace_id, title: s.title, slug: s.slug, state: s.state };
  }
}
