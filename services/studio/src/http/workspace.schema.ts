/** Inputs of the workspace routes. */
import { pageOnlyQuery } from './common.schema.js';

export const listWorkspacesQuery = pageOnlyQuery();
