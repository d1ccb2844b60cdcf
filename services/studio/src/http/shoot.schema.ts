/** Inputs of the shoot routes (docs/decisions/0001: POST /shoots and PATCH /shoots/{id}/shot-list bodies). */
import { z } from 'zod';
import { idParams, listQuery, uuid } from '@studio/http';
import { optionalText, text, timestamp } from './common.schema.js';

export const SHOT_LIST_MAX_ITEMS = 200;

export const listShootsQuery = listQuery({ workspaceRequired: true });

export const shootParams = idParams;

export const createShootBody = z
  .object({
    workspace_id: uuid(),
    title: text(1, 200),
    /** Base for the slug instead of the title. */
    slug: text(1, 200).nullish(),
    client_id: uuid().nullish(),
    location: optionalText(500),
    scheduled_start: timestamp().nullish(),
    scheduled_end: timestamp().nullish(),
    shot_list: z.array(text(1, 200)).max(SHOT_LIST_MAX_ITEMS).optional(),
  })
  .refine((b) => !b.scheduled_start || !b.scheduled_end || b.scheduled_end > b.scheduled_start, {
    path: ['scheduled_end'],
    message: 'must be after scheduled_start',
  });

export const shotListPatchBody = z.object({
  item_id: uuid(),
  done: z.boolean(),
});
