/**
 * The console's services, built in one place: the session lookup behind a cookie and the expiry a new token gets. The
 * console keeps no data: every answer comes from studio (grpc/studio-accounts.client.ts).
 */
import type { Accounts } from '../grpc/studio-accounts.client.js';
import { SessionService } from './session.service.js';

export interface ServiceDeps {
  accounts: Accounts;
}

export interface Services {
  accounts: Accounts;
  sessions: SessionService;
}

export function createServices({ accounts }: ServiceDeps): Services {
  return { accounts, sessions: new SessionService(accounts) };
}
