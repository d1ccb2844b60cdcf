/** Inputs of the client routes. */
import { z } from 'zod';
import { listQuery, uuid } from '@studio/http';
import { optionalEmail, optionalText, text } from './common.schema.js';

export const listClientsQuery = listQuery({ workspaceRequired: true });

export const createClientBody = z.object({
  workspace_id: uuid(),
  name: text(1, 200),
  email: optionalEmail(),
  phone: optionalText(40),
  notes: optionalText(10_000),
});
