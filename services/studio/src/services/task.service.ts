/** Tasks: a workspace's to-dos, optionally tied to one of its shoots; listed newest first. */
import { AppError } from '@studio/errors';
import type { PageQuery } from '../store/keyset.js';
import { CURSOR_KIND, type Page, type PageRequest } from './paging.js';
import { RecordService } from './record-service.js';
import { serializeTask, type TaskJson } from '@studio/contracts/records';
import type { CreateTaskInput } from './task.schema.js';

export class TaskService extends RecordService {
  async create(input: CreateTaskInput): Promise<TaskJson> {
    const { stores } = this.deps;
    const shootId = input.shootId ?? null;
    if (shootId && !(await stores.shoots.getByIdInWorkspaces(shootId, [input.workspaceId]))) {
      throw new AppError('invalid_input', 'shoot_id is not a shoot of this workspace');
    }
    const done = input.done ?? false;
    const row = await stores.tasks.create({
      workspaceId: input.workspaceId,
      title: input.title,
      status: done ? 'done' : 'open',
      dueAt: input.dueAt ?? null,
      shootId,
      completedAt: done ? this.now() : null,
    });
    return serializeTask(row);
  }

  async list(workspaceIds: string[], req: PageRequest): Promise<Page<TaskJson>> {
    const { tasks } = this.deps.stores;
    return this.page(CURSOR_KIND.tasks, req, (page: PageQuery) => tasks.listInWorkspaces(workspaceIds, page), serializeTask);
  }
}
