/** grpc.health.v1 Check and Watch, with a reporter to flip statuses (NOT_SERVING on shutdown). */
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { PROTO_ROOT } from './proto-root.js';

type Status = 'UNKNOWN' | 'SERVING' | 'NOT_SERVING' | 'SERVICE_UNKNOWN';

export interface HealthReporter {
  set(service: string, status: Status): void;
  setAll(status: Status): void;
}

export function loadHealthService(): grpc.ServiceClientConstructor {
  const def = protoLoader.loadSync(path.join(PROTO_ROOT, 'grpc/health/v1/health.proto'), { keepCase: true, enums: String, defaults: true });
  const pkg = grpc.loadPackageDefinition(def) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } };
  return pkg.grpc.health.v1.Health;
}

export function addHealthService(server: grpc.Server): HealthReporter {
  const statuses = new Map<string, Status>([['', 'SERVING']]);
  const watchers = new Map<string, Set<grpc.ServerWritableStream<{ service: string }, { status: Status }>>>();
  const notify = (service: string) => {
    for (const w of watchers.get(service) ?? []) w.write({ status: statuses.get(service) ?? 'SERVICE_UNKNOWN' });
  };
  server.addService(loadHealthService().service, {
    Check: (call: grpc.ServerUnaryCall<{ service: string }, { status: Status }>, cb: grpc.sendUnaryData<{ status: Status }>) => {
      const status = statuses.get(call.request.service);
      if (!status) cb({ code: grpc.status.NOT_FOUND, details: 'unknown service' });
      else cb(null, { status });
    },
    Watch: (call: grpc.ServerWritableStream<{ service: string }, { status: Status }>) => {
      const service = call.request.service;
      const set = watchers.get(service) ?? new Set();
      set.add(call);
      watchers.set(service, set);
      call.write({ status: statuses.get(service) ?? 'SERVICE_UNKNOWN' });
      call.on('cancelled', () => set.delete(call));
    },
  });
  return {
    set(service, status) {
      statuses.set(service, status);
      notify(service);
    },
    setAll(status) {
      for (const key of statuses.keys()) {
        statuses.set(key, status);
        notify(key);
      }
    },
  };
}
