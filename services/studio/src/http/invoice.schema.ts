/** Inputs of the invoice routes: workspace_id is optional (omitted = every workspace the token reaches). */
import { listQuery } from '@studio/http';

export const listInvoicesQuery = listQuery({ workspaceRequired: false });
