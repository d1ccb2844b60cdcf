/** Inputs of the workspace operations: create and add a member (operator CLI). */
import { z } from 'zod';
import { uuid } from '@studio/http';
import { ROLES } from '@studio/identity';
import { operationInput, text } from './fields.schema.js';

export const WORKSPACE_NAME_MAX = 200;

/** A workspace, with `owner_id` as its owner when given (the profile must exist: WorkspaceService.create). */
export const createWorkspaceInput = operationInput({
  name: text(1, WORKSPACE_NAME_MAX),
  owner_id: uuid().nullish(),
});

/** Adds a profile to a workspace with a role, or changes the role of an existing member. */
export const addMemberInput = operationInput({
  workspace_id: uuid(),
  profile_id: uuid(),
  role: z
    .string()
    .trim()
    .pipe(z.enum(ROLES, `must be one of ${ROLES.join(', ')}`)),
});

export type CreateWorkspaceInput = z.output<typeof createWorkspaceInput>;
export type AddMemberInput = z.output<typeof addMemberInput>;
