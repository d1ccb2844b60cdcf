/**
 * Who is signed in: the session behind the console's cookie, as studio says. The cookie is the only credential the
 * console reads (an Authorization header is never looked at: a bearer token is not a way into the console).
 */
import { AppError } from '@studio/errors';
import type { Accounts, ConsoleSession } from '../grpc/studio-accounts.client.js';

/** A signed-in person: the session's secret (the cookie's value, passed on to studio) and the session. */
export interface SignedIn {
  token: string;
  session: ConsoleSession;
}

export class SessionService {
  constructor(private readonly accounts: Accounts) {}

  /** The session of `token` (the cookie's value), or null when there is none or studio ended it; studio down throws. */
  async current(token: string | undefined): Promise<SignedIn | null> {
    if (!token) return null;
    try {
      return { token, session: await this.accounts.getSession(token) };
    } catch (err) {
      if (err instanceof AppError && err.kind === 'unauthorized') return null;
      throw err;
    }
  }
}
