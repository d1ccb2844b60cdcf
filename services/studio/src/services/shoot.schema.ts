/** Inputs of the shoot operations: create (POST /shoots), update and delete (internal gRPC, operator CLI). */
import { z } from 'zod';
import { uuid } from '@studio/http';
import { changesSomething, endAfterStart, operationInput, optionalText, text, timestamp } from './fields.schema.js';

export const SHOT_LIST_MAX_ITEMS = 200;

export const createShootInput = operationInput(
  {
    workspace_id: uuid(),
    title: text(1, 200),
    /** Base for the slug instead of the title. */
    slug: text(1, 200).nullish(),
    client_id: uuid().nullish(),
    location: optionalText(500),
    scheduled_start: timestamp().nullish(),
    scheduled_end: timestamp().nullish(),
    shot_list: z.array(text(1, 200)).max(SHOT_LIST_MAX_ITEMS).optional(),
  },
  endAfterStart,
);

/**
 * Absent members stay unchanged; null (or "" over gRPC and the CLI) clears one (title cannot be cleared). The slug
 * stays. Whether the schedule stays in order is checked against the stored one (ShootService.update).
 */
export const updateShootInput = operationInput(
  {
    workspace_id: uuid(),
    shoot_id: uuid(),
    title: text(1, 200).optional(),
    location: optionalText(500),
    scheduled_start: timestamp().nullish(),
    scheduled_end: timestamp().nullish(),
  },
  changesSomething(['title', 'location', 'scheduled_start', 'scheduled_end']),
);

export const shootRef = operationInput({ workspace_id: uuid(), shoot_id: uuid() });

export type CreateShootInput = z.output<typeof createShootInput>;
export type UpdateShootInput = z.output<typeof updateShootInput>;
