/** Inputs of the task routes: workspace_id is optional (omitted = every workspace the token reaches). */
import { listQuery } from '@studio/http';

export const listTasksQuery = listQuery({ workspaceRequired: false });
