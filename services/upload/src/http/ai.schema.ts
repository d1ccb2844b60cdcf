/** Inputs of the AI job routes. */
import { z } from 'zod';
import { idParams, uuid } from '@studio/http';
import { SENSITIVITIES } from '../services/cull-job.service.js';

export const jobParams = idParams;

export const createCullJobBody = z.object({
  shoot_id: uuid(),
  sensitivity: z.enum(SENSITIVITIES).optional().default('medium'),
});
