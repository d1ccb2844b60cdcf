/**
 * What every deployable's core (its core.ts: everything but the listeners, which the operator CLI uses alone) starts
 * from: the process's name, its config, the logger and the metrics registry named after it. A service's core adds its
 * database, stores, services and outbox relay; `apiAppOptions` gives its HTTP app the skeleton options from them.
 */
import type { KeyObject } from 'node:crypto';
import type { OutboxRelay } from '@studio/amqp/outbox';
import type { HttpAppOptions, IdentityVerification } from '@studio/http/server';
import { createMetrics, type HttpMetrics } from '@studio/http/metrics';
import { createLogger, type Logger, type LoggerOptions } from '@studio/logger';

export interface ProcessCore<Config> {
  /** The process's name: the `service` of its log lines and metrics ('upload', 'upload-worker'). */
  name: string;
  config: Config;
  logger: Logger;
  /** The process's one metrics registry (HTTP, gRPC servers and clients, outbox, consumers), served at /metrics. */
  metrics: HttpMetrics;
}

/** What a core may be given in place of what it makes (tests). */
export interface CoreDeps {
  logger?: Logger;
}

export function createProcessCore<Config extends { logLevel: LoggerOptions['level'] }>(
  name: string,
  config: Config,
  deps: CoreDeps = {},
): ProcessCore<Config> {
  return { name, config, logger: deps.logger ?? createLogger({ service: name, level: config.logLevel }), metrics: createMetrics(name) };
}

/**
 * The skeleton options of a service's HTTP app (createApiApp of @studio/http): the core's logger and metrics, the
 * config's access log and cap on requests in flight (HTTP_MAX_IN_FLIGHT), and the gateway's signed identities verified
 * with `identityKey` (IDENTITY_PUBLIC_KEY) for the audience of the process's name.
 */
export function apiAppOptions(
  core: ProcessCore<{ accessLog: boolean; maxInFlight: number }>,
  identityKey: KeyObject,
): HttpAppOptions & { identity: IdentityVerification } {
  const { name, config, logger, metrics } = core;
  return {
    logger,
    metrics,
    accessLog: config.accessLog,
    maxInFlight: config.maxInFlight,
    identity: { publicKey: identityKey, audience: name },
  };
}

/**
 * What every domain service (a service's services/ layer) is built from, besides its own clients: the database, the
 * stores, the outbox relay's wake-up after a commit and the clock. Each service's services/deps.ts extends it.
 */
export interface ServiceDeps<Database, Stores> {
  db: Database;
  stores: Stores;
  /** Wakes the outbox relay after a commit. */
  events: Pick<OutboxRelay, 'nudge'>;
  /** The current time (injectable for tests). */
  now?: () => Date;
}

/** The clock of the services when no `now` is given. */
export const systemClock = (): Date => new Date();
