/** Workspaces and their memberships (role per profile). */
import type { Database, Tx } from './db.js';
import type { Membership, Role, Workspace } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';

export type WorkspaceRow = Workspace;
export type MembershipRow = Membership;
export type RoleName = Role;

export class WorkspaceStore {
  constructor(private readonly db: Database) {}

  create(data: { name: string }, tx: Tx = this.db.client): Promise<WorkspaceRow> {
    return tx.workspace.create({ data });
  }

  /** Adds a member or changes the role of an existing one. */
  upsertMember(data: { workspaceId: string; profileId: string; role: RoleName }, tx: Tx = this.db.client): Promise<MembershipRow> {
    return tx.membership.upsert({
      where: { workspaceId_profileId: { workspaceId: data.workspaceId, profileId: data.profileId } },
      create: data,
      update: { role: data.role },
    });
  }

  getById(id: string, tx: Tx = this.db.client): Promise<WorkspaceRow | null> {
    return tx.workspace.findUnique({ where: { id } });
  }

  /** One page of the given workspaces, newest first. */
  listInWorkspaces(workspaceIds: string[], page: PageQuery, tx: Tx = this.db.client): Promise<WorkspaceRow[]> {
    return tx.workspace.findMany({
      where: { id: { in: workspaceIds }, ...afterKey(page.after) },
      orderBy: newestFirst(),
      take: takeFor(page),
    });
  }

  /** The given workspaces (no paging), newest first. */
  getManyInWorkspaces(workspaceIds: string[], tx: Tx = this.db.client): Promise<WorkspaceRow[]> {
    return tx.workspace.findMany({ where: { id: { in: workspaceIds } }, orderBy: newestFirst() });
  }

  membershipsOfProfile(profileId: string, tx: Tx = this.db.client): Promise<MembershipRow[]> {
    return tx.membership.findMany({ where: { profileId }, orderBy: { createdAt: 'asc' } });
  }

  /** The profile's memberships with their workspaces' names, by workspace name. */
  membershipsWithWorkspaces(profileId: string, tx: Tx = this.db.client): Promise<(MembershipRow & { workspace: { name: string } })[]> {
    return tx.membership.findMany({
      where: { profileId },
      include: { workspace: { select: { name: true } } },
      orderBy: [{ workspace: { name: 'asc' } }, { workspaceId: 'asc' }],
    });
  }

  getMembership(workspaceId: string, profileId: string, tx: Tx = this.db.client): Promise<MembershipRow | null> {
    return tx.membership.findUnique({ where: { workspaceId_profileId: { workspaceId, profileId } } });
  }

  /** The oldest workspace named `name` that `profileId` owns (used to find the demo workspace again). */
  findOwnedByName(profileId: string, name: string, tx: Tx = this.db.client): Promise<WorkspaceRow | null> {
    return tx.workspace.findFirst({
      where: { name, memberships: { some: { profileId, role: 'owner' } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }
}
