/**
 * A real gRPC server implementing studio.v1.StudioInternal.AuthenticateToken from the proto, backed by a small
 * token table the test controls (add, revoke, change). Counts calls per token. Like studio, it admits only the
 * gateway's service tokens (signed with testKeys()' 'gateway' key, the key the harness gives the gateway).
 */
import { createPublicKey } from 'node:crypto';
import { AppError } from '@studio/errors';
import { loadProto, startGrpcServer, unaryHandlers, type GrpcServerHandle } from '@studio/grpc';
import { createLogger } from '@studio/logger';
import type { Role } from '@studio/identity';
import { STUDIO_PROTO, type StudioInternalHandlers } from '@studio/proto/studio';
import { testKeys } from '@studio/testkit/secrets';
import { currentContext, type CallContext } from '@studio/trace';

export interface FakeToken {
  profileId: string;
  tokenId: string;
  scopeWorkspaceId?: string | null;
  memberships?: Record<string, Role>;
  rateLimit?: number;
  readOnly?: boolean;
  /** ISO 8601: when the secret stops working (the gateway never caches past it). */
  validUntil?: string;
}

export interface FakeStudio {
  address: string;
  port: number;
  calls: Map<string, number>;
  /** The call context each AuthenticateToken handler ran in (request id and trace continued from the metadata). */
  contexts: CallContext[];
  totalCalls(): number;
  set(token: string, value: FakeToken): void;
  revoke(token: string): void;
  /** Delays every answer by `ms` (to observe request de-duplication). */
  delay(ms: number): void;
  close(): Promise<void>;
}

export async function startFakeStudio(tokens: Record<string, FakeToken> = {}): Promise<FakeStudio> {
  const table = new Map(Object.entries(tokens));
  const calls = new Map<string, number>();
  const contexts: CallContext[] = [];
  let delayMs = 0;
  const logger = createLogger({ service: 'fake-studio', level: 'silent' });
  const Service = loadProto(STUDIO_PROTO).studio.v1.StudioInternal;
  const handle: GrpcServerHandle = await startGrpcServer(
    (server) => {
      server.addService(
        Service.service,
        unaryHandlers<StudioInternalHandlers>(logger, {
          AuthenticateToken: async (req) => {
            calls.set(req.token, (calls.get(req.token) ?? 0) + 1);
            const ctx = currentContext();
            if (ctx) contexts.push(ctx);
            if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
            const t = table.get(req.token);
            if (!t) throw new AppError('unauthorized');
            return {
              profile_id: t.profileId,
              token_id: t.tokenId,
              scope_workspace_id: t.scopeWorkspaceId ?? '',
              memberships: Object.entries(t.memberships ?? {}).map(([workspace_id, role]) => ({ workspace_id, role })),
              rate_limit: t.rateLimit ?? 0,
              read_only: t.readOnly ?? false,
              valid_until: t.validUntil ?? '',
            };
          },
          GetShoot: async () => {
            throw new AppError('not_found');
          },
        }),
      );
    },
    0,
    '127.0.0.1',
    {},
    {
      audience: 'studio',
      keyring: new Map([['gateway', createPublicKey(testKeys().serviceKey('gateway'))]]),
      allow: { 'studio.v1.StudioInternal/AuthenticateToken': ['gateway'] },
    },
  );
  return {
    address: `127.0.0.1:${handle.port}`,
    port: handle.port,
    calls,
    contexts,
    totalCalls: () => [...calls.values()].reduce((a, b) => a + b, 0),
    set: (token, value) => void table.set(token, value),
    revoke: (token) => void table.delete(token),
    delay: (ms) => {
      delayMs = ms;
    },
    close: () => handle.close(100),
  };
}
