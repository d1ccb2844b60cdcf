/**
 * When a new token expires, from the create form's choice: 7, 30 or 90 days from now, the end of a chosen day (UTC),
 * or never. A chosen day must be today or later and at most a year ahead (studio refuses more); the sentence says
 * which rule was broken.
 */
/** The create form's choices: days from now, a chosen day, or never. */
export const EXPIRATIONS = ['7', '30', '90', 'custom', 'none'] as const;
export type Expiration = (typeof EXPIRATIONS)[number];

export const MAX_EXPIRY_DAYS = 365;
const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type ExpiryResult = { ok: true; expiresAt: Date | null } | { ok: false; message: string };

/** YYYY-MM-DD of `date` in UTC. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The first and last day a custom expiry may take (the date input's min and max). */
export function customDayRange(now: Date): { min: string; max: string } {
  return { min: isoDay(now), max: isoDay(new Date(now.getTime() + (MAX_EXPIRY_DAYS - 1) * DAY_MS)) };
}

export function tokenExpiry(choice: Expiration, day: string, now: Date): ExpiryResult {
  switch (choice) {
    case 'none':
      return { ok: true, expiresAt: null };
    case '7':
    case '30':
    case '90':
      return { ok: true, expiresAt: new Date(now.getTime() + Number(choice) * DAY_MS) };
    case 'custom': {
      const m = DATE_RE.exec(day.trim());
      if (!m) return { ok: false, message: 'Enter a date like 2027-01-31.' };
      const end = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59));
      if (Number.isNaN(end.getTime()) || isoDay(end) !== day.trim()) return { ok: false, message: 'Enter a date like 2027-01-31.' };
      if (end.getTime() <= now.getTime()) return { ok: false, message: 'Choose a date in the future.' };
      if (end.getTime() > now.getTime() + MAX_EXPIRY_DAYS * DAY_MS)
        return { ok: false, message: 'Choose a date at most a year from today.' };
      return { ok: true, expiresAt: end };
    }
  }
}
