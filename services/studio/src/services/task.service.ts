/** Tasks: a workspace's to-dos, optionally tied to one of its shoots; listed newest first. */
import { AppError } from '@studio/errors';
import { systemClock, type ServiceDeps } from './deps.js';
import { CURSOR_KIND, pageQuery, toPage, type Page, type PageRequest } from './paging.js';
import { serializeTask, type TaskJson } from '@studio/contracts/records';
import type { CreateTaskInput } from './task.schema.js';

export class TaskService {
  constructor(private readonly deps: ServiceDeps) {}

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
      completedAt: done ? (this.deps.now ?? systemClock)() : null,
    });
    return serializeTask(row);
  }

  async list(workspaceIds: string[], req: PageRequest): Promise<Page<TaskJson>> {
    const { cursor, stores } = this.deps;
    const page = pageQuery(cursor, CURSOR_KIND.tasks, req);
    const rows = await stores.tasks.listInWorkspaces(workspaceIds, page);
    return toPage(cursor, CURSOR_KIND.tasks, rows, req.limit, serializeTask);
  }
}
