/** To-do tasks of a workspace, optionally tied to a shoot. */
import type { Database, Tx } from './db.js';
import type { Task, TaskStatus } from './generated/client.js';
import { RecordStore, type RecordModel } from './record-store.js';

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

/** Tasks: created in the status given and listed newest first (RecordStore); the dashboard's open ones below. */
export class TaskStore extends RecordStore<TaskRow, NewTask, object, RecordModel<TaskRow, NewTask>> {
  constructor(db: Database) {
    super(db, (tx: Tx) => tx.task, {});
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
