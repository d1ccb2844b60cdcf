/** Tasks: a workspace's to-dos, optionally tied to one of its shoots; listed newest first. */
import { AppError } from '@studio/errors';
import { systemClock, type ServiceDeps } from './deps.js';
import { CURSOR_KIND, pageQuery, toPage, type Page, type PageRequest } from './paging.js';
import { serializeTask, type TaskJson } from './serializers.js';

export interface CreateTaskInput {
  workspaceId: string;
  title: string;
  dueAt?: Date | null;
  shootId?: string | null;
  done?: boolean;
}

export class TaskService {
  constructor(private readonly deps: ServiceDeps) {}

  async create(input: CreateTaskInput): Promise<TaskJson> {
    const { stores } = this.deps;
    const title = input.title.trim();
    if (title.length < 1 || title.length > 200) throw new AppError('invalid_input', 'title must be 1 to 200 characters');
    const shootId = input.shootId ?? null;
    if (shootId && !(await stores.shoots.getByIdInWorkspaces(shootId, [input.workspaceId]))) {
      throw new AppError('invalid_input', 'shoot_id is not a shoot of this workspace');
    }
    const done = input.done ?? false;
    const row = await stores.tasks.create({
      workspaceId: input.workspaceId,
      title,
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
