/** Workspaces and memberships: created by operators; listed for the token's owner (scope applied). */
import type { Role } from '@studio/identity';
import { AppError } from '@studio/errors';
import type { WorkspaceRow } from '../store/workspace.store.js';
import type { ServiceDeps } from './deps.js';
import { CURSOR_KIND, pageQuery, toPage, type Page, type PageRequest } from './paging.js';
import { serializeWorkspace, type WorkspaceJson } from '@studio/contracts/records';
import type { AddMemberInput, CreateWorkspaceInput } from './workspace.schema.js';

export class WorkspaceService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Creates a workspace, with `ownerId` as its owner when given (one transaction). */
  async create(input: CreateWorkspaceInput): Promise<WorkspaceRow> {
    const { db, stores } = this.deps;
    const ownerId = input.ownerId ?? null;
    if (ownerId !== null && !(await stores.profiles.getById(ownerId))) {
      throw new AppError('invalid_input', `profile ${ownerId} does not exist`);
    }
    return db.transaction(async (tx) => {
      const workspace = await stores.workspaces.create({ name: input.name }, tx);
      if (ownerId) await stores.workspaces.upsertMember({ workspaceId: workspace.id, profileId: ownerId, role: 'owner' }, tx);
      return workspace;
    });
  }

  /** The oldest workspace called `name` that `profileId` owns, if any. */
  findOwnedByName(profileId: string, name: string): Promise<WorkspaceRow | null> {
    return this.deps.stores.workspaces.findOwnedByName(profileId, name);
  }

  /** Adds `profileId` to the workspace with `role`, or changes the role of an existing member. */
  async addMember(input: AddMemberInput): Promise<void> {
    const { stores } = this.deps;
    const workspace = await stores.workspaces.getById(input.workspaceId);
    if (!workspace) throw new AppError('invalid_input', `workspace ${input.workspaceId} does not exist`);
    const profile = await stores.profiles.getById(input.profileId);
    if (!profile) throw new AppError('invalid_input', `profile ${input.profileId} does not exist`);
    await stores.workspaces.upsertMember({ workspaceId: workspace.id, profileId: profile.id, role: input.role });
  }

  /** GET /workspaces: the workspaces in `memberships` (already narrowed to the token's scope), newest first. */
  async list(memberships: Record<string, Role>, req: PageRequest): Promise<Page<WorkspaceJson>> {
    const { cursor, stores } = this.deps;
    const page = pageQuery(cursor, CURSOR_KIND.workspaces, req);
    const rows = await stores.workspaces.listInWorkspaces(Object.keys(memberships), page);
    return toPage(cursor, CURSOR_KIND.workspaces, rows, req.limit, (w) => serializeWorkspace(w, memberships[w.id]!));
  }
}
