/** Inputs of the mobile dashboard: workspace_id is optional (omitted = every workspace the token reaches). */
import { z } from 'zod';
import { uuid } from '@studio/http';

export const dashboardQuery = z.object({ workspace_id: uuid().optional() });
