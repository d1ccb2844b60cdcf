/** Input of the task operation: create (the demo seed; no route, gRPC operation or CLI command yet). */
import { z } from 'zod';
import { uuid } from '@studio/http';
import { operationInput, text, timestamp } from './fields.schema.js';

export const TASK_TITLE_MAX = 200;

/** A task of the workspace, tied to one of its shoots when `shoot_id` is given (checked by TaskService.create). */
export const createTaskInput = operationInput({
  workspace_id: uuid(),
  title: text(1, TASK_TITLE_MAX),
  due_at: timestamp().nullish(),
  shoot_id: uuid().nullish(),
  done: z.boolean().optional(),
});

export type CreateTaskInput = z.output<typeof createTaskInput>;
