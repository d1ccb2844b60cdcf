/** To-do tasks of a workspace, optionally tied to a shoot. */
import type { Database, Tx } from './db.js';
import type { Task, TaskStatus } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';

export type TaskRow = Task;
export type TaskStatusName = TaskStatus;

export interface NewTask {
  workspaceId: string;
  title: string;
  status: TaskStatusName;
  dueAt: Date | null;
  shootId: string | null;
  completedAt: Date | null;
}

export class TaskStore {
  constructor(private readonly db: Database) {}

  create(data: NewTask, tx: Tx = this.db.client): Promise<TaskRow> {
    return tx.task.create({ data });
  }

  listInWorkspaces(workspaceIds: string[], page: PageQuery, tx: Tx = this.db.client): Promise<TaskRow[]> {
    return tx.task.findMany({
      where: { workspaceId: { in: workspaceIds }, ...afterKey(page.after) },
      orderBy: newestFirst(),
      take: takeFor(page),
    });
  }

  /** Open tasks, soonest due first (undated last). */
  listOpenInWorkspaces(workspaceIds: string[], limit: number, tx: Tx = this.db.client): Promise<TaskRow[]> {
    return tx.task.findMany({
      where: { workspaceId: { in: workspaceIds }, status: 'open' },
      orderBy: [{ dueAt: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }

  countOpenInWorkspaces(workspaceIds: string[], tx: Tx = this.db.client): Promise<number> {
    return tx.task.count({ where: { workspaceId: { in: workspaceIds }, status: 'open' } });
  }
}
