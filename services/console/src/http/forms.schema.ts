/**
 * Every form the console accepts, validated at the edge with zod before anything reaches studio. A form field arrives
 * as a string (urlencoded, one value per name); a repeated field, a missing one or a value out of bounds becomes a
 * sentence for the person next to the field, never a 500. Studio checks again what is its to decide (the password
 * policy, the workspace membership, the expiry window) and its sentence is shown the same way.
 */
import { z } from 'zod';
import { EXPIRATIONS } from '../services/token-expiry.js';

/** A field's error messages by field name (the first problem of each field). */
export type FieldErrors = Partial<Record<string, string>>;

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** One string value (a field sent twice is refused), trimmed when asked. */
const one = (message = 'Enter one value.') => z.string({ error: message });

const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

const email = one('Enter your email address.')
  .trim()
  .min(1, 'Enter your email address.')
  .max(254, 'Use at most 254 characters.')
  .regex(EMAIL_RE, 'Enter an email address like name@example.com.');

/** Bounded here only so a huge value never travels; the policy (12 to 128 characters, not common) is studio's. */
const MAX_PASSWORD_CHARS = 1024;

export const signInForm = z.object({
  email,
  password: one('Enter your password.').min(1, 'Enter your password.').max(MAX_PASSWORD_CHARS, 'Use at most 128 characters.'),
});

export const resetPasswordForm = z.object({ email });

export const setPasswordForm = z
  .object({
    /** The link's secret, copied from the URL's fragment by console.js; empty or malformed: the link is invalid. */
    token: z.string().default(''),
    password: one('Enter a new password.').min(1, 'Enter a new password.').max(MAX_PASSWORD_CHARS, 'Use at most 128 characters.'),
    confirm: one('Enter the password again.').default(''),
  })
  .superRefine((form, ctx) => {
    if (form.confirm === '') ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'Enter the password again.' });
    else if (form.confirm !== form.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The passwords do not match.' });
  });

/** A one-time link's secret: 32 random bytes, base64url (a generous bound; studio decides whether it is one). */
export const LINK_TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;

export const createTokenForm = z.object({
  name: one('Enter a name for the token.').trim().min(1, 'Enter a name for the token.').max(100, 'Use at most 100 characters.'),
  /** "" for every workspace of the profile. */
  workspace: one('Choose a workspace from the list.')
    .refine((v) => v === '' || z.uuid().safeParse(v).success, 'Choose a workspace from the list.')
    .default(''),
  /** A checkbox: present ("on") or absent. */
  read_only: z
    .literal('on', { error: 'Choose read-only or not.' })
    .optional()
    .transform((v) => v === 'on'),
  expiration: z.enum(EXPIRATIONS, { error: 'Choose an expiration from the list.' }).default('30'),
  /** YYYY-MM-DD, only read with expiration=custom (services/token-expiry.ts checks it). */
  expiration_date: one().max(32, 'Enter a date like 2027-01-31.').default(''),
});

/** How long a rolled token's previous secret keeps working: the three choices of the form, in seconds. */
export const OVERLAPS = [
  { value: 0, label: 'Not at all' },
  { value: 3600, label: '1 hour' },
  { value: 86_400, label: '24 hours' },
] as const;

export const rollTokenForm = z.object({
  overlap: z.enum(['0', '3600', '86400'], { error: 'Choose how long the old secret keeps working.' }).default('0').transform(Number),
});

/** A token's id in a form's action: a UUID, or the 404 page. */
export const tokenIdParam = z.uuid();

/** Parses a form body with `schema`: the data, or each failing field's first message. */
export function parseForm<S extends z.ZodType>(schema: S, body: unknown): FormResult<z.output<S>> {
  const result = schema.safeParse(body && typeof body === 'object' ? body : {});
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
