/** Input of the API-token operations: create (operator CLI) and the limits of the console's own-token operations. */
import { z } from 'zod';
import { intBetween, uuid } from '@studio/http';
import { operationInput, optionalText } from './fields.schema.js';

/** Requests per 60 s a token may be given (null: the gateway's default). */
export const MAX_TOKEN_RATE_LIMIT = 1_000_000;
export const TOKEN_NAME_MAX = 200;
/** The longest lifetime a token is given: the operator's --expires-in-days, and a console token's expiry (days). */
export const MAX_TOKEN_LIFETIME_DAYS = 366;
/** A console token's name: 1..100 characters. */
export const OWN_TOKEN_NAME_MAX = 100;
/** How long a rolled token's previous secret may keep working: 0 (at once) to 24 h. */
export const MAX_ROLL_OVERLAP_SECONDS = 86_400;

/**
 * A token of `profile_id`, scoped to `workspace_id` when given (the profile must be a member there:
 * TokenService.create); a blank name is no name. Read-only when `read_only`; expiring `expires_in_days` days after
 * its creation when given, else never.
 */
export const createTokenInput = operationInput({
  profile_id: uuid(),
  workspace_id: uuid().nullish(),
  name: optionalText(TOKEN_NAME_MAX),
  rate_limit: intBetween(1, MAX_TOKEN_RATE_LIMIT).nullish(),
  read_only: z.boolean().optional(),
  expires_in_days: intBetween(1, MAX_TOKEN_LIFETIME_DAYS).nullish(),
});

export type CreateTokenInput = z.output<typeof createTokenInput>;

/** Operator CLI: a new secret for the token `token_id`; the previous one works `overlap_seconds` more (default 0). */
export const rollTokenInput = operationInput({
  token_id: uuid(),
  overlap_seconds: intBetween(0, MAX_ROLL_OVERLAP_SECONDS).optional(),
});
