/**
 * Studio's accounts client (gRPC) and the console's services: everything of the console but its listeners. The
 * process definition (app.ts) builds on it. The console has no database: studio owns accounts, sessions and tokens.
 */
import { ServiceTokenSigner } from '@studio/grpc';
import { createProcessCore, type CoreDeps, type ProcessCore } from '@studio/process';
import type { ConsoleConfig } from './config.js';
import { StudioAccounts, type Accounts } from './grpc/studio-accounts.client.js';
import { createServices, type Services } from './services/index.js';

export interface ConsoleDeps extends CoreDeps {
  /** Studio's accounts; defaults to the gRPC client at STUDIO_GRPC_ADDR. */
  accounts?: Accounts;
}

export interface ConsoleCore extends ProcessCore<ConsoleConfig> {
  accounts: Accounts;
  services: Services;
  /** Closes the gRPC client. */
  close(): Promise<void>;
}

export function createConsoleCore(config: ConsoleConfig, deps: ConsoleDeps = {}): ConsoleCore {
  const base = createProcessCore('console', config, deps);
  // Calls to studio carry the console's service tokens, made for studio.
  const signer = new ServiceTokenSigner({ name: 'console', signingKey: config.serviceKey });
  const client = deps.accounts
    ? null
    : new StudioAccounts(config.studioGrpcAddr, {
        timeoutMs: config.grpcTimeoutMs,
        registry: base.metrics.registry,
        credentials: { signer, audience: 'studio' },
      });
  const accounts = deps.accounts ?? client!;
  const services = createServices({ accounts });
  return {
    ...base,
    accounts,
    services,
    async close() {
      client?.close();
    },
  };
}
