/** Inputs of the review operations (internal gRPC, operator CLI): create and approve. */
import type { z } from 'zod';
import { int32, uuid } from '@studio/http';
import { operationInput, optionalText, text } from './fields.schema.js';

export const createReviewInput = operationInput({
  workspace_id: uuid(),
  client_id: uuid().nullish(),
  shoot_id: uuid().nullish(),
  rating: int32(1, 5),
  body: text(1, 10_000),
  author_name: optionalText(200),
});

export const reviewRef = operationInput({ workspace_id: uuid(), review_id: uuid() });

export type CreateReviewInput = z.output<typeof createReviewInput>;
