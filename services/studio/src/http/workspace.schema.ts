/** Inputs of the workspace routes: a list that takes only paging (limit 1..100, default 50; opaque cursor). */
import { z } from 'zod';
import { cursor, limit } from '@studio/http';

export const listWorkspacesQuery = z.object({ limit: limit(), cursor: cursor() });
