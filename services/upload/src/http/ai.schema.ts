/** Inputs of the AI job routes. */
import { z } from 'zod';
import { idParams, uuid } from '@studio/http';
import { CULL_SENSITIVITIES } from '@studio/contracts/records';

export const jobParams = idParams;

export const createCullJobBody = z.object({
  shoot_id: uuid(),
  sensitivity: z.enum(CULL_SENSITIVITIES).optional().default('medium'),
});
