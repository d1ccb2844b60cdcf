/**
 * The mail the black-box stack's studio sent (invitations, password resets): its SMTP catcher saves each message in
 * `inject('mailDir')` (scripts/lib/mail-catcher.ts). Addresses are unique per test, so a test waits for the message
 * to its own address and never sees another test's.
 */
import { inject } from 'vitest';
import { type CaughtMail, readCaughtMail } from '../../scripts/lib/mail-catcher.js';
import { until } from './poll.js';

export type { CaughtMail } from '../../scripts/lib/mail-catcher.js';

/** Every message the stack caught so far, oldest first. */
export function caughtMail(): CaughtMail[] {
  return readCaughtMail(inject('mailDir'));
}

/** The messages to `address` (case-insensitive), oldest first. */
export function mailTo(address: string): CaughtMail[] {
  const want = address.toLowerCase();
  return caughtMail().filter((m) => m.to.some((to) => to.toLowerCase() === want));
}

/** Waits until the `count`-th message to `address` has arrived, and returns it. */
export function nextMailTo(address: string, count = 1): Promise<CaughtMail> {
  return until(`message ${count} to ${address}`, async () => mailTo(address)[count - 1]);
}

/** The console link (set-password with its secret in the fragment) in a message; throws when it has none. */
export function consoleLinkIn(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/console\/set-password#[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no set-password link in the message "${mail.subject}" to ${mail.to.join(', ')}:\n${mail.text}`);
  return link;
}
