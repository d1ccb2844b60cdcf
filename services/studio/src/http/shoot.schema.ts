/**
 * Inputs of the shoot routes (docs/decisions/0001): the list query, the id, and the PATCH /shoots/{id}/shot-list
 * body. The body of POST /shoots is the operation's (services/shoot.schema.ts).
 */
import { z } from 'zod';
import { idParams, listQuery, uuid } from '@studio/http';

export const listShootsQuery = listQuery({ workspaceRequired: true });

export const shootParams = idParams;

export const shotListPatchBody = z.object({
  item_id: uuid(),
  done: z.boolean(),
});
