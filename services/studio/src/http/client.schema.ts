/** Inputs of the client routes: the list query (the body of POST /clients is the operation's, services/client.schema.ts). */
import { listQuery } from '@studio/http';

export const listClientsQuery = listQuery({ workspaceRequired: true });
