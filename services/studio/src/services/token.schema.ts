/** Input of the API-token operation: create (operator CLI). */
import type { z } from 'zod';
import { intBetween, uuid } from '@studio/http';
import { operationInput, optionalText } from './fields.schema.js';

/** Requests per 60 s a token may be given (null: the gateway's default). */
export const MAX_TOKEN_RATE_LIMIT = 1_000_000;
export const TOKEN_NAME_MAX = 200;

/**
 * A token of `profile_id`, scoped to `workspace_id` when given (the profile must be a member there:
 * TokenService.create); a blank name is no name.
 */
export const createTokenInput = operationInput({
  profile_id: uuid(),
  workspace_id: uuid().nullish(),
  name: optionalText(TOKEN_NAME_MAX),
  rate_limit: intBetween(1, MAX_TOKEN_RATE_LIMIT).nullish(),
});

export type CreateTokenInput = z.output<typeof createTokenInput>;
