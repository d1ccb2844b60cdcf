/**
 * Checks of operation inputs that arrive outside the HTTP schemas (internal gRPC, the CLI): each throws
 * invalid_input naming the member, so both adapters refuse bad input the same way. Members are named as in the
 * JSON (snake_case). For updates, `undefined` means "leave unchanged" and `null` (or "") means "clear".
 */
import { z } from 'zod';
import { AppError } from '@studio/errors';
import { isUuid } from './ids.js';

const NO_NUL = /^[^\u0000]*$/;
const emailSchema = z.email();
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const CURRENCY_RE = /^[A-Z]{3}$/;

const bad = (message: string) => new AppError('invalid_input', message);

/** A UUID (any case; returned lower-cased). */
export function requireId(name: string, value: string | null | undefined): string {
  const v = (value ?? '').trim().toLowerCase();
  if (!isUuid(v)) throw bad(`${name} must be a UUID`);
  return v;
}

export function optionalId(name: string, value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : requireId(name, value);
}

/** Trimmed text of 1..max characters without NUL. */
export function requireText(name: string, value: string | null | undefined, max: number): string {
  const v = (value ?? '').trim();
  if (v.length < 1 || v.length > max) throw bad(`${name} must be 1 to ${max} characters`);
  if (!NO_NUL.test(v)) throw bad(`${name} must not contain NUL characters`);
  return v;
}

/** Optional text of at most max characters; absent, null or blank mean null. */
export function optionalText(name: string, value: string | null | undefined, max: number): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  return requireText(name, value, max);
}

/** Lower-cased e-mail address, or null. */
export function optionalEmail(name: string, value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const v = value.trim().toLowerCase();
  if (v.length > 254 || !emailSchema.safeParse(v).success) throw bad(`${name} must be a valid e-mail address`);
  return v;
}

/** An ISO 8601 date-time with a zone (e.g. 2027-03-01T10:00:00Z) that is a real instant. */
export function requireInstant(name: string, value: string | null | undefined): Date {
  const v = (value ?? '').trim();
  const d = ISO_WITH_ZONE.test(v) ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) throw bad(`${name} must be an ISO 8601 date-time with a zone`);
  return d;
}

export function optionalInstant(name: string, value: string | null | undefined): Date | null {
  return value === undefined || value === null || value.trim() === '' ? null : requireInstant(name, value);
}

export function requireCents(name: string, value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > 2_147_483_647) {
    throw bad(`${name} must be a non-negative integer (cents)`);
  }
  return value;
}

export function requireCurrency(name: string, value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (!CURRENCY_RE.test(v)) throw bad(`${name} must be an ISO 4217 code such as EUR`);
  return v;
}

/** Applies `check` to an update member: undefined stays undefined (unchanged). */
export function changed<T>(value: string | null | undefined, check: (v: string | null | undefined) => T): T | undefined {
  return value === undefined ? undefined : check(value);
}
