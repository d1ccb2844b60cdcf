/** Inputs of the order routes. */
import { listQuery } from '@studio/http';

export const listOrdersQuery = listQuery({ workspaceRequired: true });
