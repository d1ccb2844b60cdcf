/** Inputs of the client routes. */
import { z } from 'zod';
import { listQuery, uuid } from '@studio/http';
import { optionalEmail, optionalText } from './common.schema.js';

export const listClientsQuery = listQuery({ workspaceRequired: true });

export const createClientBody = z.object({
  workspace_id: uuid(),
  name: z.string().trim().min(1).max(200),
  email: optionalEmail(),
  phone: optionalText(40),
  notes: optionalText(10_000),
});
