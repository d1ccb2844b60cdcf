/** Input of the profile operation: create (operator CLI). */
import type { z } from 'zod';
import { email, operationInput, text } from './fields.schema.js';

export const PROFILE_NAME_MAX = 200;

/** A profile: its e-mail address (trimmed, lower-cased) and an optional display name. */
export const createProfileInput = operationInput({
  email: email(),
  name: text(1, PROFILE_NAME_MAX).nullish(),
});

export type CreateProfileInput = z.output<typeof createProfileInput>;
