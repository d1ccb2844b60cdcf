/**
 * grpc.health.v1 for every server: the gRPC project's own implementation (grpc-health-check: Check, Watch and List,
 * a status per service name, "" being the whole server) behind a small reporter that also flips every known
 * service at once (NOT_SERVING on shutdown). Clients of the health service come from proto/grpc/health/v1 (typed).
 */
import type * as grpc from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import { HEALTH_PROTO, type HealthClient } from '@studio/proto/health';
import { loadProto } from './loader.js';

export type { ServingStatus };

/** The health service's full name: open to every caller, credentials or not. */
export const HEALTH_SERVICE_NAME = 'grpc.health.v1.Health';

export interface HealthReporter {
  set(service: string, status: ServingStatus): void;
  setAll(status: ServingStatus): void;
}

/** The typed client constructor of grpc.health.v1.Health (Check, Watch). */
export function loadHealthService(): new (...args: ConstructorParameters<typeof grpc.Client>) => HealthClient {
  return loadProto(HEALTH_PROTO).grpc.health.v1.Health;
}

/** Adds grpc.health.v1 to `server`, the whole server ("") SERVING; returns the reporter that changes statuses. */
export function addHealthService(server: grpc.Server): HealthReporter {
  const services = new Set<string>(['']);
  const health = new HealthImplementation({ '': 'SERVING' });
  health.addToServer(server);
  return {
    set(service, status) {
      services.add(service);
      health.setStatus(service, status);
    },
    setAll(status) {
      for (const service of services) health.setStatus(service, status);
    },
  };
}
