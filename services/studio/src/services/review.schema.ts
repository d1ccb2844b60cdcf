/** Inputs of the review operations (internal gRPC, operator CLI): create and approve. */
import { z } from 'zod';
import { uuid } from '@studio/http';
import { operationInput, optionalText, text } from './fields.schema.js';

export const createReviewInput = operationInput({
  workspace_id: uuid(),
  client_id: uuid().nullish(),
  shoot_id: uuid().nullish(),
  rating: z.int('must be an integer from 1 to 5').min(1, 'must be an integer from 1 to 5').max(5, 'must be an integer from 1 to 5'),
  body: text(1, 10_000),
  author_name: optionalText(200),
});

export const reviewRef = operationInput({ workspace_id: uuid(), review_id: uuid() });

export type CreateReviewInput = z.output<typeof createReviewInput>;
