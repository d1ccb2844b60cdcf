/**
 * studio.v1.StudioAccounts (proto/studio/v1/studio.proto), for the account console only (callers.grpc.ts admits
 * 'console' alone): sign-in, sessions, one-time links and workspaces here, over services.accounts; the four token
 * calls come from account-tokens.grpc.ts. Sign-in and SetPassword always answer: `outcome` says what happened (an
 * unknown e-mail and a wrong password are one outcome). A call about a signed-in person whose session is unknown,
 * ended or expired is UNAUTHENTICATED. Proto3 has no null: an absent name is "".
 */
import { unaryHandlers } from '@studio/grpc';
import type { Logger } from '@studio/logger';
import type { Session, SignInResponse, StudioAccountsHandlers } from '@studio/proto/studio';
import type { SessionView, SignInResult } from '../services/account.service.js';
import type { Services } from '../services/index.js';
import { prepareDummyVerification } from '../services/password.js';
import { accountTokenHandlers } from './account-tokens.grpc.js';

export function toSessionMessage(s: SessionView): Session {
  return {
    session_id: s.sessionId,
    profile_id: s.profileId,
    email: s.email,
    name: s.name ?? '',
    csrf_token: s.csrfToken,
    expires_at: s.expiresAt.toISOString(),
  };
}

function toSignInResponse(result: SignInResult): SignInResponse {
  switch (result.outcome) {
    case 'ok':
      return { outcome: 'ok', session_token: result.sessionToken, session: toSessionMessage(result.session) };
    case 'throttled':
      return { outcome: 'throttled', retry_after_seconds: result.retryAfterSeconds, message: result.message };
    default:
      return { outcome: result.outcome, message: result.message };
  }
}

export function accountsGrpcHandlers(services: Pick<Services, 'accounts' | 'tokens'>, logger: Logger): StudioAccountsHandlers {
  const { accounts } = services;
  // The unknown e-mail's dummy hash is made before the first sign-in, not during it (same time for every answer).
  void prepareDummyVerification();
  return unaryHandlers<StudioAccountsHandlers>(logger, {
    async SignIn(req) {
      const { email, password, client_address: clientAddress, user_agent: userAgent } = req;
      return toSignInResponse(await accounts.signIn({ email, password, clientAddress, userAgent }));
    },
    async GetSession(req) {
      return toSessionMessage(await accounts.getSession(req.session_token));
    },
    async SignOut(req) {
      return { ended: await accounts.signOut(req.session_token) };
    },
    async SignOutEverywhere(req) {
      return { ended: await accounts.signOutEverywhere(req.session_token) };
    },
    async DescribeLink(req) {
      const link = await accounts.describeLink(req.link_token);
      return link.state === 'valid' ? { state: 'valid', kind: link.kind, email: link.email } : { state: 'invalid', kind: '', email: '' };
    },
    async SetPassword(req) {
      const { link_token: linkToken, password, client_address: clientAddress, user_agent: userAgent } = req;
      return toSignInResponse(await accounts.setPassword({ linkToken, password, clientAddress, userAgent }));
    },
    async RequestPasswordReset(req) {
      await accounts.requestPasswordReset({ email: req.email });
      return {};
    },
    async ListWorkspaces(req) {
      const workspaces = await accounts.listWorkspaces(req.session_token);
      return { workspaces: workspaces.map((w) => ({ workspace_id: w.workspaceId, name: w.name, role: w.role })) };
    },
    ...accountTokenHandlers(services),
  });
}
