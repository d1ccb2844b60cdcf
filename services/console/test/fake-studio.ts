/**
 * A stand-in for studio's StudioAccounts over real gRPC (grpc-js server, the real contract and its service-token
 * check: only the caller `console` is admitted), answering from in-memory tables. The console's integration tests
 * drive pages against it; studio's own behaviour is tested in services/studio.
 */
import { generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { AppError } from '@studio/errors';
import { loadProto, startGrpcServer, unaryHandlers, type GrpcServerHandle } from '@studio/grpc';
import { createLogger } from '@studio/logger';
import { STUDIO_PROTO, type ApiTokenInfo__Output, type StudioAccountsHandlers } from '@studio/proto/studio';

export interface FakeProfile {
  id: string;
  email: string;
  name: string;
  password: string;
}

export interface FakeSession {
  profileId: string;
  csrf: string;
  expiresAt: Date;
}

export interface FakeToken extends ApiTokenInfo__Output {
  profile_id: string;
}

export interface FakeStudio {
  address: string;
  /** The console's service signing key (its SERVICE_SIGNING_KEY, base64 PKCS#8). */
  consoleKey: string;
  profiles: FakeProfile[];
  sessions: Map<string, FakeSession>;
  /** One-time link secret -> profile id (removed when used). */
  links: Map<string, string>;
  workspaces: { workspace_id: string; name: string; role: string }[];
  tokens: FakeToken[];
  /** Every SignIn request, as received. */
  signIns: { email: string; client_address: string; user_agent: string }[];
  /** When set, SignIn answers `throttled` with this many seconds. */
  throttleSeconds: number | null;
  /** Starts a session for `profile` directly (as a sign-in would); returns its secret. */
  sessionFor(profile: FakeProfile): string;
  close(): Promise<void>;
}

export const WEAK_PASSWORD_MESSAGE = 'Use at least 12 characters.';

export async function startFakeStudio(): Promise<FakeStudio> {
  const logger = createLogger({ service: 'fake-studio', level: 'silent' });
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const state = {
    profiles: [] as FakeProfile[],
    sessions: new Map<string, FakeSession>(),
    links: new Map<string, string>(),
    workspaces: [] as FakeStudio['workspaces'],
    tokens: [] as FakeToken[],
    signIns: [] as FakeStudio['signIns'],
    throttleSeconds: null as number | null,
  };

  const newSession = (profile: FakeProfile) => {
    const token = randomBytes(32).toString('base64url');
    const session = { profileId: profile.id, csrf: randomBytes(32).toString('base64url'), expiresAt: new Date(Date.now() + 3600_000) };
    state.sessions.set(token, session);
    return { token, session };
  };
  const sessionMessage = (token: string, s: FakeSession) => {
    const p = state.profiles.find((x) => x.id === s.profileId)!;
    return {
      session_id: token.slice(0, 8),
      profile_id: p.id,
      email: p.email,
      name: p.name,
      csrf_token: s.csrf,
      expires_at: s.expiresAt.toISOString(),
    };
  };
  const requireSession = (token: string) => {
    const s = state.sessions.get(token);
    if (!s) throw new AppError('unauthorized');
    return s;
  };
  const ownToken = (profileId: string, id: string) => {
    const t = state.tokens.find((x) => x.token_id === id && x.profile_id === profileId);
    if (!t) throw new AppError('not_found');
    return t;
  };
  const info = ({ profile_id: _p, ...t }: FakeToken): ApiTokenInfo__Output => t;
  const secret = () => `stu_${randomBytes(40).toString('base64url').replace(/[-_]/g, 'x').slice(0, 46)}`;
  const signedIn = (profile: FakeProfile) => {
    const { token, session } = newSession(profile);
    return { outcome: 'ok', session_token: token, session: sessionMessage(token, session), retry_after_seconds: 0, message: '' };
  };
  const refused = (outcome: string, message: string) => ({ outcome, session_token: '', retry_after_seconds: 0, message });

  const handlers = unaryHandlers<StudioAccountsHandlers>(logger, {
    async SignIn(req) {
      state.signIns.push({ email: req.email, client_address: req.client_address, user_agent: req.user_agent });
      if (state.throttleSeconds !== null) {
        return { outcome: 'throttled', session_token: '', retry_after_seconds: state.throttleSeconds, message: 'wait' };
      }
      const p = state.profiles.find((x) => x.email === req.email.toLowerCase());
      if (!p || p.password !== req.password) return refused('invalid', 'Incorrect email or password.');
      return signedIn(p);
    },
    async GetSession(req) {
      return sessionMessage(req.session_token, requireSession(req.session_token));
    },
    async SignOut(req) {
      return { ended: state.sessions.delete(req.session_token) ? 1 : 0 };
    },
    async SignOutEverywhere(req) {
      const s = requireSession(req.session_token);
      let ended = 0;
      for (const [token, other] of state.sessions) {
        if (other.profileId === s.profileId) {
          state.sessions.delete(token);
          ended++;
        }
      }
      return { ended };
    },
    async DescribeLink(req) {
      const id = state.links.get(req.link_token);
      const p = id && state.profiles.find((x) => x.id === id);
      return p ? { state: 'valid', kind: 'invite', email: p.email } : { state: 'invalid', kind: '', email: '' };
    },
    async SetPassword(req) {
      const id = state.links.get(req.link_token);
      const p = id && state.profiles.find((x) => x.id === id);
      if (!p) return refused('invalid_link', 'This link is invalid or has expired.');
      if ([...req.password].length < 12) return refused('weak_password', WEAK_PASSWORD_MESSAGE);
      state.links.delete(req.link_token);
      p.password = req.password;
      return signedIn(p);
    },
    async RequestPasswordReset() {
      return {};
    },
    async ListWorkspaces(req) {
      requireSession(req.session_token);
      return { workspaces: state.workspaces };
    },
    async ListTokens(req) {
      const s = requireSession(req.session_token);
      return { tokens: state.tokens.filter((t) => t.profile_id === s.profileId).map(info) };
    },
    async CreateToken(req) {
      const s = requireSession(req.session_token);
      if (req.name.length > 100) throw new AppError('invalid_input', 'The name is too long.');
      const ws = state.workspaces.find((w) => w.workspace_id === req.workspace_id);
      if (req.workspace_id && !ws) throw new AppError('invalid_input', 'Choose one of your workspaces.');
      const token: FakeToken = {
        profile_id: s.profileId,
        token_id: randomUUID(),
        name: req.name,
        prefix: randomBytes(6).toString('hex'),
        workspace_id: req.workspace_id,
        workspace_name: ws?.name ?? '',
        permission: req.read_only ? 'read_only' : 'read_write',
        created_at: new Date().toISOString(),
        last_used_at: '',
        expires_at: req.expires_at,
        revoked_at: '',
        previous_valid_until: '',
      };
      state.tokens.unshift(token);
      return { token: secret(), info: info(token) };
    },
    async RevokeToken(req) {
      const s = requireSession(req.session_token);
      const t = ownToken(s.profileId, req.token_id);
      t.revoked_at ||= new Date().toISOString();
      return info(t);
    },
    async RollToken(req) {
      const s = requireSession(req.session_token);
      const t = ownToken(s.profileId, req.token_id);
      if (t.revoked_at) throw new AppError('invalid_input', 'A revoked token cannot be rolled.');
      t.previous_valid_until = req.overlap_seconds > 0 ? new Date(Date.now() + req.overlap_seconds * 1000).toISOString() : '';
      return { token: secret(), info: info(t) };
    },
  });

  const keyring = new Map<string, KeyObject>([['console', publicKey]]);
  const server: GrpcServerHandle = await startGrpcServer(
    (s) => s.addService(loadProto(STUDIO_PROTO).studio.v1.StudioAccounts.service, handlers),
    0,
    '127.0.0.1',
    {},
    { audience: 'studio', keyring, allow: { 'studio.v1.StudioAccounts': ['console'] } },
  );
  return {
    ...state,
    get throttleSeconds() {
      return state.throttleSeconds;
    },
    set throttleSeconds(value: number | null) {
      state.throttleSeconds = value;
    },
    address: `127.0.0.1:${server.port}`,
    consoleKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    sessionFor: (profile) => newSession(profile).token,
    close: () => server.close(0),
  };
}
